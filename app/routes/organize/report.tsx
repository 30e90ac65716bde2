/**
 * /organize/report (issue 32): the judging report for anyone on the desk
 * who may read it (viewer and up): coverage, each submitted project's
 * normalized and raw results per criterion, and the ranking, with a CSV
 * download; the ranking a page at a time, filtered by coverage (issue 56).
 * The numbers are the `judging.report` query's
 * (app/judging/report.server.ts), the same the organizer API and
 * `npm run admin -- judging-report` give.
 */
import {
  DeskBody,
  deskControlClass,
  DeskHero,
  deskLabelClass,
  DeskTable,
  deskLinkClass,
  Empty,
  LinkIfAllowed,
  Pager,
  teamPage,
} from "~/components/organize/desk";
import { reportText } from "~/content/organize";
import { deskLinks } from "~/desk/pages";
import { signedInPageHeaders } from "~/forms/action.server";
import { reportDeskView } from "~/judging/desk.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Judging report", "Coverage, each project's raw and normalized results, and the ranking."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage({ ...(await reportDeskView(desk, new URL(request.url))), links: deskLinks(desk) });
}

export const headers = signedInPageHeaders;

export default function Report({ loaderData: view }: Route.ComponentProps) {
  const projects = view.projects;
  return (
    <>
      <DeskHero
        header={view.header}
        title="Judging report"
        lead={`${view.editionName}: ${view.projectCount} submitted project(s).`}
      />
      <DeskBody>
        <section aria-labelledby="coverage-heading">
          <h2 id="coverage-heading" className="text-xl font-bold text-slate-900">
            Coverage
          </h2>
          {view.projectCount === 0 ? (
            <Empty>No project has been submitted yet. The report fills in as teams submit and judges score.</Empty>
          ) : view.missingCount === 0 ? (
            <p className="mt-2 text-slate-800">Every project has its complete score sets.</p>
          ) : (
            <p className="mt-2 text-slate-800" data-testid="report-missing">
              {view.missingCount} project(s) missing complete score sets.{" "}
              <a href="/organize/report?coverage=missing#ranking-heading" className={deskLinkClass}>
                Show them, most missing first
              </a>
              . Remind the judges behind, or assign more judges on the judges page.
            </p>
          )}
          <p className="mt-4 text-slate-800">
            Judges behind:{" "}
            {view.judgesBehind.length === 0
              ? "none"
              : view.judgesBehind.map((j) => `${j.name} (${j.complete} of ${j.assigned})`).join(", ")}
          </p>
          {view.notRescaled.length > 0 ? (
            <p className="mt-2 text-slate-800">
              Not rescaled (raw totals kept): {view.notRescaled.map((j) => `${j.name} (${j.reason})`).join(", ")}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="ranking-heading">
          <h2 id="ranking-heading" className="text-xl font-bold text-slate-900">
            Ranking
          </h2>
          <p className="mt-2 text-slate-800">
            By normalized weighted total; raw beside it; each criterion as normalized / raw.{" "}
            <a href="/organize/report.csv" className={deskLinkClass} download>
              Download the report (CSV)
            </a>
          </p>
          {view.projectCount === 0 ? (
            <Empty>Nothing to rank yet: projects appear here once submitted.</Empty>
          ) : (
            <>
              <form
                method="get"
                action="/organize/report#ranking-heading"
                className="mt-4 flex flex-wrap items-end gap-3"
              >
                <div>
                  <label htmlFor="report-coverage" className={deskLabelClass}>
                    {reportText.filterLabel}
                  </label>
                  <select
                    id="report-coverage"
                    name="coverage"
                    defaultValue={view.coverage}
                    className={deskControlClass}
                  >
                    {view.coverageFilters.map((f) => (
                      <option key={f.value} value={f.value}>
                        {f.label}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="btn-outline">
                  {reportText.filterButton}
                </button>
              </form>
              <p className="mt-2 text-sm text-slate-700">{reportText.showing(projects.total, view.projectCount)}</p>
              {projects.total === 0 ? (
                <Empty>{reportText.noneMatch}</Empty>
              ) : (
                // `cellClass` once for the whole table rather than on each of its cells, and the criteria's cells
                // (the seventh on) kept on one line the same way: a page of rows then stays well under 60 KB of
                // HTML, whatever the edition's size (issue 56). Tailwind needs the classes written out.
                <div className="[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td]:text-slate-800 [&_td:nth-child(n+7)]:whitespace-nowrap">
                  <DeskTable
                    id="report-ranking"
                    caption={reportText.rankingCaption}
                    head={[
                      "Rank",
                      "Project",
                      "Normalized",
                      "Raw",
                      "Judges",
                      "Missing",
                      ...view.criteria.map((c) => c.name),
                    ]}
                  >
                    {projects.items.map((p) => (
                      <tr key={p.teamId} data-testid="report-project">
                        <td>{p.rank}</td>
                        <td>
                          <LinkIfAllowed href={view.links.team ? teamPage(p.teamId) : null}>{p.name}</LinkIfAllowed>
                        </td>
                        <td>{p.normalized}</td>
                        <td>{p.raw}</td>
                        <td>{p.judges}</td>
                        <td>{p.missing}</td>
                        {p.criteria.map((cell, i) => (
                          <td key={view.criteria[i]!.id}>{cell}</td>
                        ))}
                      </tr>
                    ))}
                  </DeskTable>
                </div>
              )}
              <Pager paged={projects} label={reportText.rankingCaption} />
            </>
          )}
        </section>
      </DeskBody>
    </>
  );
}
