import { LegalDocumentPage } from "~/components/legal-document";
import { legalDocumentsById, legalHeadings } from "~/content/legal";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import { requestClock } from "~/clock/page-clock.server";
import type { Route } from "./+types/contest-rules";

const heading = legalHeadings["contest-rules"];

export function loader(args: Route.LoaderArgs) {
  // The document names the current edition's facts (ADR 024).
  return { ...originLoader(args), edition: requestClock(args.context).edition };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(heading.title, heading.summary, canonicalUrl(loaderData?.origin, location.pathname));

export default function ContestRules({ loaderData }: Route.ComponentProps) {
  const doc = legalDocumentsById(loaderData.edition)["contest-rules"];
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
