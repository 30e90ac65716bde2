import { Link } from "react-router";
import { CheckList, participantRange } from "~/components/content-blocks";
import { Card, EnrollmentCta, PageHero, Section } from "~/components/page";
import { finalsSentence } from "~/content/phases";
import { finalsAwards, recognitionTiers } from "~/content/program";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { RecognizedOrganizations } from "~/components/recognized-organizations";
import { recognizedOrganizationsText } from "~/content/organization-listing";
import { requestContext } from "~/context";
import { recognitionPageData } from "~/organization/recognized.server";
import type { Route } from "./+types/employer-recognition";

export async function loader(args: Route.LoaderArgs) {
  const { enrollment, origin, edition, editionPhase } = contentPageData(args);
  // The listed, approved organizations by tier, then past editions' (issue 54): one cached read per isolate.
  const recognized = await recognitionPageData(args.context.get(requestContext).env, edition);
  return { enrollment, origin, edition, editionPhase, recognized };
}

export const meta = contentMeta(
  "Employer Recognition",
  "Innovation Partner, AI Champion and Workforce Leader: how organizations are recognized for the employees they enroll.",
);

const workforceChampion = finalsAwards.find((a) => a.id === "ai-workforce-champion");

export default function EmployerRecognition({ loaderData }: Route.ComponentProps) {
  const { enrollment, editionPhase, recognized } = loaderData;
  const edition = loaderData.edition;
  const { finalsVenue } = edition;
  return (
    <>
      <PageHero
        eyebrow="For Organizations"
        title="Employer Recognition"
        lead="Organizations that invest in their people's AI skills are recognized across Idaho. Your tier is set by how many of your employees take part."
      >
        <EnrollmentCta state={enrollment} to="/register?tab=workforce">
          Register Your Organization
        </EnrollmentCta>
        <Link to="/workforce-package" className="btn-outline">
          View the Workforce Package
        </Link>
      </PageHero>

      <Section id="tiers" title="Three recognition tiers" lead="Count your participating employees to see your tier.">
        <ol className="grid gap-6 md:grid-cols-3">
          {recognitionTiers.map((tier, index) => (
            <li key={tier.id} id={tier.id} className={`card ${tier.badge ? "ring-2 ring-accent-500" : ""}`}>
              <p className="text-sm font-semibold text-slate-600">{`Tier ${index + 1}`}</p>
              {tier.badge ? (
                <p className="mt-2 inline-block rounded-full bg-accent-300 px-2.5 py-0.5 text-xs font-bold text-brand-950">
                  {tier.badge}
                </p>
              ) : null}
              <h3 className="mt-2 text-xl font-bold text-brand-950">{tier.name}</h3>
              <p className="mt-1 text-2xl font-extrabold text-brand-800">{participantRange(tier)}</p>
            </li>
          ))}
        </ol>
      </Section>

      {recognized.current.length > 0 ? (
        <div className="section bg-white">
          <div className="container-page">
            <RecognizedOrganizations
              id="recognized"
              title={recognizedOrganizationsText.title}
              lead={recognizedOrganizationsText.lead(edition.name)}
              tiers={recognized.current}
            />
          </div>
        </div>
      ) : null}

      <Section
        id="opportunities"
        tone="muted"
        title="Recognition opportunities"
        lead="Where your organization's commitment is seen."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <Card title={`At the ${finalsVenue.name}`}>
            {`Recognized organizations are celebrated at the ${finalsVenue.showcase}. ${finalsSentence(edition, editionPhase)}.`}
          </Card>
          <Card title={workforceChampion ? `The ${workforceChampion.name} award` : "Finals awards"}>
            The finals include an award for the employer that does most to build its workforce's AI skills.
          </Card>
          <Card title="Your employees' achievements">
            Every certification and finalist credential your people earn is verifiable and shareable, and reflects on
            the organization that backed them.
          </Card>
        </div>
      </Section>

      <Section id="assets" title="Recognition assets" lead="What recognized organizations can use and share.">
        <CheckList
          className="max-w-3xl text-slate-700"
          items={[
            "A recognition tier designation to use in recruiting and on your website",
            "Impact reports from your organization dashboard to share with leadership and stakeholders",
            "Your employees' verifiable certificates and digital badges",
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <EnrollmentCta state={enrollment} to="/register?tab=workforce" closedClassName="text-slate-700">
            Register Your Organization
          </EnrollmentCta>
          <Link to="/workforce-package" className="btn-secondary">
            View the Workforce Package
          </Link>
        </div>
      </Section>

      {recognized.archive.map(({ editionId, tiers }) => (
        <div key={editionId} className="section">
          <div className="container-page">
            <RecognizedOrganizations
              id={`recognized-archive-${editionId}`}
              title={recognizedOrganizationsText.archiveTitle(editionId)}
              tiers={tiers}
            />
          </div>
        </div>
      ))}
    </>
  );
}
