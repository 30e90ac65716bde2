import { Link } from "react-router";
import { CheckList, StatGrid } from "~/components/content-blocks";
import { Card, PageHero, Section } from "~/components/page";
import { individualStats } from "~/content/claims";
import { finalsSentence } from "~/content/phases";
import { audiences, credentialsNote, finalistCredential, finalsAwards, programLength } from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import type { Route } from "./+types/why-join";

export function loader(args: Route.LoaderArgs) {
  const { origin, edition, editionPhase, enrollment } = contentPageData(args);
  return { origin, edition, editionPhase, enrollment };
}

export const meta = contentMeta(
  "Why Join",
  "What the Challenge does for you: measurable impact at work, a statewide professional network and recognition at the finals.",
);

export default function WhyJoin({ loaderData }: Route.ComponentProps) {
  const { editionPhase, enrollment } = loaderData;
  const edition = loaderData.edition;
  const { goals, finalsVenue } = edition;
  // "Enroll Now" only while enrollment is open; the link still leads to /employees.
  const enrollLabel = enrollment === "open" ? "Enroll Now" : "How to join";
  return (
    <>
      <PageHero
        eyebrow="For Employees"
        title="Why join the Challenge"
        lead="Learn AI on your own real work, prove what you can do with it, and meet the people across Idaho doing the same."
      >
        <Link to="/employees" className="btn-primary">
          {enrollLabel}
        </Link>
        <Link to="/training" className="btn-outline">
          View Training Details
        </Link>
      </PageHero>

      <Section
        id="measurable-impact"
        title="Measurable Impact"
        lead="The organizers' figures for what participants gain."
      >
        <StatGrid stats={individualStats} />
      </Section>

      <Section
        id="professional-network"
        tone="muted"
        title="Professional Network"
        lead={
          editionPhase === "afterFinals"
            ? `Join a statewide community: the ${edition.name} set out to bring together ${goals.participants}+ participants from ${goals.organizations}+ organizations.`
            : `Join a statewide community: the organizers expect ${goals.participants}+ participants from ${goals.organizations}+ organizations in the ${edition.name}.`
        }
      >
        <div className="grid gap-6 md:grid-cols-3">
          <Card title="Peers across Idaho">
            Work alongside employees and entrepreneurs from every kind of organization, and compare how each of you puts
            AI to work.
          </Card>
          <Card title="Judges and advisors">
            Judges score your project, and the Challenge's advisory board brings together industry experts, academic
            leaders and business leaders.
          </Card>
          <Card title={`The ${finalsVenue.name}`}>
            {`Finalists present their projects during ${finalsVenue.event}. ${finalsSentence(edition, editionPhase)}.`}
          </Card>
        </div>
      </Section>

      <Section id="who-should-join" title="Who Should Join" lead="No prior AI experience needed.">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {audiences.individuals.segments.map((segment) => (
            <li key={segment} className="card font-semibold text-brand-950">
              {segment}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="how-it-benefits-you" tone="muted" title="How the Competition Benefits You">
        <CheckList
          className="max-w-3xl text-slate-700"
          items={[
            "Three certifications you earn stage by stage, while you work",
            credentialsNote,
            `A path to the ${finalistCredential.name} credential for finalists`,
            `Awards at the finals, including ${finalsAwards
              .slice(0, 3)
              .map((a) => a.name)
              .join(", ")}`,
            `A program that fits a working week: ${programLength.weeks} weeks at ${programLength.hoursPerWeek.min}–${programLength.hoursPerWeek.max} hours a week`,
          ]}
        />
      </Section>

      <Section id="get-started" tone="brand" title="Take the next step">
        <div className="flex flex-wrap gap-3">
          <Link to="/employees" className="btn-primary">
            {enrollLabel}
          </Link>
          <Link to="/training" className="btn-outline">
            View Training Details
          </Link>
        </div>
      </Section>
    </>
  );
}
