import { Link } from "react-router";
import { OrganizationJsonLd } from "~/components/json-ld";
import { PageHero, Section } from "~/components/page";
import { faqGroupAnchor, faqGroupsFor, faqQuickLinks, type FaqItem } from "~/content/faq";
import { contactText, mailtoHref, site, type SiteContact } from "~/content/site";
import { useSiteContact } from "~/lib/site-contact";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { contentPageData } from "~/clock/page-clock.server";
import type { Route } from "./+types/faq";

export function loader(args: Route.LoaderArgs) {
  const { origin, edition, now } = contentPageData(args);
  return { origin, edition, now };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "FAQ & Help Center",
    "Answers about joining the Challenge, the Workforce Package, training, submissions, awards and support.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

/**
 * One question. Items of a group share a `name`, so the browser keeps one
 * open at a time with no script (exclusive <details>).
 */
function FaqEntry({ item, group, contact }: { item: FaqItem; group: string; contact: SiteContact }) {
  return (
    <details id={item.id} name={group} className="group rounded-xl border border-slate-200 bg-white">
      <summary className="flex min-h-11 items-center justify-between gap-4 px-5 py-4 font-semibold text-brand-950">
        <span>{item.question}</span>
        <span aria-hidden="true" className="text-xl leading-none text-brand-700 group-open:rotate-45">
          +
        </span>
      </summary>
      <div className="space-y-3 px-5 pb-5 text-slate-700">
        {item.paragraphs
          .map((paragraph) => contactText(paragraph, contact))
          .map((text) => (
            <p key={text}>{text}</p>
          ))}
        {item.list ? (
          <ul className="list-disc space-y-1 pl-6">
            {item.list.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        ) : null}
        {item.links ? (
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {item.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="font-medium text-brand-700 underline underline-offset-2">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const faqGroups = faqGroupsFor(loaderData.edition, new Date(loaderData.now));
  const contact = useSiteContact();
  return (
    <>
      <OrganizationJsonLd origin={loaderData.origin} />
      <PageHero
        eyebrow="Help Center"
        title="Frequently Asked Questions"
        lead="Everything about joining, enrolling your team, the training, submitting your project and getting help."
      >
        <a href={mailtoHref(contact.email)} className="btn-primary">
          Email Support
        </a>
        <Link to="/about#contact" className="btn-outline">
          Contact Us
        </Link>
      </PageHero>

      <nav aria-labelledby="faq-topics-heading" className="border-b border-slate-200 bg-slate-50">
        <div className="container-page py-6">
          <h2 id="faq-topics-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            Jump to a topic
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {faqGroups.map((group) => (
              <li key={group.title}>
                <a
                  href={`#${faqGroupAnchor(group.title)}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-brand-200 bg-white px-4 font-medium text-brand-800 hover:bg-brand-50"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>

      {faqGroups.map((group, index) => {
        const anchor = faqGroupAnchor(group.title);
        return (
          <Section key={group.title} id={anchor} title={group.title} tone={index % 2 === 0 ? "white" : "muted"}>
            <div className="max-w-3xl space-y-3" data-testid="faq-group">
              {group.items.map((item) => (
                <FaqEntry key={item.id} item={item} group={`faq-${anchor}`} contact={contact} />
              ))}
            </div>
          </Section>
        );
      })}

      <Section id="quick-links" title="Quick Links" lead="Go straight to the details.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {faqQuickLinks.map((card) => (
            <li key={card.href} className="card">
              <h3 className="text-lg font-semibold text-brand-950">
                <Link to={card.href} className="underline-offset-2 hover:underline">
                  {card.title}
                </Link>
              </h3>
              <p className="mt-2 text-slate-600">{card.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="still-need-help"
        title="Still need help?"
        tone="brand"
        lead={`Our team answers ${site.supportHours.label} and replies within ${site.responseTimeHours} hours.`}
      >
        <div className="flex flex-wrap gap-3">
          <a href={mailtoHref(contact.email)} className="btn-primary">
            Email Support
          </a>
          <Link to="/about#contact" className="btn-outline">
            Contact Us
          </Link>
        </div>
      </Section>
    </>
  );
}
