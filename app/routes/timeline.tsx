import { Link } from "react-router";
import { MilestoneList, TimeZoneNote } from "~/components/milestones";
import { EnrollmentCta, PageHero, Section } from "~/components/page";
import { EditionResults } from "~/components/edition-results";
import { hasResults } from "~/judging/published";
import { pageResults } from "~/judging/published.server";
import { requestContext } from "~/context";
import { weeklyCheckIn } from "~/content/dates";
import { phaseSummary } from "~/content/phases";
import { participantJourney } from "~/content/program";
import { TIMELINE_ICS_PATH } from "~/clock/calendar";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import { nextMilestone } from "~/clock/schedule";
import { formatMilestoneDate, formatMountain, formatTimeMountainAndPacific } from "~/clock/format";
import { SponsorLogos } from "~/components/sponsor-logos";
import { sponsorPresenceText } from "~/content/sponsorship";
import { placedSponsors } from "~/sponsors/shown.server";
import type { Route } from "./+types/timeline";

export async function loader(args: Route.LoaderArgs) {
  const data = contentPageData(args);
  const next = nextMilestone(new Date(data.now), data.edition.milestones);
  const { env } = args.context.get(requestContext);
  const [results, sponsors] = await Promise.all([
    // Published to the database by the organizers (ADR 015); empty until then.
    pageResults(env, data),
    // The finals' recognition of its sponsors (issue 54): one cached read per isolate.
    placedSponsors(env, new Date(data.now), "timeline"),
  ]);
  return { ...data, nextId: next?.id ?? null, results, sponsors };
}

export const meta = contentMeta(
  "Timeline",
  "Every date of the Idaho AI Challenge, from early enrollment to the State Capital Finals in Boise, with calendar downloads.",
);

export default function Timeline({ loaderData }: Route.ComponentProps) {
  const { enrollment, statuses, origin, nextId, now, editionPhase } = loaderData;
  const { edition } = loaderData;
  const { milestones, finalsVenue, finalEnrollmentDeadline } = edition;
  const next = milestones.find((m) => m.id === nextId);
  const over = editionPhase === "afterFinals";
  return (
    <>
      <PageHero
        eyebrow="For Employees"
        title="Challenge Timeline"
        lead={`Every date of the ${edition.name} in one place, from early enrollment to the ${finalsVenue.name} in ${finalsVenue.city}. Each milestone shows whether it is past, happening now or upcoming.`}
      >
        {editionPhase === "showcase" ? (
          // While the public votes (issue 25).
          <Link to="/showcase" className="btn-primary" data-testid="showcase-link">
            See the projects and vote
          </Link>
        ) : null}
        <a href={TIMELINE_ICS_PATH} className="btn-primary" download>
          Download all dates (.ics)
        </a>
        <Link to="/submission-guidelines" className="btn-outline">
          Submission Guidelines
        </Link>
      </PageHero>

      <Section
        id="status"
        title="Where the Challenge stands"
        lead={`As of ${formatMountain(new Date(now), "longDate")}, Mountain Time.`}
      >
        <div className="grid gap-6 md:grid-cols-2">
          <div className="card">
            <h3 className="text-lg font-semibold text-brand-950">Next milestone</h3>
            {next ? (
              <p className="mt-2 text-slate-700">
                <a href={`#${next.id}`} className="font-semibold text-brand-700 underline">
                  {next.title}
                </a>
                {`: ${formatMilestoneDate(next)}`}
              </p>
            ) : (
              <p className="mt-2 text-slate-700">{phaseSummary(editionPhase, edition.name)}</p>
            )}
          </div>
          <div className="card" id="enrollment-status">
            <h3 className="text-lg font-semibold text-brand-950">Enrollment</h3>
            <p className="mt-2 text-slate-700">
              {`The final enrollment deadline ${enrollment === "closed" ? "was" : "is"} ${formatMountain(finalEnrollmentDeadline.due, "longDate")} at ${formatTimeMountainAndPacific(finalEnrollmentDeadline.due)}.`}
            </p>
            <div className="mt-4">
              <EnrollmentCta state={enrollment} to="/register?tab=individual" closedClassName="text-slate-700">
                Enroll Now
              </EnrollmentCta>
            </div>
          </div>
        </div>
      </Section>

      <Section
        id="milestones"
        tone="muted"
        title="Key dates"
        lead="Add any date to your calendar, or download them all at once."
      >
        <div className="mb-6">
          <TimeZoneNote />
        </div>
        <MilestoneList items={milestones} statuses={statuses} origin={origin} />
        <p className="mt-8 text-slate-700">
          {`Optional weekly check-ins ${over ? "ran" : "run"} on ${weeklyCheckIn.label} throughout the program.`}
        </p>
      </Section>

      {over || hasResults(loaderData.results) ? (
        <EditionResults editionName={edition.name} results={loaderData.results} tone="white" />
      ) : null}

      {loaderData.sponsors.length > 0 ? (
        <div className="section">
          <div className="container-page">
            <SponsorLogos
              id="timeline-sponsors"
              title={sponsorPresenceText.timelineTitle}
              lead={sponsorPresenceText.timelineLead}
              sponsors={loaderData.sponsors}
            />
          </div>
        </div>
      ) : null}

      <Section
        id="journey"
        title="Your journey"
        lead={`Six steps take ${over ? "each participant" : "you"} from enrollment to the finals stage. Each one links to its date above.`}
      >
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {participantJourney.map((step, index) => (
            <li key={step.id} className="card">
              <p className="text-sm font-semibold text-brand-700">{`Step ${index + 1}`}</p>
              <h3 className="text-lg font-semibold text-brand-950">{step.name}</h3>
              <p className="mt-1 text-slate-600">{step.summary}</p>
              <a
                href={`#${step.milestoneId}`}
                className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
              >
                {`See the date for ${step.name}`}
              </a>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="calendar" tone="brand" title={over ? "Keep the dates" : "Never miss a deadline"}>
        <p className="max-w-3xl text-brand-100">
          {over
            ? `The ${edition.name}'s calendar file stays available for your records. The next edition's dates will be published here; leave your address to hear first.`
            : "The calendar file holds every milestone and updates in place when you import it again; calendar apps that subscribe to a link can use its address too."}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={TIMELINE_ICS_PATH} className="btn-primary" download>
            Download all dates (.ics)
          </a>
          {over ? (
            <Link to="/next-edition" className="btn-outline">
              Get notified about the next edition
            </Link>
          ) : (
            <Link to="/faq" className="btn-outline">
              Read the FAQ
            </Link>
          )}
        </div>
      </Section>
    </>
  );
}
