import { Link } from "react-router";
import { Card, EnrollmentCta, PageHero, Section, StatusPill } from "~/components/page";
import { milestonesById } from "~/content/editions";
import { phaseSummary } from "~/content/phases";
import { homeDeadlineIds, homeHero, homeSections } from "~/content/home";
import { individualStats } from "~/content/claims";
import { formatUsd, plans, pricingPhaseLabels } from "~/content/pricing";
import { awards, finalistCredential, finalsAwards, howItWorks, learningStages, formatRange } from "~/content/program";
import { site } from "~/content/site";
import { EditionResults } from "~/components/edition-results";
import { hasResults } from "~/judging/published";
import { pageResults } from "~/judging/published.server";
import { requestContext } from "~/context";
import { FinalsEventJsonLd, OrganizationJsonLd } from "~/components/json-ld";
import { NextEditionForm } from "~/components/next-edition-form";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { nextMilestone } from "~/clock/schedule";
import { formatMilestoneDate, formatMilestoneTime } from "~/clock/format";
import { SponsorLogos } from "~/components/sponsor-logos";
import { sponsorPresenceText } from "~/content/sponsorship";
import { placedSponsors } from "~/sponsors/shown.server";
import type { Route } from "./+types/home";

export const meta = contentMeta(site.name, site.tagline);

