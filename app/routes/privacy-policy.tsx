import { LegalDocumentPage } from "~/components/legal-document";
import { privacyPolicy } from "~/content/legal";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import type { Route } from "./+types/privacy-policy";

const doc = privacyPolicy;

export const loader = originLoader;

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(doc.title, doc.summary, canonicalUrl(loaderData?.origin, location.pathname));

export default function PrivacyPolicy() {
  return (
    <LegalDocumentPage
      doc={doc}
      related={[
        { href: "/legal", label: "Back to Legal" },
        { href: "/terms-of-service", label: "Terms of Service" },
        { href: "/contact", label: "Contact us" },
      ]}
    />
  );
}
