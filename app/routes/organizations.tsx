import { Link } from "react-router";
import { CheckList, FaqList, NumberedSteps, PlanPrices, StatGrid, participantRange } from "~/components/content-blocks";
import { Card, EnrollmentCta, PageHero, Section } from "~/components/page";
import {
  organizationStats,
  returnFigureLabels,
  returnFiguresNote,
  roiExample,
  roiExampleHeadline,
  roiExampleAssumptions,
} from "~/content/claims";
import { milestonesById, type Edition } from "~/content/editions";
import { formatUsd, plans, workforceComparison, workforcePackage } from "~/content/pricing";
import {
  audiences,
  companyCode,
  organizationDashboardFeatures,
  organizationEnrollmentSteps,
  organizationRequirements,
  recognitionTiers,
} from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/format";
import type { Route } from "./+types/organizations";

export function loader(args: Route.LoaderArgs) {
  const { enrollment, phase, origin, edition } = contentPageData(args);
  return { enrollment, phase, origin, edition };
}

export const meta = contentMeta(
  "For Organizations",
  "Upskill your whole team with the Workforce Package: one payment, unlimited employee enrollments, measurable ROI and statewide recognition.",
);

const REGISTER_PATH = "/register?tab=workforce";

const ex = roiExampleAssumptions;

function faqsFor(edition: Edition) {
  const milestones = milestonesById(edition);
  return [
    {
      question: "Which organizations can enroll?",
      answer: (
        <>
          <p>
            {`Businesses, chambers of commerce, associations and government agencies that are based in Idaho or have Idaho-based employees. The package is suggested for chambers and organizations with ${workforcePackage.suggestedMinEmployees} or more employees.`}
          </p>
          <CheckList className="mt-3" items={organizationRequirements.items.map((r) => r.text)} />
        </>
      ),
    },
    {
      question: "How many employees can we enroll?",
      answer:
        "As many as you like: the Workforce Package is a one-time payment that covers unlimited employee enrollments.",
    },
    {
      question: "How do our employees join?",
      answer: `${companyCode.issued}, you receive a unique company code. Share it with your team; employees who register with it are linked to your organization automatically.`,
    },
    {
      question: "What if our company code gets out?",
      answer:
        "Keep the code private. You can look it up at any time in your organization dashboard and regenerate it there if it has been shared too widely.",
    },
    {
      question: "How long do we have access to the training?",
      answer: `${workforcePackage.trainingAccessMonths} months (one year) from the date you enroll.`,
    },
    {
      question: "When can we enroll?",
      answer: `Organization enrollment opens ${formatMountain(milestones["organization-enrollment-opens"].start, "longDate")} and is rolling; the first cohort starts ${formatMountain(milestones["program-starts"].start, "longDate")} and new cohorts start monthly. The final enrollment deadline is ${formatMountain(edition.finalEnrollmentDeadline.due, "longDate")}.`,
    },
  ] as const;
}

