/**
 * Approved sponsors on the public pages (issue 54): each logo at fixed
 * width and height (its proportions fitted into its tier's box, so the page
 * never moves as it loads), the sponsor's name as its alternative text,
 * linked to the sponsor's website when it gave one. No script. A list with
 * no sponsor renders nothing: the section simply does not appear.
 */
import { sponsorPresenceByTier } from "~/content/sponsorship";
import type { ShownSponsor } from "~/sponsors/shown.server";
import { SponsorLogo, type Box } from "./sponsor-logo";

/** One placement's sponsors under a heading, or nothing when there are none. */
export function SponsorLogos({
  id,
  title,
  lead,
  sponsors,
  box,
  headingLevel = 2,
  className = "",
  tone = "light",
}: {
  id: string;
  title: string;
  lead?: string;
  sponsors: readonly ShownSponsor[];
  /** Every logo in this box; by default each tier's own. */
  box?: Box;
  headingLevel?: 2 | 3;
  className?: string;
  tone?: "light" | "dark";
}) {
  if (sponsors.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingClass = tone === "dark" ? "text-white" : "text-brand-950";
  return (
    <section aria-labelledby={`${id}-title`} className={className} data-testid={id}>
      <Heading id={`${id}-title`} className={`text-lg font-bold ${headingClass}`}>
        {title}
      </Heading>
      {lead ? <p className={tone === "dark" ? "mt-1 text-slate-300" : "mt-1 text-slate-700"}>{lead}</p> : null}
      <ul className="mt-4 flex flex-wrap items-center gap-x-8 gap-y-4">
        {sponsors.map((sponsor) => (
          <li key={sponsor.sponsorshipId} className={tone === "dark" ? "rounded-md bg-white p-2" : ""}>
            <SponsorLogo sponsor={sponsor} box={box ?? sponsorPresenceByTier[sponsor.tier].box} />
          </li>
        ))}
      </ul>
    </section>
  );
}
