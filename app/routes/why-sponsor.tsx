import { Link } from "react-router";
import { Card, PageHero, Section } from "~/components/page";
import { finalsVenue } from "~/content/dates";
import { customSponsorPackages, formatSponsorTierPrice, sponsorCategories, sponsorTiers } from "~/content/pricing";
import { site } from "~/content/site";
import { sponsorBenefits, sponsorFinalsDay, tripleImpact, whySponsorNow } from "~/content/sponsorship";
import { canonicalUrl, originLoader, pageMeta } from "~/lib/meta";
import { formatMountain } from "~/lib/schedule";
import type { Route } from "./+types/why-sponsor";

export const loader = originLoader;

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "Why Sponsor",
    "Why sponsor the Idaho AI Challenge: brand visibility, AI-ready talent and impact across Idaho, with four investment levels.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

export default function WhySponsor() {
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
        <a href={site.contactEmailHref} className="btn-outline">
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
              <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-600">
                {tier.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
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
        <ul className="max-w-3xl list-disc space-y-3 pl-6 text-lg text-slate-700">
          {whySponsorNow.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </Section>

      <Section
        id="get-in-touch"
        title="Let's talk sponsorship"
        tone="brand"
        lead={`Reach us before the ${finalsVenue.name} on ${formatMountain(sponsorFinalsDay, "longDate")}: we answer within ${site.responseTimeHours} hours.`}
      >
        <div className="flex flex-wrap gap-3">
          <a href={site.contactEmailHref} className="btn-primary">
            Email {site.contactEmail}
          </a>
          <a href={site.phoneHref} className="btn-outline">
            Call {site.phone}
          </a>
        </div>
      </Section>
    </>
  );
}
