import { Link } from "react-router";
import { CheckList, FaqList, NumberedSteps } from "~/components/content-blocks";
import { MilestoneList, TimeZoneNote } from "~/components/milestones";
import { Card, PageHero, Section } from "~/components/page";
import { workforcePackage } from "~/content/pricing";
import {
  companyCode,
  organizationDashboardFeatures,
  organizationEnrollmentSteps,
  organizationRequirements,
} from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import type { Route } from "./+types/enrollment-process";

export function loader(args: Route.LoaderArgs) {
  const { statuses, origin, edition } = contentPageData(args);
  return { statuses, origin, edition };
}

export const meta = contentMeta(
  "Enrollment Process",
  "How an organization enrolls in five steps: register, pay, share the company code, employees join, track progress.",
);

const faqs = [
  {
    question: "How long does registration take?",
    answer: `About ${organizationEnrollmentSteps[0].duration}. Your company code arrives the moment payment completes.`,
  },
  {
    question: "Can we add employees later?",
    answer:
      "Yes. Enrollment is rolling: employees can register with your company code at any time until the final enrollment deadline, and the package covers unlimited enrollments.",
  },
  {
    question: "Who should hold the company code?",
    answer:
      "Share it only with the employees you are enrolling. Employees who sign up with it are linked to your organization automatically; if it spreads further, regenerate it from your dashboard.",
  },
  {
    question: "How many employees should take part?",
    answer: `We recommend at least ${organizationRequirements.recommendedMinEmployees} participating employees so they can learn from each other. The package is suggested for organizations with ${workforcePackage.suggestedMinEmployees} or more employees.`,
  },
] as const;

export default function EnrollmentProcess({ loaderData }: Route.ComponentProps) {
  const organizationDates = loaderData.edition.milestones.filter((m) => m.audience === "organizations");
  const { statuses, origin } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="For Organizations"
        title="Enrollment Process"
        lead="Enrolling your organization takes five steps. Your company code arrives the moment you pay, and your employees can join the same day."
      >
        <Link to="/organizations" className="btn-primary">
          Register Your Organization
        </Link>
        <Link to="/workforce-package" className="btn-outline">
          View the Workforce Package
        </Link>
      </PageHero>

      <Section id="steps" title="Five steps to enroll">
        <NumberedSteps steps={organizationEnrollmentSteps} />
      </Section>

      <Section id="key-features" tone="muted" title="Key features">
        <div className="grid gap-6 md:grid-cols-2">
          <Card title="Your company code">
            {`Unique to your organization and issued ${companyCode.issued.toLowerCase()}. Retrieve it from your dashboard at any time, and regenerate it if it is shared beyond your team.`}
          </Card>
          <Card title="Your organization dashboard">
            <CheckList className="mt-2" items={organizationDashboardFeatures} />
          </Card>
        </div>
      </Section>

      <Section id="requirements" title="Requirements">
        <ul className="max-w-3xl space-y-3 text-slate-700">
          {organizationRequirements.items.map((r) => (
            <li key={r.text} className="flex gap-3">
              <span className="w-28 shrink-0 text-sm font-semibold text-brand-800">
                {r.required ? "Required" : "Recommended"}
              </span>
              <span>{r.text}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="important-dates" tone="muted" title="Important dates">
        <div className="mb-6">
          <TimeZoneNote />
        </div>
        <MilestoneList items={organizationDates} statuses={statuses} origin={origin} />
      </Section>

      <Section id="faqs" title="Enrollment questions">
        <FaqList name="enrollment-faqs" items={faqs} />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/organizations" className="btn-secondary">
            Register Your Organization
          </Link>
          <Link to="/workforce-package" className="btn text-brand-800 underline">
            View the Workforce Package
          </Link>
        </div>
      </Section>
    </>
  );
}
