import { Link } from "react-router";
import { Card, PageHero, Section } from "~/components/page";
import { milestoneOf } from "~/content/editions";
import { nextEditionPath } from "~/content/navigation";
import {
  customSponsorPackages,
  formatSponsorTierPrice,
  sponsorCategories,
  sponsorRegisterPath,
  sponsorTiers,
} from "~/content/pricing";
import { mailtoHref, site, telHref } from "~/content/site";
import { useSiteContact } from "~/lib/site-contact";
import { sponsorBenefits, tripleImpact, whySponsorNow } from "~/content/sponsorship";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { contentPageData } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/format";
import { SponsorLogos } from "~/components/sponsor-logos";
import { sponsorPresenceText } from "~/content/sponsorship";
import { requestContext } from "~/context";
import { placedSponsors } from "~/sponsors/shown.server";
import type { Route } from "./+types/why-sponsor";

export async function loader(args: Route.LoaderArgs) {
  const { origin, edition, sponsorshipOpen, now } = contentPageData(args);
  const sponsors = await placedSponsors(args.context.get(requestContext).env, new Date(now), "why-sponsor");
  return { origin, edition, sponsorshipOpen, sponsors };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "Why Sponsor",
    "Why sponsor the Idaho AI Challenge: brand visibility, AI-ready talent and impact across Idaho, with four investment levels.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

export default function WhySponsor({ loaderData }: Route.ComponentProps) {
  const { sponsorshipOpen } = loaderData;
  const edition = loaderData.edition;
  const { finalsVenue } = edition;
  const contact = useSiteContact();
  return (
    <>
      <PageHero
        eyebrow="Sponsors"
        title="Why Sponsor the Challenge"
        lead="Put your organization behind Idaho's AI workforce: support people learning to use AI at work, and meet them as they prove it."
      >
        <Link to="/sponsors" className="btn-primary">
          View Sponsorship Tiers
        </Link>
        <a href={mailtoHref(contact.email)} className="btn-outline">
          Contact Us
        </a>
      </PageHero>

      <Section id="benefits" title="Sponsor Benefits" lead="What your sponsorship brings your organization.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {sponsorBenefits.map((benefit) => (
            <li key={benefit.title}>
              <Card title={benefit.title} className="h-full">
                <p>{benefit.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="who-should-sponsor" title="Who Should Sponsor" tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {sponsorCategories.map((category) => (
            <li key={category.id}>
              <Card title={category.name} className="h-full">
                <p>{category.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="triple-impact" title="Triple Impact" lead="One sponsorship, three beneficiaries.">
        <ol className="grid gap-6 md:grid-cols-3">
          {tripleImpact.map((impact) => (
            <li key={impact.title}>
              <Card title={impact.title} className="h-full">
                <p>{impact.body}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="investment-levels" title="Sponsorship Investment Levels" tone="muted" lead={customSponsorPackages}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {sponsorTiers.map((tier) => (
            <li key={tier.id} className="card flex flex-col">
              <h3 className="text-lg font-semibold text-brand-950">
                {tier.name}
                {tier.badge ? (
                  <span className="ml-2 rounded-full bg-accent-300 px-2 py-0.5 text-xs font-bold text-brand-950">
                    {tier.badge}
                  </span>
                ) : null}
              </h3>
              <p className="mt-2 text-3xl font-extrabold text-brand-800">{formatSponsorTierPrice(tier)}</p>
              <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-slate-600">
                {tier.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              {sponsorshipOpen ? (
                <Link to={sponsorRegisterPath(tier.id)} className="btn-secondary mt-6">
                  {`Become a ${tier.name} sponsor`}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/sponsors" className="btn-secondary">
            View Detailed Benefits
          </Link>
        </p>
      </Section>

      <Section id="why-now" title="Why Sponsor Now">
        {sponsorshipOpen ? (
          <ul className="max-w-3xl list-disc space-y-3 pl-6 text-lg text-slate-700">
            {whySponsorNow(edition).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : (
          <div className="max-w-3xl space-y-4 text-lg text-slate-700">
            <p>{`Sponsorships for the ${edition.name} have closed. The next edition will open its sponsorships with its dates.`}</p>
            <p>
              <Link to={`${nextEditionPath}?interest=sponsor`} className="btn-secondary">
                Hear when sponsorships open
              </Link>
            </p>
          </div>
        )}
      </Section>

      {loaderData.sponsors.length > 0 ? (
        <div className="section">
          <div className="container-page">
            <SponsorLogos
              id="why-sponsor-sponsors"
              title={sponsorPresenceText.whySponsorTitle}
              sponsors={loaderData.sponsors}
            />
          </div>
        </div>
      ) : null}

      <Section
        id="get-in-touch"
        title="Let's talk sponsorship"
        tone="brand"
        lead={
          sponsorshipOpen
            ? `Reach us before the ${finalsVenue.name} on ${formatMountain(milestoneOf(edition, "finals").start, "longDate")}: we answer within ${site.responseTimeHours} hours.`
            : `Talk to us about sponsoring the next edition: we answer within ${site.responseTimeHours} hours.`
        }
      >
        <div className="flex flex-wrap gap-3">
          <a href={mailtoHref(contact.email)} className="btn-primary">
            Email {contact.email}
          </a>
          <a href={telHref(contact.phone)} className="btn-outline">
            Call {contact.phone}
          </a>
        </div>
      </Section>
    </>
  );
}
