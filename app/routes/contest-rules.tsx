import { LegalDocumentPage } from "~/components/legal-document";
import { legalDocumentsById } from "~/content/legal";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import type { Route } from "./+types/contest-rules";

const doc = legalDocumentsById["contest-rules"];

export const loader = originLoader;

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(doc.title, doc.summary, canonicalUrl(loaderData?.origin, location.pathname));

export default function ContestRules() {
  return (
    <LegalDocumentPage
      doc={doc}
      related={[
        { href: "/submission-guidelines", label: "Submission Guidelines" },
        { href: "/register", label: "Register" },
        { href: "/legal", label: "All legal documents" },
      ]}
    />
  );
}
