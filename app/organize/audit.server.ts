/**
 * Reading the audit log (issue 32, ADR 018): /organize/audit filters it by a
 * GET form (who, which action, changes or reads of personal data, whose rows:
 * the organizers' and jobs', the accounts' own or everyone's, from and to a
 * Mountain-Time day), a page at a time, and /organize/audit.csv
 * downloads the same selection. People's addresses in what a row says are
 * redacted for a role that may not read people (./redact.ts, issue 50).
 */
import { and, count, desc, eq, gte, inArray, lt, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { nextMountainMidnight, startOfMountainDay } from "~/clock/schedule";
import {
  auditActors,
  auditKinds,
  deskRules,
  personalDataReadIds,
  type AuditActors,
  type AuditKind,
} from "~/content/organize";
import type { Db } from "~/db/client.server";
import { events } from "~/db/schema";
import { toCsv } from "~/lib/csv";
import { recordRead, type ActionContext } from "./action.server";
import { addressesFor } from "./redact";

export interface AuditFilter {
  /** Part of the actor's address or the job's name, or an account id. */
  actor: string;
  /** A registered action id, or "" for all. */
  action: string;
  /** Changes only, reads of personal data only, or "" for both. */
  kind: AuditKind;
  /** The organizers' and jobs' rows (""), the accounts' own, or everyone's. */
  actors: AuditActors;
  /** YYYY-MM-DD, Mountain Time, inclusive; "" for no bound. */
  from: string;
  to: string;
  /** 1-based. */
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter a GET form asked for, each field cut to what it can be (anything else reads as no filter). */
export function auditFilterOf(params: URLSearchParams, actionIds: readonly string[]): AuditFilter {
  const text = (name: string, max: number) => (params.get(name) ?? "").trim().slice(0, max);
  const day = (name: string) => {
    const value = text(name, 10);
    return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) ? value : "";
  };
  const action = text("action", 64);
  const kind = auditKinds.find((k) => k === text("kind", 16)) ?? "";
  const actors = auditActors.find((a) => a === text("actors", 16)) ?? "";
  const page = Number(params.get("page"));
  return {
    actor: text("actor", 255),
    action: actionIds.includes(action) ? action : "",
    kind,
    actors,
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The filter as a query string (for pagination links and the CSV), without the page unless asked. */
export function auditQueryString(filter: AuditFilter, page?: number): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "action", "kind", "actors", "from", "to"] as const)
    if (filter[key]) params.set(key, filter[key]);
  if (page && page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Mountain-Time midnight at the start of a YYYY-MM-DD day (noon UTC is always inside that day there). */
const dayStart = (day: string) => startOfMountainDay(new Date(`${day}T12:00:00Z`)).toISOString();
const dayEnd = (day: string) => nextMountainMidnight(new Date(`${day}T12:00:00Z`)).toISOString();

function conditions(filter: AuditFilter): SQL | undefined {
  // By default the organizers' and the jobs' rows: an account's own actions are read
  // in the histories of what they concern, or here when asked for.
  const parts: (SQL | undefined)[] = [
    filter.actors === "" ? ne(events.actorKind, "account") : undefined,
    filter.actors === "accounts" ? eq(events.actorKind, "account") : undefined,
  ];
  if (filter.actor) {
    // LIKE with the text as a bound value; its own % and _ match themselves.
    const pattern = `%${filter.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        sql`${events.actorLabel} LIKE ${pattern} ESCAPE '\\'`,
        eq(events.actorUserId, filter.actor),
        eq(events.tokenId, filter.actor),
      ),
    );
  }
  if (filter.action) parts.push(eq(events.action, filter.action));
  if (filter.kind === "reads") parts.push(inArray(events.action, personalDataReadIds));
  if (filter.kind === "changes") parts.push(notInArray(events.action, personalDataReadIds));
  if (filter.from) parts.push(gte(events.createdAt, dayStart(filter.from)));
  if (filter.to) parts.push(lt(events.createdAt, dayEnd(filter.to)));
  return and(...parts);
}

/**
 * One page of the log (`deskRules.listPageSize` rows, issue 56), newest first, and how many rows the filter
 * selects. Two statements in one batch: the page walks the log's date index and stops at its rows, where a count
 * beside each row (`count(*) OVER ()`) would read every row the filter selects.
 */
export async function auditPage(db: Db, filter: AuditFilter) {
  const where = conditions(filter);
  const size = deskRules.listPageSize;
  // Neither waits for the other: one round trip.
  const [[total], rows] = await db.batch([
    db.select({ n: count() }).from(events).where(where),
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(size)
      .offset((filter.page - 1) * size),
  ]);
  return { rows, total: total?.n ?? 0, size };
}

export const auditCsvColumns = [
  "id",
  "created_at",
  "actor_kind",
  "actor",
  "actor_user_id",
  "actor_role",
  "token_id",
  "action",
  "summary",
  "targets",
  "before",
  "after",
  "reason",
  "proposal_id",
  "request_id",
] as const;

/**
 * Every row the filter selects (all pages), as the one CSV writer makes it,
 * people's addresses redacted unless `mayReadPeople`; the download is itself
 * a read of personal data (its own audit row).
 */
export async function auditCsv(ctx: ActionContext, filter: AuditFilter, mayReadPeople: boolean): Promise<string> {
  const rows = await ctx.db
    .select()
    .from(events)
    .where(conditions(filter))
    .orderBy(desc(events.createdAt), desc(events.id));
  await recordRead(ctx, "audit.export", rows.length, { ...filter, page: undefined });
  const shown = addressesFor(mayReadPeople);
  return toCsv(
    rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      actor_kind: r.actorKind,
      actor: r.actorLabel,
      actor_user_id: r.actorUserId,
      actor_role: r.actorRole,
      token_id: r.tokenId,
      action: r.action,
      summary: shown(r.summary),
      targets: shown(r.targets),
      before: shown(r.factsBefore),
      after: shown(r.factsAfter),
      reason: shown(r.reason),
      proposal_id: r.proposalId,
      request_id: r.requestId,
    })),
    auditCsvColumns,
  );
}
