/**
 * The dashboard's tier credential (issue 54, ADR 028): the organization's
 * recognition tier as a verifiable credential, its page, its badge, and the
 * HTML the organization pastes on its website. The snippet is a read-only
 * text area: selectable without JavaScript, with a copy button where it runs.
 */
import { formatMountain } from "~/clock/format";
import { TIER_BADGE_SIZE } from "~/content/credentials";
import type { TierCredentialView } from "~/organization/tier-credential.server";
import { SectionCard } from "../section-card";
import { CopyButton } from "./code-and-tier";

export function TierCredentialSection({ credential }: { credential: TierCredentialView | null }) {
  return (
    <SectionCard id="tier-credential" title="Your tier's credential">
      {credential ? (
        <>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
            <img
              src={credential.badgeSvg}
              alt={credential.alt}
              width={TIER_BADGE_SIZE}
              height={TIER_BADGE_SIZE}
              className="h-40 w-40 shrink-0"
              data-testid="tier-badge"
            />
            <div className="space-y-2 text-slate-700">
              <p>
                {`${credential.tierName}, issued ${formatMountain(new Date(credential.issuedAt), "date")}: an Open Badges 3.0 credential anyone can verify.`}
              </p>
              <p>
                <a
                  href={credential.path}
                  className="font-semibold text-brand-700 underline"
                  data-testid="tier-credential-link"
                >
                  {`View the ${credential.tierName} credential`}
                </a>
              </p>
              <p className="text-sm">
                Badge images: <a href={credential.badgeSvg}>SVG</a> · <a href={credential.badgePng}>PNG</a>
              </p>
            </div>
          </div>
          <label htmlFor="tier-snippet" className="mt-4 block font-semibold text-slate-800">
            HTML for your website (the badge, linking to the credential's page)
          </label>
          <textarea
            id="tier-snippet"
            data-testid="tier-snippet"
            readOnly
            rows={4}
            value={credential.snippet}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 font-mono text-sm text-slate-900"
          />
          <div className="mt-2">
            <CopyButton target="tier-snippet" />
          </div>
        </>
      ) : (
        <p className="mt-2 text-slate-700" data-testid="tier-credential-none">
          When your organization reaches a recognition tier, its credential appears here, with a badge and the HTML to
          show it on your website.
        </p>
      )}
    </SectionCard>
  );
}