export default function Organizations({ loaderData }: Route.ComponentProps) {
  const { enrollment, phase } = loaderData;
  const edition = loaderData.edition;
  const faqs = faqsFor(edition);
  const comparison = workforceComparison(edition, phase);
  const example = roiExample(edition);
  return (
    <>
      <PageHero
        eyebrow="For Organizations"
        title="Make your workforce AI-ready"
        lead="Enroll your whole team in Idaho's AI upskilling Challenge. Employees learn on the job, solve your real problems with AI, and your organization earns statewide recognition."
      >
        <EnrollmentCta state={enrollment} to={REGISTER_PATH}>
          Register Your Organization
        </EnrollmentCta>
        <a href="#roi-impact" className="btn-outline">
          See the ROI
        </a>
      </PageHero>

      <Section id="workforce-package" title="The Workforce Package" lead={plans.workforce.description}>
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <PlanPrices edition={edition} enrollment={enrollment} plan="workforce" phase={phase} />
            <p className="mt-4 text-slate-700">
              {`Compare: ${comparison.people} people at ${formatUsd(comparison.perPersonCents)} each comes to ${formatUsd(comparison.totalCents)}. The package covers everyone you enroll beyond that at no extra cost.`}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <EnrollmentCta state={enrollment} to={REGISTER_PATH} closedClassName="text-slate-700">
                Register Your Organization
              </EnrollmentCta>
              <Link to="/workforce-package" className="btn text-brand-800 underline">
                Workforce Package details
              </Link>
            </div>
          </div>
          <Card title="What's included">
            <CheckList className="mt-2" items={plans.workforce.includes} />
          </Card>
        </div>
        <h3 className="mt-10 text-xl font-semibold text-brand-950">Who it's for</h3>
        <ul className="mt-4 flex flex-wrap gap-2">
          {audiences.organizations.segments.map((segment) => (
            <li key={segment} className="rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900">
              {segment}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="roi-impact" tone="muted" title="ROI and impact" lead={returnFiguresNote(edition)}>
        <h3 className="mb-4 text-xl font-semibold text-brand-950">{returnFigureLabels.claim}</h3>
        <StatGrid stats={organizationStats} />
        <div className="mt-10 card">
          <h3 className="text-xl font-semibold text-brand-950">{returnFigureLabels.workedExample}</h3>
          <ul className="mt-4 space-y-2 text-slate-700">
            <li>
              {`Cost: ${formatUsd(example.costPerEmployeeCents)} per employee, against ${formatUsd(example.individualTotalCents)} at individual pricing, a saving of ${formatUsd(example.packageSavingsCents)}.`}
            </li>
            <li>
              {`Productivity: ${formatUsd(example.productivityValueCents)} a year (${formatUsd(ex.averageSalaryCents)} average salary, ${ex.productivityGainPct}% gain).`}
            </li>
            <li>
              {`Automation: ${formatUsd(example.automationValueCents)} a year (${ex.hoursSavedPerWeek} hours a week each at ${formatUsd(ex.hourlyValueCents)} an hour, ${ex.workWeeksPerYear} weeks).`}
            </li>
            <li>{`Consulting savings: ${formatUsd(example.consultingSavingsCents)}+.`}</li>
          </ul>
          <p className="mt-4 text-2xl font-extrabold text-brand-800">
            {`Total: ${roiExampleHeadline.totalValueLabel} in yearly value, a ${roiExampleHeadline.multipleLabel} return on the package price`}
          </p>
          <Link to="/workforce-package#calculate-roi" className="btn-secondary mt-6">
            Calculate your own ROI
          </Link>
        </div>
      </Section>

      <Section
        id="recognition"
        title="Employer recognition"
        lead="Your recognition tier is set by how many of your employees take part."
      >
        <ul className="grid gap-4 md:grid-cols-3">
          {recognitionTiers.map((tier) => (
            <li key={tier.id} className="card">
              {tier.badge ? (
                <p className="mb-2 inline-block rounded-full bg-accent-300 px-2.5 py-0.5 text-xs font-bold text-brand-950">
                  {tier.badge}
                </p>
              ) : null}
              <h3 className="text-lg font-semibold text-brand-950">{tier.name}</h3>
              <p className="mt-1 text-slate-600">{participantRange(tier)}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <Link to="/employer-recognition" className="font-semibold text-brand-700 underline">
            How employer recognition works
          </Link>
        </p>
      </Section>

      <Section
        id="enrollment"
        tone="muted"
        title="How enrollment works"
        lead="Five steps, from registration to tracking your team's submissions."
      >
        <NumberedSteps steps={organizationEnrollmentSteps} />
        <p className="mt-8 max-w-3xl text-slate-700">
          {`Your organization dashboard shows ${organizationDashboardFeatures.map((f) => f.toLowerCase()).join(", ")}.`}
        </p>
        <p className="mt-4">
          <Link to="/enrollment-process" className="font-semibold text-brand-700 underline">
            The full enrollment process
          </Link>
        </p>
      </Section>

      <Section id="faqs" title="Questions from organizations">
        <FaqList name="organization-faqs" items={faqs} />
        <p className="mt-6 text-slate-700">
          More answers are in the{" "}
          <Link to="/faq" className="font-semibold text-brand-700 underline">
            Help Center
          </Link>
          , or{" "}
          <Link to="/contact" className="font-semibold text-brand-700 underline">
            contact us
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
