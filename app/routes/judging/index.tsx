/**
 * /judging (issue 24): a judge's queue, with how many projects are scored and
 * left and when scores are final. Anyone else signed in reads that judging is
 * by invitation. The layout's middleware found who asks (ADR 013).
 */
import { data } from "react-router";
import { PageHero } from "~/components/page";
import { SectionCard } from "~/components/section-card";
import { judgingRules, rubricCriteria } from "~/content/judging";
import { formatScore } from "~/judging/normalize";
import { signedInPageHeaders } from "~/forms/action.server";
import { judgingContext } from "~/judging/guard.server";
import { queueView } from "~/judging/view.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Judging", "The projects assigned to you and your progress."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return data(await queueView(context.get(judgingContext)), { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = signedInPageHeaders;

export default function JudgingQueue({ loaderData: view }: Route.ComponentProps) {
  if (!view.judge) {
    return (
      <>
        <PageHero eyebrow="Judging" title={`Judging the ${view.editionName}`} />
        <section className="section bg-slate-50">
          <div className="container-page max-w-2xl">
            <div className="card p-6 sm:p-8" data-testid="judging-refusal">
              <p className="text-slate-800">{view.refusal}</p>
              <p className="mt-4 flex flex-wrap gap-4">
                <a href="/judges-advisors" className="font-semibold text-brand-700 underline">
                  About judges and advisors
                </a>
                <a href="/account" className="font-semibold text-brand-700 underline">
                  Your account
                </a>
              </p>
            </div>
          </div>
        </section>
      </>
    );
  }
  return (
    <>
      <PageHero eyebrow="Judging" title="Your projects" lead={`${view.editionName}: ${view.scoresFinal}.`} />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl space-y-8">
          {view.closed ? (
            <p
              role="status"
              className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 font-medium text-amber-900"
            >
              {view.closed}
            </p>
          ) : null}
          <SectionCard id="queue" title="Your queue">
            <p className="mt-2 text-lg font-semibold text-slate-900" data-testid="judging-progress">
              {view.progress}
            </p>
            <p className="mt-1 text-slate-700" data-testid="judging-due">
              {view.scoresFinal}
            </p>
            {view.queue.length === 0 ? (
              <p className="mt-4 text-slate-800">
                No projects are assigned to you yet. The organizers assign them when judging opens; this page lists them
                then.
              </p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-200" data-testid="judging-queue">
                {view.queue.map((item) => (
                  <li key={item.teamId} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <a href={`/judging/${item.teamId}`} className="font-semibold text-brand-700 underline">
                      {item.name}
                    </a>
                    <span className="text-sm text-slate-700">
                      {item.complete
                        ? `Scored: weighted total ${formatScore(item.total)} of ${judgingRules.scoreMax}`
                        : item.scored > 0
                          ? `In progress: ${item.scored} of ${rubricCriteria.length} criteria scored`
                          : "Not scored yet"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
        </div>
      </section>
    </>
  );
}
