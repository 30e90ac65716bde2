import { Link } from "react-router";
import { CheckList } from "~/components/content-blocks";
import { Card, EnrollmentCta, PageHero, Section } from "~/components/page";
import { weeklyCheckIn } from "~/content/dates";
import {
  credentialsNote,
  finalistCredential,
  formatRange,
  learningStages,
  programLength,
  PROMPTING_FRAMEWORK,
  trainingTotal,
  tracks,
  vendorCertifications,
} from "~/content/program";
import { site } from "~/content/site";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import type { Route } from "./+types/training";

export function loader(args: Route.LoaderArgs) {
  const { enrollment, origin } = contentPageData(args);
  return { enrollment, origin };
}

export const meta = contentMeta(
  "Training and Certification",
  "Three training stages (Talk to AI, Create with AI, Build with AI) and a capstone: certifications, tracks and time commitment.",
);

export default function Training({ loaderData }: Route.ComponentProps) {
  const { enrollment } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="For Employees"
        title="Training and Certification"
        lead={`Three short training stages and a capstone project, ${trainingTotal.label} of training in all, spread over a ${programLength.weeks}-week program at ${formatRange(programLength.hoursPerWeek)} hours a week. No prior AI experience needed.`}
      >
        <EnrollmentCta state={enrollment} to="/register?tab=individual">
          Enroll Now
        </EnrollmentCta>
        <Link to="/timeline" className="btn-outline">
          View Timeline
        </Link>
      </PageHero>

      <Section
        id="stages"
        title="The learning path"
        lead="Each stage ends with a certification, and each builds on the one before."
      >
        <ol className="space-y-6">
          {learningStages.map((stage) => (
            <li key={stage.id} id={stage.id} className="card md:flex md:gap-8">
              <div className="md:w-56 md:shrink-0">
                <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{stage.label}</p>
                <p className="mt-1 text-sm text-slate-600">{`Time: ${formatRange(stage.duration, stage.duration.unit)}`}</p>
              </div>
              <div>
                <h3 className="text-xl font-semibold text-brand-950">{stage.name}</h3>
                <p className="mt-1 text-slate-700">{stage.summary}</p>
                <p className="mt-3 font-semibold text-brand-800">{`Certification: ${stage.certification}`}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-8 max-w-3xl text-slate-700">
          {`Stage 1 introduces ${PROMPTING_FRAMEWORK}, the Challenge's prompting framework, which you use in every stage after it. Complete all three certifications, then finish the capstone: finalists chosen by the judges earn the ${finalistCredential.name} credential, also called ${finalistCredential.alsoCalled}.`}
        </p>
      </Section>

      <Section
        id="tracks"
        tone="muted"
        title="Tracks"
        lead="Pick the area closest to your work for your capstone project."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {tracks.map((t) => (
            <li key={t.id} className="card text-center font-semibold text-brand-950">
              {t.name}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="format" title="How the program runs">
        <div className="grid gap-6 md:grid-cols-3">
          <Card title="Time commitment">
            {`${programLength.weeks} weeks at ${formatRange(programLength.hoursPerWeek)} hours a week, at your own pace. Optional check-ins every week: ${weeklyCheckIn.label}.`}
          </Card>
          <Card title="Credentials">
            {`${credentialsNote} Vendor certifications from ${vendorCertifications.vendors.join(", ")} are optional.`}
          </Card>
          <Card title="Support">
            {`By email and phone, ${site.supportHours.label}, with a reply within ${site.responseTimeHours} hours.`}
          </Card>
        </div>
        <CheckList
          className="mt-8 text-slate-700"
          items={[
            `Open to ${programLength.openTo.toLowerCase()}`,
            "Team projects are allowed; every team member must be enrolled",
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/submission-guidelines" className="btn-secondary">
            Submission guidelines
          </Link>
          <Link to="/faq" className="btn text-brand-800 underline">
            Read the FAQ
          </Link>
        </div>
      </Section>
    </>
  );
}
