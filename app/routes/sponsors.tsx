import { Link } from "react-router";
import { CheckList, StatGrid } from "~/components/content-blocks";
import { Card, PageHero, Section } from "~/components/page";
import { milestoneOf } from "~/content/editions";
import { nextEditionPath } from "~/content/navigation";
import {
  customSponsorPackages,
  formatSponsorTierPrice,
  sponsorCategories,
  sponsorPaymentTerms,
  sponsorRegisterPath,
  sponsorTiers,
} from "~/content/pricing";
import { mailtoHref, telHref } from "~/content/site";
import { useSiteContact } from "~/lib/site-contact";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/format";
import { SponsorLogos } from "~/components/sponsor-logos";
import { archivedSponsorBox, sponsorPresenceText } from "~/content/sponsorship";
import { requestContext } from "~/context";
import { sponsorsPageData } from "~/sponsors/shown.server";
import type { Route } from "./+types/sponsors";

export async function loader(args: Route.LoaderArgs) {
  const { origin, edition, editionPhase, sponsorshipOpen, now } = contentPageData(args);
  // The approved sponsors by tier, then past editions' (issue 54): one cached read per isolate.
  const sponsors = await sponsorsPageData(args.context.get(requestContext).env, new Date(now));
  return { origin, edition, editionPhase, sponsorshipOpen, sponsors };
}

export const meta = contentMeta(
  "Sponsors",
  "Sponsor Idaho's statewide AI upskilling Challenge: Platinum, Gold, Silver and Bronze tiers, and who each one suits.",
);

export default function Sponsors({ loaderData }: Route.ComponentProps) {
  const { sponsorshipOpen, editionPhase, sponsors } = loaderData;
  const edition = loaderData.edition;
  const { goals, finalsVenue } = edition;
  const over = editionPhase === "afterFinals";
  const reach = [
    { value: `${goals.participants}+`, label: `Participants ${over ? "targeted" : "expected"} in the ${edition.name}` },
    { value: `${goals.organizations}+`, label: `Organizations ${over ? "targeted" : "expected"}` },
    { value: `${goals.projectSubmissions}+`, label: `Project submissions ${over ? "targeted" : "expected"}` },
    {
      value: formatMountain(milestoneOf(edition, "finals").start, "monthDay"),
      label: `${finalsVenue.name}, ${finalsVenue.city}${over ? " (held)" : ""}`,
    },
  ];
  const contact = useSiteContact();
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

      {sponsors.current.length > 0 ? (
        <div className="section">
          <div className="container-page space-y-8">
            <header>
              <h2 className="text-2xl font-bold text-brand-950">{sponsorPresenceText.sponsorsTitle(edition.name)}</h2>
              <p className="mt-1 text-slate-700">{sponsorPresenceText.sponsorsLead}</p>
            </header>
            {sponsorTiers.map((tier) => (
              <SponsorLogos
                key={tier.id}
                id={`sponsors-${tier.id}`}
                title={tier.name}
                headingLevel={3}
                sponsors={sponsors.current.filter((s) => s.tier === tier.id)}
              />
            ))}
          </div>
        </div>
      ) : null}

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
        lead={
          sponsorshipOpen
            ? "Four levels of support, each with its own benefits."
            : `Sponsorships for the ${edition.name} have closed. The tiers below show what sponsors receive; leave your address to hear when the next edition's sponsorships open.`
        }
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
              {sponsorshipOpen ? (
                <Link to={sponsorRegisterPath(tier.id)} className="btn-secondary mt-6">
                  {`Become a ${tier.name} sponsor`}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="mt-8 max-w-3xl space-y-2 text-slate-700">
          {sponsorshipOpen ? null : (
            <p>
              <Link to={`${nextEditionPath}?interest=sponsor`} className="btn-primary">
                Hear about the next edition&apos;s sponsorships
              </Link>
            </p>
          )}
          <p>
            {`${customSponsorPackages} Write to `}
            <a href={mailtoHref(contact.email)} className="font-semibold text-brand-700 underline">
              {contact.email}
            </a>
            {" or call "}
            <a href={telHref(contact.phone)} className="font-semibold text-brand-700 underline">
              {contact.phone}
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

      {sponsors.archive.map(({ editionId, sponsors: past }) => (
        <div key={editionId} className="section">
          <div className="container-page">
            <SponsorLogos
              id={`sponsors-archive-${editionId}`}
              title={sponsorPresenceText.archiveTitle(editionId)}
              sponsors={past}
              box={archivedSponsorBox}
            />
          </div>
        </div>
      ))}
    </>
  );
}