export async function loader(args: Route.LoaderArgs) {
  const page = contentPageData(args);
  const { env } = args.context.get(requestContext);
  const [results, sponsors] = await Promise.all([
    // Published to the database by the organizers (ADR 015); empty until then.
    pageResults(env, page),
    // The Platinum and Gold sponsors, each in its tier's box (issue 54): one cached read per isolate, shared with the footer.
    placedSponsors(env, new Date(page.now), "home"),
  ]);
  return {
    ...page,
    results,
    sponsors,
    // A period already under way (the creation period) is not "next".
    nextDeadlineId: nextMilestone(new Date(page.now), page.edition.milestones, { includeCurrent: false })?.id ?? null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { phase, enrollment, statuses, nextDeadlineId, editionPhase } = loaderData;
  const { edition } = loaderData;
  const milestones = milestonesById(edition);
  const deadlines = homeDeadlineIds.map((id) => ({ id, status: statuses[id] }));
  const next = nextDeadlineId ? milestones[nextDeadlineId] : null;
  const open = enrollment === "open";
  return (
    <>
      <OrganizationJsonLd origin={loaderData.origin} />
      <FinalsEventJsonLd origin={loaderData.origin} edition={edition} />
      <PageHero eyebrow={homeHero.eyebrow} title={homeHero.title} lead={<p>{homeHero.lead}</p>}>
        {editionPhase === "showcase" ? (
          // While the public votes, the projects are what a visitor can see and do (issue 25).
          <Link to="/showcase" className="btn-primary" data-testid="showcase-link">
            See the projects and vote
          </Link>
        ) : null}
        {open ? (
          <EnrollmentCta state={enrollment} to={homeHero.primaryCta.href} closedClassName="text-white">
            {homeHero.primaryCta.label}
          </EnrollmentCta>
        ) : null}
        <Link to={homeHero.secondaryCta.href} className="btn-outline text-white">
          {homeHero.secondaryCta.label}
          <span className="sr-only"> {homeHero.secondaryCta.context}</span>
        </Link>
        {open ? null : (
          // Its own row: the row breaks on the clamped flex basis, so basis-full
          // with max-w-2xl on the same box (672 px) still fitted beside the
          // button. The full-width box wraps; the inner one keeps the measure (#23).
          <div className="basis-full" data-testid="hero-next-edition">
            <div className="max-w-2xl text-slate-900">
              <p className="mb-4 text-lg font-semibold text-white">{phaseSummary(editionPhase, edition.name)}</p>
              <NextEditionForm interest="participant" headingLevel={2} id="next-edition-home" />
            </div>
          </div>
        )}
      </PageHero>

      <div className="border-b border-slate-200 bg-accent-300/30">
        <p className="container-page py-3 text-center text-sm font-medium text-brand-950" data-testid="next-deadline">
          {next ? (
            <>
              Next: <strong>{next.title}</strong> — {formatMilestoneDate(next)}
              {formatMilestoneTime(next) ? `, ${formatMilestoneTime(next)}` : ""}.{" "}
              <Link to="/timeline" className="underline">
                See the full timeline
              </Link>
            </>
          ) : (
            <>
              {phaseSummary(editionPhase, edition.name)}{" "}
              <Link to="/timeline" className="underline">
                Look back at the timeline
              </Link>{" "}
              or{" "}
              <Link to="/next-edition" className="underline">
                hear about the next edition
              </Link>
              .
            </>
          )}
        </p>
      </div>

      {loaderData.sponsors.length > 0 ? (
        <div className="border-b border-slate-200 bg-white py-8">
          <div className="container-page">
            <SponsorLogos id="home-sponsors" title={sponsorPresenceText.homeTitle} sponsors={loaderData.sponsors} />
          </div>
        </div>
      ) : null}

      <Section id="how-it-works" title={homeSections.howItWorks.title} lead={homeSections.howItWorks.lead}>
        <ol className="grid gap-6 md:grid-cols-3">
          {howItWorks.map((step) => (
            <li key={step.step} className="card">
              <span
                aria-hidden="true"
                className="grid size-10 place-items-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {step.step}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-950">
                <span className="sr-only">Step {step.step}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-600">{step.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="deadlines" title={homeSections.deadlines.title} lead={homeSections.deadlines.lead} tone="muted">
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {deadlines.map(({ id, status }) => {
            const milestone = milestones[id];
            const time = formatMilestoneTime(milestone);
            return (
              <li key={id} className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-brand-950">{milestone.title}</h3>
                  <p className="text-sm text-slate-600">
                    {formatMilestoneDate(milestone)}
                    {time ? ` · ${time}` : ""}
                    {milestone.location ? ` · ${milestone.location}` : ""}
                  </p>
                </div>
                <StatusPill status={status} />
              </li>
            );
          })}
        </ul>
        <p className="mt-6">
          <Link to="/timeline" className="font-semibold text-brand-700 underline">
            View the full timeline
          </Link>
        </p>
      </Section>

      <Section id="why-join" title={homeSections.whyJoin.title} lead={homeSections.whyJoin.lead}>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {individualStats.map((stat) => (
            <div key={stat.label} className="card text-center">
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd className="order-first text-3xl font-extrabold text-brand-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8">
          <Link to={homeSections.whyJoin.cta.href} className="btn-secondary">
            {homeSections.whyJoin.cta.label}
          </Link>
        </p>
      </Section>

      <Section
        id="certifications"
        title={homeSections.certifications.title}
        lead={homeSections.certifications.lead}
        tone="muted"
      >
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {learningStages.map((stage) => (
            <li key={stage.id} className="card">
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{stage.label}</p>
              <h3 className="mt-1 text-lg font-semibold text-brand-950">{stage.name}</h3>
              <p className="mt-1 text-sm font-medium text-slate-700">
                {stage.certification} · {formatRange(stage.duration, stage.duration.unit)}
              </p>
              <p className="mt-3 text-slate-600">{stage.summary}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-slate-700">
          Finalists earn the <strong>{finalistCredential.name}</strong> credential.
        </p>
        <p className="mt-6">
          <Link to={homeSections.certifications.cta.href} className="btn-secondary">
            {homeSections.certifications.cta.label}
          </Link>
        </p>
      </Section>

      <Section id="packages" title={homeSections.packages.title} lead={homeSections.packages.lead}>
        <p className="mb-6">
          {open ? (
            <span className="rounded-full bg-accent-300 px-3 py-1 text-sm font-semibold text-brand-950">
              {`${pricingPhaseLabels[phase]} pricing`}
            </span>
          ) : (
            <span className="text-slate-700" data-testid="packages-closed">
              {enrollment === "notYetOpen"
                ? `Prices for the ${edition.name}, from the day enrollment opens.`
                : `Enrollment in the ${edition.name} has closed; the next edition's prices are published with its dates.`}
            </span>
          )}
        </p>
        <div className="grid gap-6 md:grid-cols-2">
          {(["individual", "workforce"] as const).map((planId) => {
            const plan = plans[planId];
            return (
              <div key={planId} className="card flex flex-col" data-testid={`plan-${planId}`}>
                <h3 className="text-xl font-bold text-brand-950">{plan.name}</h3>
                {enrollment === "closed" ? null : (
                  <p className="mt-2 text-4xl font-extrabold text-brand-700" data-testid={`price-${planId}`}>
                    {formatUsd(edition.prices[planId][phase])}
                  </p>
                )}
                <p className="mt-3 text-slate-600">{plan.description}</p>
                <ul className="mt-4 flex-1 space-y-2 text-slate-700">
                  {plan.includes.map((item) => (
                    <li key={item} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-700">
                        ✓
                      </span>
                      {item}
                    </li>
                  ))}
                </ul>
                <div className="mt-6">
                  <EnrollmentCta state={enrollment} to={`/register?tab=${planId}`} closedClassName="text-slate-700">
                    Choose {plan.name}
                  </EnrollmentCta>
                </div>
              </div>
            );
          })}
        </div>
      </Section>

      {editionPhase === "afterFinals" || hasResults(loaderData.results) ? (
        <EditionResults editionName={edition.name} results={loaderData.results} />
      ) : null}

      <Section id="awards" title={homeSections.awards.title} lead={homeSections.awards.lead} tone="muted">
        <ul className="grid gap-6 md:grid-cols-3">
          {awards.map((award) => (
            <li key={award.id}>
              <Card title={award.name}>{award.description}</Card>
            </li>
          ))}
        </ul>
        <h3 className="mt-10 text-lg font-semibold text-brand-950">Finals awards</h3>
        <ul className="mt-4 flex flex-wrap gap-2">
          {finalsAwards.map((award) => (
            <li
              key={award.id}
              className="rounded-full border border-brand-200 bg-white px-4 py-1.5 text-sm text-brand-900"
            >
              {award.name}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="get-started" title={homeSections.closing.title} lead={homeSections.closing.lead} tone="brand">
        <div className="flex flex-wrap gap-3">
          <EnrollmentCta state={enrollment} to={homeSections.closing.individualCta.href} closedClassName="text-white">
            {homeSections.closing.individualCta.label}
          </EnrollmentCta>
          {enrollment === "open" ? (
            <Link to={homeSections.closing.workforceCta.href} className="btn-outline text-white">
              {homeSections.closing.workforceCta.label}
            </Link>
          ) : null}
          <Link to={homeSections.closing.contactCta.href} className="btn-outline text-white">
            {homeSections.closing.contactCta.label}
          </Link>
        </div>
      </Section>
    </>
  );
}
