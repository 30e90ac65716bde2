/**
 * Recognized organizations on /employer-recognition (issue 54): each tier
 * with the listed, approved organizations that earned it, highest first;
 * each logo at a fixed width and height (its proportions fitted into one
 * box, so the page never moves as it loads) with the organization's name as
 * its alternative text, or the name as text without a logo; linked to the
 * organization's website when it gave one. No script. No organization,
 * no section.
 */
import { recognizedLogoBox } from "~/content/organization-listing";
import type { TierGroup } from "~/organization/recognized.server";
import { fittedSize } from "./sponsor-logo";

type Organization = TierGroup["organizations"][number];

function Shown({ organization }: { organization: Organization }) {
  const content = organization.logo ? (
    <img
      src={organization.logo.src}
      alt={organization.name}
      {...fittedSize(organization.logo, recognizedLogoBox)}
      loading="lazy"
      decoding="async"
      className="h-auto max-w-full"
    />
  ) : (
    <span className="font-semibold text-brand-950 wrap-anywhere">{organization.name}</span>
  );
  return organization.website ? (
    <a
      href={organization.website}
      rel="noopener"
      className="inline-flex items-center rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {content}
    </a>
  ) : (
    content
  );
}

export function RecognizedOrganizations({
  id,
  title,
  lead,
  tiers,
}: {
  id: string;
  title: string;
  lead?: string;
  tiers: readonly TierGroup[];
}) {
  if (tiers.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-950">
        {title}
      </h2>
      {lead ? <p className="mt-2 text-slate-700">{lead}</p> : null}
      {tiers.map((group) => (
        <section
          key={group.tier.id}
          aria-labelledby={`${id}-${group.tier.id}`}
          className="mt-6"
          data-testid={`${id}-${group.tier.id}`}
        >
          <h3 id={`${id}-${group.tier.id}`} className="text-lg font-bold text-brand-900">
            {group.tier.name}
          </h3>
          <ul className="mt-3 flex flex-wrap items-center gap-x-8 gap-y-4">
            {group.organizations.map((organization) => (
              <li key={organization.organizationId} className="max-w-full">
                <Shown organization={organization} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
