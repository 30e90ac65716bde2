import { LegalDocumentPage } from "~/components/legal-document";
import { legalDocumentsById, legalHeadings, sponsorSignatureBlocks } from "~/content/legal";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import { requestClock } from "~/clock/page-clock.server";
import type { Route } from "./+types/sponsor-agreement";

const heading = legalHeadings["sponsor-agreement"];

export function loader(args: Route.LoaderArgs) {
  // The document names the current edition's facts (ADR 024).
  return { ...originLoader(args), edition: requestClock(args.context).edition };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(heading.title, heading.summary, canonicalUrl(loaderData?.origin, location.pathname));

export default function SponsorAgreement({ loaderData }: Route.ComponentProps) {
  const doc = legalDocumentsById(loaderData.edition)["sponsor-agreement"];
  return (
    <LegalDocumentPage
      doc={doc}
      related={[
        { href: "/sponsors", label: "Sponsorship Tiers" },
        { href: "/contact", label: "Contact us" },
        { href: "/legal", label: "All legal documents" },
      ]}
    >
      <section id="signatures" aria-labelledby="signatures-heading" className="pt-6">
        <h2 id="signatures-heading" className="text-2xl font-bold text-brand-950">
          Signatures
        </h2>
        <p className="mt-3">Signed by the authorized representatives of both parties.</p>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {sponsorSignatureBlocks.map((block) => (
            <div key={block.party} className="card" data-testid="signature-block">
              <h3 className="text-lg font-semibold text-brand-950">{block.party}</h3>
              <dl className="mt-4 space-y-4">
                {block.fields.map((field) => (
                  <div key={field}>
                    <dt className="text-sm font-medium text-slate-700">{field}</dt>
                    <dd className="mt-1 h-8 border-b border-slate-400">
                      <span className="sr-only">(blank, to be completed)</span>
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </section>
    </LegalDocumentPage>
  );
}
