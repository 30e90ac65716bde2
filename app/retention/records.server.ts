/**
 * The daily data lifecycle job (scheduled handler): expires checkouts that
 * were abandoned, and applies the retention periods the privacy policy
 * states (app/content/legal.ts `dataRetention`), deleting old records or, for
 * payment records, removing the personal details and keeping the amounts.
 */
import { signInLockout } from "~/content/limits";
import { dataRetention, dataRetentionById, type RetentionRule } from "~/content/legal";
import { log } from "~/lib/log.server";

/**
 * Stripe Checkout sessions expire after 24 hours; a row still pending a day
 * after that will never be paid (the webhook's `checkout.session.expired`
 * normally gets there first; this is the backstop).
 */
export const ABANDONED_CHECKOUT_HOURS = 48;

/** The daily trigger in wrangler.toml that runs this job (the other trigger is the outbox sweep). */
export const DATA_LIFECYCLE_CRON = "17 9 * * *";

/** The personal columns blanked in a payment record past its retention period. */
const personalColumns: Record<string, readonly string[]> = {
  registrations: ["first_name", "last_name", "email", "phone", "title"],
  sponsorships: ["first_name", "last_name", "title", "email", "phone"],
};

// Rows still on their way out (an e-mail not yet sent) are never pruned.
// The event log's trigger (migrations/0028_one_event_log.sql) refuses to delete a
// row younger than its period by the database's own clock: never ask it to,
// whatever the job's clock says, or the whole batch would be undone.
const extraConditions: Record<string, string> = {
  notifications: "status <> 'pending'",
  events: `created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${Number(dataRetentionById["event-log"].months)} months')`,
};

export interface LifecycleReport {
  expiredCheckouts: { registrations: number; sponsorships: number };
  retention: { id: string; table: string; afterwards: RetentionRule["afterwards"]; rows: number }[];
}

/** Calendar months before `now`, as the ISO text our created_at columns hold. */
export function monthsBefore(now: Date, months: number): string {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}

/** The start of a rule's period, counted back from `now`. */
export function retentionCutoff(now: Date, rule: Pick<RetentionRule, "months" | "days">): string {
  if (rule.days !== undefined) return new Date(now.getTime() - rule.days * 86_400_000).toISOString();
  return monthsBefore(now, rule.months);
}

// Raw statements in this module: the retention rules name their tables and
// columns as data (app/content), and every statement joins one D1 batch.
function retentionStatement(db: D1Database, rule: RetentionRule & { table: string }, cutoff: string) {
  const conditions = [
    `${rule.from} < ?1`,
    extraConditions[rule.table],
    // One table, several periods (the next-edition list): each rule prunes only its own rows.
    rule.status ? "status = ?2" : undefined,
  ]
    .filter(Boolean)
    .join(" AND ");
  if (rule.afterwards === "deleted") {
    const statement = db.prepare(`DELETE FROM ${rule.table} WHERE ${conditions}`);
    return rule.status ? statement.bind(cutoff, rule.status) : statement.bind(cutoff);
  }
  return anonymizeStatement(db, rule.table, conditions).bind(cutoff);
}

/** Blanks the personal columns of a payment table's rows that meet `conditions`, keeping the amounts. */
function anonymizeStatement(db: D1Database, table: string, conditions: string) {
  const columns = personalColumns[table];
  if (!columns) throw new Error(`no personal columns listed for ${table}`);
  // Empty strings, not NULL: several of these columns are NOT NULL. `email <> ''` skips rows already done.
  const assignments = columns.map((column) => `${column} = ''`).join(", ");
  return db.prepare(`UPDATE ${table} SET ${assignments} WHERE ${conditions} AND email <> ''`);
}

/**
 * A deleted account's payment records (issue 13): anonymized now, as the
 * retention period would later, so the amounts stay for the accounts. For a
 * D1 batch that also deletes the account.
 */
export function anonymizePaymentRecordsOf(db: D1Database, userId: string): D1PreparedStatement[] {
  return Object.keys(personalColumns).map((table) => anonymizeStatement(db, table, "user_id = ?1").bind(userId));
}

export async function runDataLifecycle(db: D1Database, now: Date, requestId = "scheduled"): Promise<LifecycleReport> {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_CHECKOUT_HOURS * 3_600_000).toISOString();
  const nowIso = now.toISOString();
  const rules = dataRetention.filter((rule): rule is typeof rule & { table: string } => rule.table !== null);
  const results = await db.batch([
    db
      .prepare(
        "UPDATE registrations SET status = 'expired', updated_at = ?2 WHERE status = 'pending' AND created_at < ?1",
      )
      .bind(abandonedBefore, nowIso),
    db
      .prepare(
        "UPDATE sponsorships SET status = 'expired', updated_at = ?2 WHERE status = 'pending' AND created_at < ?1",
      )
      .bind(abandonedBefore, nowIso),
    ...rules.map((rule) => retentionStatement(db, rule, retentionCutoff(now, rule))),
  ]);
  const changes = results.map((result) => result.meta.changes ?? 0);
  const report: LifecycleReport = {
    expiredCheckouts: { registrations: changes[0] ?? 0, sponsorships: changes[1] ?? 0 },
    retention: rules.map((rule, index) => ({
      id: rule.id,
      table: rule.table,
      afterwards: rule.afterwards,
      rows: changes[index + 2] ?? 0,
    })),
  };
  // Failed sign-ins (an address and a client) matter only within the lockout window (ADR 008).
  const failuresBefore = new Date(now.getTime() - signInLockout.windowMinutes * 60_000).toISOString();
  await db.prepare("DELETE FROM sign_in_failures WHERE failed_at < ?").bind(failuresBefore).run();
  if (report.expiredCheckouts.registrations + report.expiredCheckouts.sponsorships > 0) {
    log("info", "payments.checkouts_expired", { requestId, ...report.expiredCheckouts });
  }
  log("info", "data.lifecycle", { requestId, ...report });
  return report;
}
