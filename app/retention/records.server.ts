/**
 * The daily data lifecycle job (scheduled handler): expires checkouts that
 * were abandoned, and applies the retention periods the privacy policy
 * states (app/content/legal.ts `dataRetention`), deleting old records or, for
 * payment records, removing the personal details and keeping the amounts.
 */
import { sql, type SQL } from "drizzle-orm";
import { signInLockout } from "~/content/limits";
import { dataRetention, dataRetentionById, type RetentionRule } from "~/content/legal";
import { prepared, sqlStatement, type PlannedChange } from "~/events/commit.server";
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
const extraConditions: Record<string, SQL> = {
  notifications: sql`status <> 'pending'`,
  events: sql.raw(
    `created_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${Number(dataRetentionById["event-log"].months)} months')`,
  ),
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

// SQL text in this module: the retention rules name their tables and columns
// as data (app/content), written here as identifiers, their values bound.

/** One step of the job: its statement, and the rows it will change, counted before the batch with the same condition. */
interface LifecycleStep {
  statement: SQL;
  affected: SQL;
}

/** The rows of `table` that meet `where`, counted. */
const countOf = (table: string, where: SQL) => sql`(SELECT count(*) FROM ${sql.identifier(table)} WHERE ${where})`;

function retentionStep(rule: RetentionRule & { table: string }, cutoff: string): LifecycleStep {
  const where = sql.join(
    [
      sql`${sql.identifier(rule.from)} < ${cutoff}`,
      extraConditions[rule.table],
      // One table, several periods (the next-edition list): each rule prunes only its own rows.
      rule.status ? sql`status = ${rule.status}` : undefined,
    ].filter((condition) => condition !== undefined),
    sql` AND `,
  );
  if (rule.afterwards === "deleted") {
    return {
      statement: sql`DELETE FROM ${sql.identifier(rule.table)} WHERE ${where}`,
      affected: countOf(rule.table, where),
    };
  }
  return anonymizeStep(rule.table, where);
}

/** Blanks the personal columns of a payment table's rows that meet `conditions`, keeping the amounts. */
function anonymizeStep(table: string, conditions: SQL): LifecycleStep {
  const columns = personalColumns[table];
  if (!columns) throw new Error(`no personal columns listed for ${table}`);
  // Empty strings, not NULL: several of these columns are NOT NULL. `email <> ''` skips rows already done.
  const assignments = sql.join(
    columns.map((column) => sql`${sql.identifier(column)} = ''`),
    sql`, `,
  );
  const where = sql`${conditions} AND email <> ''`;
  return {
    statement: sql`UPDATE ${sql.identifier(table)} SET ${assignments} WHERE ${where}`,
    affected: countOf(table, where),
  };
}

/**
 * Abandoned checkouts of a payment table: still pending long after their
 * session expired. A record waiting on an invoice (issue 53) is not
 * abandoned: it has 30 days to be paid, and its invoice ends it.
 */
function expiryStep(table: "registrations" | "sponsorships", abandonedBefore: string, now: string): LifecycleStep {
  const where = sql`status = 'pending' AND created_at < ${abandonedBefore} AND id NOT IN (SELECT record_id FROM invoices WHERE status IN ('draft', 'open'))`;
  return {
    statement: sql`UPDATE ${sql.identifier(table)} SET status = 'expired', updated_at = ${now} WHERE ${where}`,
    affected: countOf(table, where),
  };
}

/**
 * A deleted account's payment records (issue 13): anonymized now, as the
 * retention period would later, so the amounts stay for the accounts. For a
 * D1 batch that also deletes the account.
 */
export function anonymizePaymentRecordsOf(db: D1Database, userId: string): D1PreparedStatement[] {
  return Object.keys(personalColumns).map((table) =>
    prepared(db, sqlStatement(anonymizeStep(table, sql`user_id = ${userId}`).statement)),
  );
}

/**
 * The job's plan: its statements, and what they will do, counted before the
 * batch with each statement's own condition. The batch runs only if every
 * count still holds as it starts (`holdsBefore`): a checkout paid in
 * between, a row crossing its period, and the plan is read again. Within the
 * batch no step changes another's rows (the expired checkouts keep their
 * dates; the rules' tables and statuses do not overlap), so each count is
 * what its statement changes.
 */
export async function planDataLifecycle(db: D1Database, now: Date): Promise<PlannedChange<LifecycleReport>> {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_CHECKOUT_HOURS * 3_600_000).toISOString();
  const nowIso = now.toISOString();
  const rules = dataRetention.filter((rule): rule is typeof rule & { table: string } => rule.table !== null);
  const steps = [
    expiryStep("registrations", abandonedBefore, nowIso),
    expiryStep("sponsorships", abandonedBefore, nowIso),
    ...rules.map((rule) => retentionStep(rule, retentionCutoff(now, rule))),
  ];
  const counted = await db.batch(steps.map((step) => prepared(db, sqlStatement(sql`SELECT ${step.affected} AS n`))));
  const counts = counted.map((result) => Number((result.results[0] as { n: number } | undefined)?.n ?? 0));
  const report: LifecycleReport = {
    expiredCheckouts: { registrations: counts[0] ?? 0, sponsorships: counts[1] ?? 0 },
    retention: rules.map((rule, index) => ({
      id: rule.id,
      table: rule.table,
      afterwards: rule.afterwards,
      rows: counts[index + 2] ?? 0,
    })),
  };
  // Failed sign-ins (an address and a client) matter only within the lockout window (ADR 008).
  const failuresBefore = new Date(now.getTime() - signInLockout.windowMinutes * 60_000).toISOString();
  return {
    statements: [
      ...steps.map((step) => sqlStatement(step.statement)),
      sqlStatement(sql`DELETE FROM sign_in_failures WHERE failed_at < ${failuresBefore}`),
    ],
    result: report,
    holds: sql.join(
      steps.map((step, index) => sql`${step.affected} = ${counts[index] ?? 0}`),
      sql` AND `,
    ),
    holdsBefore: true,
  };
}

/** The job's log lines, once its batch has run. */
export function logDataLifecycle(report: LifecycleReport, requestId = "scheduled") {
  if (report.expiredCheckouts.registrations + report.expiredCheckouts.sponsorships > 0) {
    log("info", "payments.checkouts_expired", { requestId, ...report.expiredCheckouts });
  }
  log("info", "data.lifecycle", { requestId, ...report });
}

/**
 * The job's plan run on its own, without the daily job's audit row (the
 * daily job commits the same plan with its row: workers/daily-jobs.ts).
 */
export async function runDataLifecycle(db: D1Database, now: Date, requestId = "scheduled"): Promise<LifecycleReport> {
  const plan = await planDataLifecycle(db, now);
  await db.batch(plan.statements.map((statement) => prepared(db, statement)));
  logDataLifecycle(plan.result, requestId);
  return plan.result;
}
