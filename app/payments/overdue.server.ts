/**
 * The daily job's sweep (issue 53, ADR 025), in a module of its own so the
 * daily jobs do not load the whole invoicing service: for an account that
 * does not send invoice.overdue, open invoices past their due date.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { invoices } from "~/db/schema";

export async function markOverdueInvoices(env: Pick<Env, "DB">, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await getDb(env)
    .update(invoices)
    .set({ overdueAt: at, updatedAt: at })
    .where(and(eq(invoices.status, "open"), isNull(invoices.overdueAt), lt(invoices.dueAt, at)))
    .returning({ id: invoices.id });
  return result.length;
}
