import { Link } from "react-router";
import { CheckList, PlanPrices, StatGrid } from "~/components/content-blocks";
import { Card, EnrollmentCta, PageHero, Section } from "~/components/page";
import { individualStats } from "~/content/claims";
import { finalsSentence } from "~/content/phases";
import {
  audiences,
  credentialsNote,
  employeePageImpactStatementNote,
  finalistCredential,
  formatRange,
  learningStages,
  programLength,
  PROMPTING_FRAMEWORK,
  submissionComponents,
  tracks,
  vendorCertifications,
} from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { formatMountain, formatTimeMountainAndPacific } from "~/clock/format";
import type { Route } from "./+types/employees";

export function loader(args: Route.LoaderArgs) {
  const { enrollment, phase, origin, edition, editionPhase } = contentPageData(args);
  return { enrollment, phase, origin, edition, editionPhase };
}

export const meta = contentMeta(
  "For Employees",
  "Why Idaho employees and entrepreneurs join the AI Challenge: what you learn, the four certifications and what you submit.",
);

const ENROLL_PATH = "/register?tab=individual";

export default function Employees({ loaderData }: Route.ComponentProps) {
  const { enrollment, phase, editionPhase } = loaderData;
  const edition = loaderData.edition;
  const { finalsVenue, submissionDeadline } = edition;
  const deadlinePast = enrollment === "closed";
  return (
    <>
      <PageHero
        eyebrow="For Employees"
        title="Build AI skills that pay off at work"
        lead={`A ${programLength.weeks}-week program at ${formatRange(programLength.hoursPerWeek)} hours a week: earn three AI certifications, solve a real problem at your job and compete for a place at the ${finalsVenue.name}. No prior AI experience needed.`}
      >
        <EnrollmentCta state={enrollment} to={ENROLL_PATH}>
          Enroll Now
        </EnrollmentCta>
        <Link to="/training" className="btn-outline">
          See the training
        </Link>
      </PageHero>

      <section aria-labelledby="enrollment-dates-heading" className="border-b border-slate-200 bg-brand-50">
        <div className="container-page flex flex-col gap-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="enrollment-dates-heading" className="text-lg font-semibold text-brand-950">
              Enrollment dates
            </h2>
            <p className="text-slate-700" data-testid="enrollment-dates">
              {`${edition.name}: enrollment ${enrollment === "notYetOpen" ? "opens" : "opened"} ${formatMountain(edition.enrollmentOpens, "dateTime")} and ${deadlinePast ? "closed" : "closes"} ${formatMountain(edition.finalEnrollmentDeadline.due, "dateTime")}.`}
            </p>
          </div>
          <PlanPrices edition={edition} enrollment={enrollment} plan="individual" phase={phase} />
        </div>
      </section>

      <Section
        id="why-join"
        title="Why join"
        lead="Participants report faster work, more output and new career options. These are the organizers' figures from earlier cohorts and programs."
      >
        <StatGrid stats={individualStats} />
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          <Card title="Who it's for">
            <CheckList items={audiences.individuals.segments} className="mt-2" />
          </Card>
          <Card title="What you get">
            <CheckList
              className="mt-2"
              items={[
                "Hands-on training you apply to your own job",
                credentialsNote,
                `A chance to present at the finals. ${finalsSentence(edition, editionPhase)}.`,
                "Support by email and phone on weekdays",
              ]}
            />
          </Card>
        </div>
        <p className="mt-8">
          <Link to="/why-join" className="font-semibold text-brand-700 underline">
            More reasons to join the Challenge
          </Link>
        </p>
      </Section>

      <Section
        id="what-you-learn"
        tone="muted"
        title="What you'll learn"
        lead={`Three stages build on each other, from your first prompt with the ${PROMPTING_FRAMEWORK} framework to building your own AI workflows, then a capstone project.`}
      >
        <ol className="grid gap-4 md:grid-cols-2">
          {learningStages.map((stage) => (
            <li key={stage.id} className="card">
              <p className="text-sm font-semibold text-brand-700">{`${stage.label} · ${formatRange(stage.duration, stage.duration.unit)}`}</p>
              <h3 className="mt-1 text-lg font-semibold text-brand-950">{stage.name}</h3>
              <p className="mt-1 text-slate-600">{stage.summary}</p>
            </li>
          ))}
        </ol>
        <h3 className="mt-10 text-xl font-semibold text-brand-950">Choose a track</h3>
        <ul className="mt-4 flex flex-wrap gap-2">
          {tracks.map((t) => (
            <li key={t.id} className="rounded-full bg-white px-4 py-2 text-sm font-medium text-brand-900 shadow-sm">
              {t.name}
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="certifications"
        title="Certifications"
        lead={`Each stage earns a certification. Complete all three, then finish the capstone: finalists chosen by the judges earn the ${finalistCredential.name} credential.`}
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {learningStages.map((stage) => (
            <li key={stage.id} className="card text-center">
              <p className="text-sm font-semibold text-slate-600">{stage.label}</p>
              <h3 className="mt-1 text-lg font-bold text-brand-900">{stage.certification}</h3>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl text-slate-700">
          {`${credentialsNote} Vendor certifications from ${vendorCertifications.vendors.join(", ")} are optional extras, not requirements.`}
        </p>
      </Section>

      <Section
        id="submission"
        tone="muted"
        title="Your project submission"
        lead={`${deadlinePast ? `The ${edition.name}'s submissions were due` : "Submissions are due"} ${formatMountain(submissionDeadline.due, "longDate")} at ${formatTimeMountainAndPacific(submissionDeadline.due)}, with no exceptions. A complete submission has all of these:`}
      >
        <ol className="grid gap-4 md:grid-cols-2">
          {submissionComponents.map((c, index) => (
            <li key={c.id} className="card">
              <h3 className="text-lg font-semibold text-brand-950">{`${index + 1}. ${c.name}`}</h3>
              <p className="mt-1 text-slate-600">{c.requirement}</p>
            </li>
          ))}
          <li className="card">
            <h3 className="text-lg font-semibold text-brand-950">Impact statement</h3>
            <p className="mt-1 text-slate-600">{employeePageImpactStatementNote}</p>
          </li>
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/submission-guidelines" className="btn-secondary">
            Read the submission guidelines
          </Link>
          <Link to="/timeline" className="btn text-brand-800 underline">
            View the timeline
          </Link>
        </div>
      </Section>

      <Section id="enroll" tone="brand" title="Ready to start?">
        <p className="max-w-3xl text-brand-100">
          Enroll on your own, or ask your employer whether they hold a Workforce Package: employees of enrolled
          organizations register with their company code and are linked to their team automatically.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <EnrollmentCta state={enrollment} to={ENROLL_PATH}>
            Enroll Now
          </EnrollmentCta>
          <Link to="/faq" className="btn-outline">
            Read the FAQ
          </Link>
        </div>
      </Section>
    </>
  );
}
