/**
 * /organize/invoices.csv (issue 53): the invoices the page's filter selects
 * (every page), every stored column, as the one CSV writer makes them.
 */
import { getTableColumns } from "drizzle-orm";
import { invoices } from "~/db/schema";
import { deskContext } from "~/organize/guard.server";
import { csvDownload } from "~/people/lists.server";
import { invoicesList, receivableFilters, type ReceivableFilter } from "~/payments/receivables.server";
import type { Route } from "./+types/invoices[.]csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const url = new URL(request.url);
  const editionId = url.searchParams.get("edition") || desk.edition.id;
  const status = url.searchParams.get("status") ?? "";
  if (!receivableFilters.includes(status as ReceivableFilter) || editionId.length > 64) {
    throw new Response(null, { status: 400 });
  }
  const rows = await invoicesList(desk.db, { editionId, status: status as ReceivableFilter }, desk.action.now);
  const columns = Object.entries(getTableColumns(invoices)).map(([key, column]) => [key, column.name] as const);
  return csvDownload(
    desk.action,
    {
      editionId,
      columns: columns.map(([, name]) => name),
      rows: rows.map((row) =>
        Object.fromEntries(columns.map(([key, name]) => [name, row[key as keyof typeof row] ?? null])),
      ),
    },
    "invoices",
    { edition: editionId, status },
  );
}
