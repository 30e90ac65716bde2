/**
 * /organize/report (issue 32): the judging report for anyone on the desk
 * who may read it (viewer and up): coverage, each submitted project's
 * normalized and raw results per criterion, and the ranking, with a CSV
 * download. The numbers are the `judging.report` query's
 * (app/judging/report.server.ts), the same the organizer API and
 * `npm run admin -- judging-report` give.
 */
import { cellClass, DeskBody, DeskHero, DeskTable, deskLinkClass, Empty } from "~/components/organize/desk";
import { signedInPageHeaders } from "~/forms/action.server";
import { reportDeskView } from "~/judging/report-view.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/desk-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Judging report", "Coverage, each project's raw and normalized results, and the ranking."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await reportDeskView(context.get(deskContext)));
}

export const headers = signedInPageHeaders;

export default function Report({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Judging report"
        lead={`${view.editionName}: ${view.projects.length} submitted project(s).`}
      />
      <DeskBody>
        <section aria-labelledby="coverage-heading">
          <h2 id="coverage-heading" className="text-xl font-bold text-slate-900">
            Coverage
          </h2>
          {view.projects.length === 0 ? (
            <Empty>No project has been submitted yet. The report fills in as teams submit and judges score.</Empty>
          ) : view.missing.length === 0 ? (
            <p className="mt-2 text-slate-800">Every project has its complete score sets.</p>
          ) : (
            <>
              <p className="mt-2 text-slate-800">
                {view.missing.length} project(s) missing complete score sets. Remind the judges behind, or assign more
                judges on the judges page.
              </p>
              <DeskTable
                id="report-missing"
                caption="Projects missing score sets"
                head={["Project", "Missing", "Complete", "Assigned"]}
              >
                {view.missing.map((p) => (
                  <tr key={p.teamId}>
                    <td className={cellClass}>{p.name}</td>
                    <td className={cellClass}>{p.missing}</td>
                    <td className={cellClass}>{p.judges}</td>
                    <td className={cellClass}>{p.assigned}</td>
                  </tr>
                ))}
              </DeskTable>
            </>
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
          {view.projects.length === 0 ? (
            <Empty>Nothing to rank yet: projects appear here once submitted.</Empty>
          ) : (
            <DeskTable
              id="report-ranking"
              caption="Ranking"
              head={["Rank", "Project", "Normalized", "Raw", "Judges", ...view.criteria.map((c) => c.name)]}
            >
              {view.projects.map((p) => (
                <tr key={p.teamId}>
                  <td className={cellClass}>{p.rank}</td>
                  <td className={cellClass}>{p.name}</td>
                  <td className={cellClass}>{p.normalized}</td>
                  <td className={cellClass}>{p.raw}</td>
                  <td className={cellClass}>{p.judges}</td>
                  {p.criteria.map((c) => (
                    <td key={c.id} className={`${cellClass} whitespace-nowrap`}>
                      {c.normalized} / {c.raw}
                    </td>
                  ))}
                </tr>
              ))}
            </DeskTable>
          )}
        </section>
      </DeskBody>
    </>
  );
}
