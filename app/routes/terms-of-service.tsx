import { LegalDocumentPage } from "~/components/legal-document";
import { legalDocumentsById, legalHeadings } from "~/content/legal";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import { requestClock } from "~/clock/page-clock.server";
import type { Route } from "./+types/terms-of-service";

const heading = legalHeadings["terms-of-service"];

export function loader(args: Route.LoaderArgs) {
  // The document names the current edition's facts (ADR 024).
  return { ...originLoader(args), edition: requestClock(args.context).edition };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(heading.title, heading.summary, canonicalUrl(loaderData?.origin, location.pathname));

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const doc = legalDocumentsById(loaderData.edition)["terms-of-service"];
  return (
    <LegalDocumentPage
      doc={doc}
      related={[
        { href: "/privacy-policy", label: "Privacy Policy" },
        { href: "/contest-rules", label: "Contest Rules" },
        { href: "/legal", label: "All legal documents" },
      ]}
    />
  );
}
