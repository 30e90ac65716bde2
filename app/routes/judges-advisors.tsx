import { Link } from "react-router";
import { FinalsEventJsonLd } from "~/components/json-ld";
import { Card, PageHero, Section } from "~/components/page";
import { milestoneOf } from "~/content/editions";
import { advisorRequirements, advisoryGroups, criterionDescriptions, judgeRequirements } from "~/content/judges";
import { rubricWeights } from "~/content/judging";
import { judgingCriteria } from "~/content/program";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { contentPageData } from "~/clock/page-clock.server";
import { formatMilestoneDate } from "~/clock/format";
import { ProfileList } from "~/components/profile-list";
import { profilePageText } from "~/content/profiles";
import { requestContext } from "~/context";
import { profilesPageData } from "~/profiles/shown.server";
import type { Route } from "./+types/judges-advisors";

export async function loader(args: Route.LoaderArgs) {
  const { origin, edition, judgeInterestOpen, statuses } = contentPageData(args);
  // The published judges' and advisors' profiles (issue 54), read on every view; null before the first publication.
  const profiles = await profilesPageData(args.context.get(requestContext).env, edition.id);
  return { origin, edition, judgeInterestOpen, judgingStatus: statuses.judging, profiles };
}

/**
 * No shared cache keeps this page (its HTML and its single-fetch data): a judge or advisor who withdraws
 * consent is gone from the next answer anywhere, not after the edge's five minutes (ADR 029). "no-cache",
 * not "no-store": the browser asks again each time yet may keep the page for its back button.
 */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-cache" });

export const meta = ({ loaderData, location }: Route.MetaArgs) =>
  pageMeta(
    "Judges & Advisors",
    "How projects are judged, who advises the Challenge, and how to offer your expertise as a judge or advisor.",
    canonicalUrl(loaderData?.origin, location.pathname),
  );

const weights = rubricWeights;

export default function JudgesAdvisors({ loaderData }: Route.ComponentProps) {
  const { judgeInterestOpen, judgingStatus, profiles } = loaderData;
  const edition = loaderData.edition;
  const judgingDates = formatMilestoneDate(milestoneOf(edition, "judging"));
  const interestLabel = judgeInterestOpen ? "Express Your Interest" : "Judge or Advise the Next Edition";
  return (
    <>
      <FinalsEventJsonLd origin={loaderData.origin} edition={edition} />
      <PageHero
        eyebrow="About"
        title="Judges & Advisors"
        lead="Experts from industry, academia and business score the projects and guide the Challenge."
      >
        <Link to="/judge-advisor-register" className="btn-primary">
          {interestLabel}
        </Link>
      </PageHero>

      <Section
        id="evaluation-criteria"
        title="Evaluation Criteria"
        lead={`Judges score every complete submission against five weighted criteria. ${
          judgingStatus === "past"
            ? `The ${edition.name}'s judging ran ${judgingDates}.`
            : `The ${edition.name}'s judging runs ${judgingDates}.`
        }`}
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
        {profiles ? (
          <div className="space-y-10">
            {profiles.judges.length > 0 ? (
              <ProfileList id="profiles-judges" title={profilePageText.judgesTitle} profiles={profiles.judges} />
            ) : null}
            {profiles.groups.map((group) => (
              <ProfileList
                key={group.id}
                id={`profiles-${group.id}`}
                title={advisoryGroups.find((g) => g.id === group.id)?.name ?? group.id}
                profiles={group.profiles}
              />
            ))}
          </div>
        ) : (
          <div role="note" className="card max-w-2xl border-brand-200 bg-brand-50">
            <h3 className="text-lg font-semibold text-brand-950">{profilePageText.comingSoonTitle}</h3>
            <p className="mt-2 text-slate-700">
              {judgingStatus === "upcoming"
                ? `We are confirming the ${edition.name}'s judges and will introduce them here before judging begins.`
                : `The ${edition.name}'s judges will be introduced here with its results.`}
            </p>
          </div>
        )}
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
              <li>{`${judgingStatus === "past" ? "Judging ran" : "Judging runs"} ${judgingDates}`}</li>
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
        lead={
          judgeInterestOpen
            ? "Tell us whether you would like to judge or advise, and what you know best."
            : `Judging for the ${edition.name} has begun. Leave your address to hear when judges and advisors are needed for the next edition.`
        }
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/judge-advisor-register" className="btn-primary">
            {judgeInterestOpen ? "Apply to Judge or Advise" : interestLabel}
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
