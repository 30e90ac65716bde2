/**
 * /organize/report.csv (issue 32): the judging report, one row per submitted
 * project in rank order, the columns `npm run admin -- judging-report --out`
 * writes (app/judging/report.ts's `reportRows`, the one CSV writer app/lib/csv.ts);
 * each download is an audit row (issue 50).
 */
import { reportRows } from "~/judging/report";
import { loadJudgingReport } from "~/judging/report.server";
import { toCsv } from "~/lib/csv";
import { recordRead } from "~/organize/action.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/report[.]csv";

export async function loader({ context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const rows = reportRows(await loadJudgingReport(desk.db, desk.edition.id));
  await recordRead(desk.action, "report.export", rows.length, { edition: desk.edition.id });
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="judging-report-${desk.edition.id}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
