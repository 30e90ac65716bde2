/**
 * /showcase (issue 25): every consenting submitted project of the edition,
 * from the showcase's start and afterwards as the edition's archive, found by
 * track and title with a plain GET form. Server-rendered, no JavaScript (no
 * handle.hydrate, ADR 004), cacheable at the edge for anonymous visitors
 * (workers/cache.ts). Before it opens: when, with the calendar link.
 */
import { PageHero, Section } from "~/components/page";
import { AudienceLedger, ProjectCards, ShowcaseFilter } from "~/components/showcase/gallery";
import { contentMeta } from "~/lib/content-meta";
import { galleryView } from "~/showcase/view.server";
import type { Route } from "./+types/index";

export const meta = contentMeta(
  "Project Showcase",
  "The projects of the Idaho AI Challenge: find them by track or title, and vote for your favorite while voting is open.",
);

export function loader(args: Route.LoaderArgs) {
  return galleryView(args);
}

export default function Showcase({ loaderData: view }: Route.ComponentProps) {
  const { shown, upcoming } = view;
  return (
    <>
      <PageHero
        eyebrow="Public showcase"
        title="Project Showcase"
        lead={
          shown
            ? shown.voting === "open"
              ? `The ${shown.editionName}'s projects, each applying AI to a real workplace problem in Idaho. Voting is open through ${shown.lastDay} (Mountain Time): sign in with a verified account and give one project your vote.`
              : `The ${shown.editionName}'s projects, each applying AI to a real workplace problem in Idaho. Voting ran from ${shown.opens} through ${shown.lastDay}.`
            : upcoming
              ? `The showcase of the ${upcoming.editionName} opens on ${upcoming.opens}, AI Literacy Day. Every project whose team agrees to be shown will be here, and the public votes through ${upcoming.lastDay}.`
              : undefined
        }
      >
        {upcoming ? (
          <a href={upcoming.calendarPath} className="btn-primary" download data-testid="showcase-calendar">
            Add the opening to your calendar
          </a>
        ) : null}
      </PageHero>
      {upcoming && shown ? (
        <p className="container-page mt-6 text-slate-700">{`Below: the ${shown.editionName}'s showcase, kept as its archive.`}</p>
      ) : null}
      {shown ? (
        <Section
          id="projects"
          tone="muted"
          title={`${shown.editionName} projects`}
          lead="Search by title or choose a track; each project has its own page with its abstract, prototype and demo video."
        >
          <ShowcaseFilter view={view} />
          <div className="mt-8">
            <ProjectCards view={view} />
          </div>
        </Section>
      ) : (
        <Section id="projects" title="Coming soon">
          <p className="text-slate-700">
            Projects appear here when the showcase opens. Until then, see how the Challenge works on the{" "}
            <a href="/timeline" className="font-semibold text-brand-700 underline">
              timeline
            </a>
            .
          </p>
        </Section>
      )}
      {shown && view.audience ? (
        <Section
          id="audience-vote"
          title="The audience vote"
          lead={`Each verified account had one vote. This ledger lists, per project, the votes cast, those the organizers excluded after reviewing them, and the votes counted.`}
        >
          <AudienceLedger audience={view.audience} />
        </Section>
      ) : null}
    </>
  );
}
