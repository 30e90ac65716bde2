import { Link } from "react-router";
import { CheckList, NumberedSteps } from "~/components/content-blocks";
import { AddToCalendar } from "~/components/milestones";
import { EnrollmentCta, PageHero, Section, StatusPill } from "~/components/page";
import { RECOMMENDED_EARLY_SUBMISSION_HOURS } from "~/content/dates";
import { rubricWeights } from "~/content/judging";
import { milestoneOf } from "~/content/editions";
import {
  MISSING_COMPONENT_CONSEQUENCE,
  SUBMISSION_RETENTION_MONTHS,
  judgingCriteria,
  submissionComponents,
  submissionLimits,
  submissionProcess,
  teamSize,
} from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { formatMountain, formatTimeMountainAndPacific } from "~/clock/format";
import type { Route } from "./+types/submission-guidelines";

export function loader(args: Route.LoaderArgs) {
  const { enrollment, origin, statuses, edition } = contentPageData(args);
  return { enrollment, origin, edition, deadlineStatus: statuses["submission-deadline"] };
}

export const meta = contentMeta(
  "Submission Guidelines",
  "The five required project components, how submissions are judged, the four-step submission process and the deadline.",
);

export default function SubmissionGuidelines({ loaderData }: Route.ComponentProps) {
  const { enrollment, origin, deadlineStatus } = loaderData;
  const edition = loaderData.edition;
  const { due } = edition.submissionDeadline;
  const deadlineText = `${formatMountain(due, "weekdayDate")}, ${formatTimeMountainAndPacific(due)}`;
  const passed = deadlineStatus === "past";
  return (
    <>
      <PageHero
        eyebrow="For Employees"
        title="Submission Guidelines"
        lead="Everything your capstone submission needs, how it is judged, and how to submit it on time."
      >
        <EnrollmentCta state={enrollment} to="/register?tab=individual">
          Enroll Now
        </EnrollmentCta>
        <Link to="/timeline" className="btn-outline">
          View Timeline
        </Link>
      </PageHero>

      <section
        id="deadline"
        aria-labelledby="deadline-heading"
        className={`border-b-4 ${passed ? "border-slate-400 bg-slate-100" : "border-accent-500 bg-amber-50"}`}
      >
        <div className="container-page py-8">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="deadline-heading" className="text-2xl font-bold text-brand-950">
              Submission deadline
            </h2>
            <StatusPill status={deadlineStatus} />
          </div>
          <p className="mt-2 text-xl font-semibold text-brand-900" data-testid="submission-deadline">
            {deadlineText}
          </p>
          <p className="mt-1 text-slate-700">
            {passed
              ? "The deadline for this edition has passed; late submissions are not accepted."
              : `No exceptions. Submit at least ${RECOMMENDED_EARLY_SUBMISSION_HOURS} hours early to be safe.`}
          </p>
          <AddToCalendar milestone={milestoneOf(edition, "submission-deadline")} origin={origin} />
        </div>
      </section>

      <Section
        id="required-components"
        title="Five required components"
        lead={`A complete submission has all five. A missing component means ${MISSING_COMPONENT_CONSEQUENCE}.`}
      >
        <ol className="grid gap-4 md:grid-cols-2">
          {submissionComponents.map((c, index) => (
            <li key={c.id} id={c.id} className="card">
              <h3 className="text-lg font-semibold text-brand-950">{`${index + 1}. ${c.name}`}</h3>
              <p className="mt-1 text-slate-600">{c.requirement}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="judging-criteria"
        tone="muted"
        title="Five judging criteria"
        lead="Judges score every complete submission against these criteria and weights."
      >
        <div className="overflow-x-auto">
          <table className="w-full max-w-2xl border-collapse overflow-hidden rounded-2xl bg-white text-left shadow-sm">
            <caption className="sr-only">Judging criteria and their weights</caption>
            <thead className="bg-brand-900 text-white">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Criterion
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Weight
                </th>
              </tr>
            </thead>
            <tbody>
              {judgingCriteria.map((c) => (
                <tr key={c.id} className="border-t border-slate-200">
                  <th scope="row" className="px-4 py-3 font-medium text-slate-800">
                    {c.name}
                  </th>
                  <td className="px-4 py-3 text-right font-semibold text-brand-800">{`${rubricWeights[c.id]}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          The{" "}
          <Link to="/contest-rules" className="font-semibold text-brand-700 underline">
            contest rules
          </Link>{" "}
          use the same criteria and weights.
        </p>
      </Section>

      <Section id="submission-process" title="Four-step submission process">
        <NumberedSteps steps={submissionProcess} />
      </Section>

      <Section id="deadline-notes" tone="muted" title="Deadline notes">
        <CheckList
          className="max-w-3xl text-slate-700"
          items={[
            `The deadline is ${deadlineText}, with no exceptions.`,
            `Submit at least ${RECOMMENDED_EARLY_SUBMISSION_HOURS} hours early so a slow upload or a missing file doesn't cost you your entry.`,
            "Save drafts and edit them as often as you like until the deadline.",
            `Late submissions are not accepted. An email confirmation follows within ${submissionLimits.confirmationEmailWithinHours} hours of submitting.`,
            `Team projects: every team member must be enrolled (teams of ${teamSize.faq.min}–${teamSize.faq.max} in the FAQ; the contest rules allow up to ${teamSize.contestRules.max}).`,
            `Submissions are stored for up to ${SUBMISSION_RETENTION_MONTHS} months.`,
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <EnrollmentCta state={enrollment} to="/register?tab=individual" closedClassName="text-slate-700">
            Enroll Now
          </EnrollmentCta>
          <Link to="/timeline" className="btn-secondary">
            View Timeline
          </Link>
        </div>
      </Section>
    </>
  );
}
