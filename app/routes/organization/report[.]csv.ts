/**
 * /organization/:id/report.csv (issue 55): the impact report's figures, one
 * row each, by the one CSV writer. Owner and co-administrators only (the
 * layouts above); anyone else gets a 404.
 */
import { mountainDateKey } from "~/clock/schedule";
import { requestContext, signedInContext } from "~/context";
import { organizationReport, organizationReportCsvRows } from "~/impact/organization-report.server";
import { toCsv } from "~/lib/csv";
import { organizationContext } from "~/organization/access.server";
import type { Route } from "./+types/report[.]csv";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const signedIn = context.get(signedInContext);
  const report = await organizationReport(env, signedIn, context.get(organizationContext));
  const csv = toCsv(organizationReportCsvRows(report), ["section", "measure", "value", "challenge"]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="impact-report-${signedIn.edition.id}-${mountainDateKey(signedIn.now)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
