/**
 * /showcase/:slug (issue 25): one project as its team agreed to show it:
 * title, team (names as each member chose), organizations (when members
 * agree), summary, abstract, the prototype link, the demo video as a plain
 * link (no third-party frame on our pages) and, after the finals, its awards.
 * The vote is a plain POST to this route (app/showcase/intents.server.ts).
 * No JavaScript; anonymous visits are edge-cacheable (workers/cache.ts).
 */
import { data } from "react-router";
import { PageHero } from "~/components/page";
import { VotePanel } from "~/components/showcase/vote-panel";
import { formHeaders } from "~/forms/action.server";
import { canonicalUrl, pageMeta } from "~/lib/meta";
import { voteAction } from "~/showcase/intents.server";
import { projectView } from "~/showcase/view.server";
import type { Route } from "./+types/project";

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? pageMeta(
        loaderData.project.title,
        loaderData.project.summary || `A project of the Idaho AI Challenge showcase.`,
        canonicalUrl(loaderData.origin, location.pathname),
      )
    : pageMeta("Project not found", "This project is not in the showcase.");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const view = await projectView({ request, context, slug: params.slug });
  if (!view) throw data("Not found", { status: 404 });
  return view;
}

export function action({ request, context, params }: Route.ActionArgs) {
  return voteAction({ request, context, slug: params.slug });
}

export const headers = formHeaders;

export default function ShowcaseProjectPage({ loaderData: view, actionData }: Route.ComponentProps) {
  const { project } = view;
  return (
    <>
      <PageHero eyebrow={project.trackName ?? "Project Showcase"} title={project.title} lead={project.summary} />
      <section className="section bg-slate-50">
        <div className="container-page grid max-w-5xl gap-8 lg:grid-cols-[2fr_1fr]">
          <div className="space-y-8">
            <p>
              <a href="/showcase" className="font-semibold text-brand-700 underline">
                ← All projects
              </a>
            </p>
            {view.awards.length > 0 ? (
              <p
                className="rounded-lg border-l-4 border-accent-500 bg-white p-4 font-semibold text-brand-950"
                data-testid="awards"
              >
                {`Awards: ${view.awards.join(", ")}`}
              </p>
            ) : null}
            <dl className="card grid gap-3 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold text-slate-800">Team</dt>
              <dd className="text-slate-700" data-testid="credit">
                {project.credit}
              </dd>
              {project.organizations.length > 0 ? (
                <>
                  <dt className="font-semibold text-slate-800">
                    {project.organizations.length === 1 ? "Organization" : "Organizations"}
                  </dt>
                  <dd className="text-slate-700" data-testid="organizations">
                    {project.organizations.join(", ")}
                  </dd>
                </>
              ) : null}
              {project.trackName ? (
                <>
                  <dt className="font-semibold text-slate-800">Track</dt>
                  <dd className="text-slate-700">{project.trackName}</dd>
                </>
              ) : null}
            </dl>
            <section aria-labelledby="abstract-heading" className="card">
              <h2 id="abstract-heading" className="text-xl font-semibold text-brand-950">
                Abstract
              </h2>
              <div className="mt-3 space-y-3 whitespace-pre-line text-slate-800">{project.abstract}</div>
            </section>
            <section aria-labelledby="see-it-heading" className="card">
              <h2 id="see-it-heading" className="text-xl font-semibold text-brand-950">
                See it work
              </h2>
              <ul className="mt-3 space-y-2">
                {project.prototypeUrl ? (
                  <li>
                    <a
                      href={project.prototypeUrl}
                      rel="noopener noreferrer nofollow"
                      className="font-semibold text-brand-700 underline"
                    >
                      Open the prototype or workflow demo
                    </a>
                    <span className="text-sm text-slate-600">{` (${new URL(project.prototypeUrl).hostname}, another site)`}</span>
                  </li>
                ) : null}
                {project.videoUrl ? (
                  <li>
                    <a
                      href={project.videoUrl}
                      rel="noopener noreferrer nofollow"
                      className="font-semibold text-brand-700 underline"
                    >
                      Watch the demo video
                    </a>
                    <span className="text-sm text-slate-600">{` (${new URL(project.videoUrl).hostname}, another site)`}</span>
                  </li>
                ) : null}
              </ul>
            </section>
          </div>
          <aside className="space-y-6">
            <VotePanel view={view} actionData={actionData} />
          </aside>
        </div>
      </section>
    </>
  );
}
