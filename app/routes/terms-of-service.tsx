import { LegalDocumentPage } from "~/components/legal-document";
import { legalDocumentsById } from "~/content/legal";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import type { Route } from "./+types/terms-of-service";

const doc = legalDocumentsById["terms-of-service"];

export const loader = originLoader;

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(doc.title, doc.summary, canonicalUrl(loaderData?.origin, location.pathname));

export default function TermsOfService() {
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
