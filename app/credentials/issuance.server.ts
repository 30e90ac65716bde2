/**
 * The worker's side of issuance (issue 26): the daily job issues AI Innovator
 * credentials once an edition's submission deadline has passed, and again
 * every day after (a later import can complete someone's three
 * certifications). The same SQL as the admin CLI (issuance-sql.ts).
 */
import type { Edition } from "~/content/editions";
import { log } from "~/lib/log.server";
import { innovatorCredentialsSql, type Quote } from "./issuance-sql";

/** A value as an SQL text literal that nothing can break out of (as scripts/admin.mjs `sqlText`). */
export const sqlText: Quote = (value) => {
  const hex = [...new TextEncoder().encode(value)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `CAST(X'${hex}' AS TEXT)`;
};

export async function issueDueInnovatorCredentials(db: D1Database, editions: readonly Edition[], now: Date) {
  let issued = 0;
  for (const edition of editions) {
    const deadline = edition.submissionDeadline.closesAt;
    if (now.getTime() < deadline.getTime()) continue;
    const sql = innovatorCredentialsSql(sqlText, edition.id, deadline.toISOString(), now.toISOString());
    const result = await db.prepare(sql).all();
    issued += result.results.length;
    if (result.results.length > 0) {
      log("info", "credentials.innovator_issued", { editionId: edition.id, count: result.results.length });
    }
  }
  return issued;
}
