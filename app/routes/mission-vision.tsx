import { Link } from "react-router";
import { OrganizationJsonLd } from "~/components/json-ld";
import { Card, PageHero, Section } from "~/components/page";
import { coreValues, impactByAudience, mission, strategicGoals, vision } from "~/content/mission";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { requestClock } from "~/clock/page-clock.server";
import { originLoader } from "~/lib/origin-loader.server";
import type { Route } from "./+types/mission-vision";

export function loader(args: Route.LoaderArgs) {
  // The strategic goals' targets are the current edition's.
  return { ...originLoader(args), edition: requestClock(args.context).edition };
}

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "Mission & Vision",
    "The Idaho AI Challenge's mission, its vision for 2026–2030, its core values and its strategic goals.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

export default function MissionVision({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <OrganizationJsonLd origin={loaderData.origin} />
      <PageHero eyebrow="About" title="Mission & Vision" lead={mission.statement} />

      <Section id="mission" title="Our Mission" lead={mission.detail}>
        <blockquote className="max-w-3xl border-l-4 border-accent-400 pl-6 text-xl text-brand-950">
          {mission.statement}
        </blockquote>
      </Section>

      <Section id="vision" title="Our Vision" tone="muted" lead={vision.statement}>
        <div className="grid gap-6 md:grid-cols-2">
          {vision.horizons.map((horizon) => (
            <Card key={horizon.id} title={`${horizon.label}: ${horizon.years.from}–${horizon.years.to}`}>
              <ul className="mt-2 list-disc space-y-2 pl-5">
                {horizon.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="core-values" title="Core Values">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {coreValues.map((value) => (
            <li key={value.name}>
              <Card title={value.name} className="h-full">
                <p>{value.description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="strategic-goals"
        title="Strategic Goals"
        tone="muted"
        lead={
          <Link to="/impact" className="font-semibold text-brand-700 underline">
            See how the Challenge is doing against its goals
          </Link>
        }
      >
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {strategicGoals(loaderData.edition).map((goal, index) => (
            <li key={goal.title} className="card">
              <h3 className="text-lg font-semibold text-brand-950">
                {`Goal ${index + 1}: `}
                {goal.title}
              </h3>
              <p className="mt-2 text-slate-600">{goal.description}</p>
              <p className="mt-3 font-semibold text-brand-800">
                <span className="sr-only">Metric: </span>
                {goal.metric}
              </p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="impact" title="Our Impact">
        <div className="grid gap-6 md:grid-cols-3">
          {impactByAudience.map((group) => (
            <Card key={group.audience} title={group.audience}>
              <ul className="mt-2 list-disc space-y-2 pl-5">
                {group.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="get-involved" title="Get Involved" tone="brand" lead="Find your place in the Challenge.">
        <div className="flex flex-wrap gap-3">
          <Link to="/why-join" className="btn-primary">
            For Employees
          </Link>
          <Link to="/workforce-package" className="btn-outline">
            For Organizations
          </Link>
          <Link to="/why-sponsor" className="btn-outline">
            For Sponsors
          </Link>
        </div>
      </Section>
    </>
  );
}
