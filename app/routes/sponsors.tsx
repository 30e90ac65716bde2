import { Link } from "react-router";
import { CheckList, StatGrid } from "~/components/content-blocks";
import { Card, PageHero, Section } from "~/components/page";
import { FINALS_DAY, finalsVenue } from "~/content/dates";
import {
  customSponsorPackages,
  formatSponsorTierPrice,
  sponsorCategories,
  sponsorPaymentTerms,
  sponsorTiers,
} from "~/content/pricing";
import { goals2026 } from "~/content/program";
import { site } from "~/content/site";
import { originLoader } from "~/lib/meta";
import { contentMeta } from "~/lib/content-meta";
import { formatMountain } from "~/lib/schedule";

export const loader = originLoader;

export const meta = contentMeta(
  "Sponsors",
  "Sponsor Idaho's statewide AI upskilling Challenge: Platinum, Gold, Silver and Bronze tiers, and who each one suits.",
);

const reach = [
  { value: `${goals2026.participants}+`, label: "Participants expected in 2026" },
  { value: `${goals2026.organizations}+`, label: "Organizations expected" },
  { value: `${goals2026.projectSubmissions}+`, label: "Project submissions expected" },
  { value: formatMountain(FINALS_DAY, "monthDay"), label: `${finalsVenue.name}, ${finalsVenue.city}` },
];

export default function Sponsors() {
  return (
    <>
      <PageHero
        eyebrow="Sponsors"
        title="Sponsor Idaho's AI workforce"
        lead="Put your name behind the statewide Challenge that teaches Idaho's employees to use AI at work, and meet the people who finish it."
      >
        <a href="#tiers" className="btn-primary">
          View Sponsorship Tiers
        </a>
        <Link to="/why-sponsor" className="btn-outline">
          Why sponsor
        </Link>
      </PageHero>

      <Section
        id="why-sponsor"
        title="Why sponsor"
        lead="Sponsors reach the participants, employers and communities building Idaho's AI skills, from the first training stage to the finals stage."
      >
        <StatGrid stats={reach} />
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {sponsorCategories.map((c) => (
            <Card key={c.id} title={c.name}>
              {c.description}
            </Card>
          ))}
        </div>
        <p className="mt-8">
          <Link to="/why-sponsor" className="font-semibold text-brand-700 underline">
            All the benefits of sponsoring
          </Link>
        </p>
      </Section>

      <Section
        id="tiers"
        tone="muted"
        title="Sponsorship tiers"
        lead="Four levels of support, each with its own benefits."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {sponsorTiers.map((tier) => (
            <li key={tier.id} className={`card flex flex-col ${tier.badge ? "ring-2 ring-accent-500" : ""}`}>
              {tier.badge ? (
                <p className="mb-2 self-start rounded-full bg-accent-300 px-2.5 py-0.5 text-xs font-bold text-brand-950">
                  {tier.badge}
                </p>
              ) : null}
              <h3 className="text-xl font-bold text-brand-950">{tier.name}</h3>
              <p className="mt-1 text-3xl font-extrabold text-brand-800">{formatSponsorTierPrice(tier)}</p>
              <CheckList className="mt-4 flex-1 text-slate-700" items={tier.benefits} />
              <Link to="/sponsor-register" className="btn-secondary mt-6">
                {`Become a ${tier.name} sponsor`}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 max-w-3xl space-y-2 text-slate-700">
          <p>
            {`${customSponsorPackages} Write to `}
            <a href={site.contactEmailHref} className="font-semibold text-brand-700 underline">
              {site.contactEmail}
            </a>
            {" or call "}
            <a href={site.phoneHref} className="font-semibold text-brand-700 underline">
              {site.phone}
            </a>
            .
          </p>
          <p>
            {`Sponsor fees are due ${sponsorPaymentTerms.dueDaysFromInvoice} days from invoice; the sponsor agreement ends ${sponsorPaymentTerms.agreementEndsDaysAfterChallenge} days after the Challenge. `}
            <Link to="/sponsor-agreement" className="font-semibold text-brand-700 underline">
              Read the sponsor agreement
            </Link>
            .
          </p>
        </div>
      </Section>
    </>
  );
}
