/**
 * /organize/audit.csv (issue 32): the audit log's entries the filter selects
 * (every page), as the one CSV writer makes them (app/lib/csv.ts), people's
 * addresses redacted for a role that may not read people; each download is
 * an audit row of its own (issue 50).
 */
import { auditedActionIds } from "~/desk/registry.server";
import { auditCsv, auditFilterOf } from "~/organize/audit.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/audit[.]csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const filter = auditFilterOf(new URL(request.url).searchParams, auditedActionIds);
  const csv = await auditCsv(desk.action, filter, desk.can("read:person"));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${desk.now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
