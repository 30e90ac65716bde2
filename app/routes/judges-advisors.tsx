import { Link } from "react-router";
import { FinalsEventJsonLd } from "~/components/json-ld";
import { Card, PageHero, Section } from "~/components/page";
import { milestonesById } from "~/content/dates";
import { advisorRequirements, advisoryGroups, criterionDescriptions, judgeRequirements } from "~/content/judges";
import { judgingCriteria, judgingWeights } from "~/content/program";
import { canonicalUrl, originLoader, pageMeta } from "~/lib/meta";
import { formatMilestoneDate } from "~/lib/schedule";
import type { Route } from "./+types/judges-advisors";

export const loader = originLoader;

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "Judges & Advisors",
    "How projects are judged, who advises the Challenge, and how to offer your expertise as a judge or advisor.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

const weights = judgingWeights.judgesPage;

export default function JudgesAdvisors({ loaderData }: Route.ComponentProps) {
  const judgingDates = formatMilestoneDate(milestonesById.judging);
  return (
    <>
      <FinalsEventJsonLd origin={loaderData.origin} />
      <PageHero
        eyebrow="About"
        title="Judges & Advisors"
        lead="Experts from industry, academia and business score the projects and guide the Challenge."
      >
        <Link to="/judge-advisor-register" className="btn-primary">
          Express Your Interest
        </Link>
      </PageHero>

      <Section
        id="evaluation-criteria"
        title="Evaluation Criteria"
        lead={`Judges score every complete submission against five weighted criteria during judging, ${judgingDates}.`}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {judgingCriteria.map((criterion) => (
            <li key={criterion.id} className="card">
              <p className="text-3xl font-extrabold text-brand-800">{`${weights[criterion.id]}%`}</p>
              <h3 className="mt-2 text-lg font-semibold text-brand-950">{criterion.name}</h3>
              <p className="mt-2 text-slate-600">{criterionDescriptions[criterion.id]}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="judges" title="Our Judges" tone="muted">
        <div role="note" className="card max-w-2xl border-brand-200 bg-brand-50">
          <h3 className="text-lg font-semibold text-brand-950">Judge Profiles Coming Soon</h3>
          <p className="mt-2 text-slate-700">
            We are confirming this edition&apos;s judges and will introduce them here before judging begins.
          </p>
        </div>
      </Section>

      <Section
        id="advisory-board"
        title="Advisory Board"
        lead="Three groups of advisors keep the Challenge practical, rigorous and useful to employers."
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {advisoryGroups.map((group) => (
            <li key={group.id}>
              <Card title={group.name} className="h-full">
                <p>{group.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="requirements" title="Requirements" tone="muted">
        <div className="grid gap-6 md:grid-cols-2">
          <Card title="For judges">
            <ul className="mt-2 list-disc space-y-2 pl-5">
              {judgeRequirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
              <li>{`Judging runs ${judgingDates}`}</li>
            </ul>
          </Card>
          <Card title="For advisors">
            <ul className="mt-2 list-disc space-y-2 pl-5">
              {advisorRequirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Card>
        </div>
      </Section>

      <Section
        id="get-involved"
        title="Share your expertise"
        tone="brand"
        lead="Tell us whether you would like to judge or advise, and what you know best."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/judge-advisor-register" className="btn-primary">
            Apply to Judge or Advise
          </Link>
          <Link to="/why-join" className="btn-outline">
            Why Join the Challenge
          </Link>
          <Link to="/contest-rules" className="btn-outline">
            Read the Contest Rules
          </Link>
        </div>
      </Section>
    </>
  );
}
