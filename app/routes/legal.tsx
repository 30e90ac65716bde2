import { Link } from "react-router";
import { hasLegalDates, LegalDates } from "~/components/legal-document";
import { PageHero } from "~/components/page";
import { legalDocuments } from "~/content/legal";
import { mailtoHref } from "~/content/site";
import { useSiteContact } from "~/lib/site-contact";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { originLoader } from "~/lib/origin-loader.server";
import { requestClock } from "~/clock/page-clock.server";
import type { Route } from "./+types/legal";

export function loader(args: Route.LoaderArgs) {
  // The contest rules, terms and sponsor agreement name the current edition's facts (ADR 024).
  return { ...originLoader(args), edition: requestClock(args.context).edition };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "Legal",
    "The Challenge's contest rules, terms of service, privacy policy and sponsor agreement.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

export default function Legal({ loaderData }: Route.ComponentProps) {
  const contact = useSiteContact();
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title="Legal Information"
        lead="The rules of the competition and the terms that apply when you use this site, register or sponsor."
      />
      <section aria-labelledby="documents-heading" className="section">
        <div className="container-page">
          <h2 id="documents-heading" className="section-title">
            Documents
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {legalDocuments(loaderData.edition).map((doc) => (
              <li key={doc.id} className="card flex flex-col">
                <h3 className="text-xl font-semibold text-brand-950">
                  <Link to={doc.path} className="underline-offset-2 hover:underline">
                    {doc.title}
                  </Link>
                </h3>
                <p className="mt-2 text-slate-600">{doc.summary}</p>
                {hasLegalDates(doc) ? (
                  <div className="mt-3 text-sm text-slate-600">
                    <LegalDates doc={doc} />
                  </div>
                ) : null}
                <p className="mt-1 text-sm text-slate-600">{doc.sections.length} sections</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 max-w-3xl text-slate-600">
            Questions about any of these documents? Email{" "}
            <a href={mailtoHref(contact.email)} className="text-brand-700 underline">
              {contact.email}
            </a>{" "}
            or{" "}
            <Link to="/contact" className="text-brand-700 underline">
              send us a message
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}
