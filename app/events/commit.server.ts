/**
 * The one guarded commit (issue 51, ADR 022): every change made on the site
 * by anyone — an organizer on the desk or through a token, a daily job, a
 * participant, a judge or a company admin acting for themselves — is its
 * statements plus ONE row of the event log (`events`), in one D1 batch:
 * both are written or neither.
 *
 * A change that must only happen if something holds (the row it meant to
 * change did change, the team is not full, the code is still live) passes
 * `holds`, a SQL condition: the event row's `action` is then
 * `(SELECT action WHERE holds)`, NULL when the condition is false, which the
 * column's NOT NULL refuses, and the whole batch is undone. `commit` tells
 * that apart from a fault and answers `{ ok: false }`: the one place that
 * detects a lost guard.
 *
 * Organizer and job rows are chained (./chain.server.ts); an account's row is
 * not, so participants writing at a deadline never queue for one global chain.
 *
 * This folder sits below the concerns: it imports none of them.
 */
import { and, exists, notExists, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { accountEventSummaries } from "~/content/events";
import type { Db } from "~/db/client.server";
import { events, type OrganizerRoleName } from "~/db/schema";
import { appendToChain, CHAIN_FORMAT, type ChainedContent, type ChainLink } from "./chain.server";
import {
  checkedEnvelope,
  checkedPayload,
  type AccountEventKind,
  type AccountEventPayload,
  type AccountRole,
} from "./kinds";

/** Who acts: an organizer on the desk, an organizer's API token, a daily job, or an account for itself. */
export type Actor =
  | { kind: "person"; userId: string; email: string; role: OrganizerRoleName }
  | { kind: "token"; userId: string; email: string; role: OrganizerRoleName; tokenId: string }
  | { kind: "job"; name: string }
  | { kind: "account"; userId: string; role: AccountRole };

/** An organizer (on the desk or through a token). */
export type OrganizerActor = Extract<Actor, { kind: "person" | "token" }>;

/** A participant, judge or company admin acting for themselves. */
export function accountActor(userId: string, role: AccountRole): Actor {
  return { kind: "account", userId, role };
}

export type SqlValue = string | number | null;

/** One write of a change's batch: a drizzle query, or SQL text with its values bound. */
export type Statement = { toSQL(): { sql: string; params: unknown[] } } | { sql: string; params: readonly SqlValue[] };

let dialect: SQLiteAsyncDialect | undefined;

/**
 * SQL written with drizzle's `sql` template as one statement of a batch: for
 * statements whose tables come as data (the retention rules), their names
 * as identifiers and their values bound, never inlined.
 */
export function sqlStatement(query: SQL): { sql: string; params: SqlValue[] } {
  dialect ??= new SQLiteAsyncDialect();
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params: params as SqlValue[] };
}

/**
 * A change planned before its batch (a daily job's): its statements, what it
 * will have done (known from the plan, so the row can say it in the same
 * batch), and the condition its counts rely on.
 */
export interface PlannedChange<Result> {
  statements: Statement[];
  result: Result;
  /** When false, nothing of the batch is written (`holdsBefore`: checked before the statements run). */
  holds?: SQL;
  holdsBefore?: boolean;
}

/** A `holds` condition: a row of `table` matches every condition once the batch has run. */
export function rowWhere(db: Db, table: SQLiteTable, ...conditions: SQL[]): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(and(...conditions)),
  );
}

/** A `holds` condition: no row of `table` matches once the batch has run. */
export function noRowWhere(db: Db, table: SQLiteTable, ...conditions: SQL[]): SQL {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(and(...conditions)),
  );
}

/** What a row is about, beside its targets: what the histories are read by. */
export interface EventSubject {
  editionId?: string | null;
  teamId?: string | null;
  /** The person it is about. */
  userId?: string | null;
  /** A workforce registration's id. */
  organizationId?: string | null;
}

/** What the row says about the change. */
export interface EventRecord {
  /** An organizer action's id, a job's action, or an account kind (./kinds.ts). */
  action: string;
  /** One line people read in the log. */
  summary: string;
  /** Who or what an organizer's action was about: ids, addresses (JSON). */
  targets?: Record<string, unknown>;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** The two-person rule: the proposal this action confirmed. */
  proposalId?: string | null;
  /** An account kind's payload (JSON), checked against its kind. */
  payload?: unknown;
  /** Read from `targets` (editionId, teamId, userId) unless given. */
  subject?: EventSubject;
}

/** An account's own action as a row: its kind's summary, its payload checked, what it is about. */
export function accountEvent<Kind extends AccountEventKind>(
  kind: Kind,
  payload: AccountEventPayload<Kind>,
  subject: EventSubject,
): EventRecord {
  return { action: kind, summary: accountEventSummaries[kind], payload: checkedPayload(kind, payload), subject };
}

/** Who committed, when, for which request. */
export interface CommitContext {
  db: Db;
  /** The worker's clock. */
  now: Date;
  actor: Actor;
  requestId?: string | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The subject an organizer's targets name, unless the record gives its own. */
function subjectOf(record: EventRecord): Required<EventSubject> {
  const targets = record.targets ?? {};
  const given = record.subject ?? {};
  return {
    editionId: given.editionId ?? text(targets.editionId) ?? text(targets.edition),
    teamId: given.teamId ?? text(targets.teamId),
    userId: given.userId ?? text(targets.userId),
    organizationId: given.organizationId ?? null,
  };
}

function isChained(actor: Actor): boolean {
  return actor.kind !== "account";
}

/** The row as it will be stored (its `action` once `holds` has let it through). */
export function eventContent(ctx: CommitContext, record: EventRecord): ChainedContent {
  const { actor } = ctx;
  const subject = subjectOf(record);
  if (actor.kind === "account") {
    if (record.payload === undefined) throw new Error(`An account's ${record.action} event needs its payload.`);
  } else {
    checkedEnvelope(record.action, { targets: record.targets ?? {}, after: record.after, before: record.before });
  }
  return {
    createdAt: ctx.now.toISOString(),
    actorKind: actor.kind,
    actorUserId: actor.kind === "job" ? null : actor.userId,
    // Never a participant's address: an account's row is labelled by its role.
    actorLabel: actor.kind === "job" ? actor.name : actor.kind === "account" ? actor.role : actor.email,
    actorRole: actor.kind === "job" ? null : actor.role,
    tokenId: actor.kind === "token" ? actor.tokenId : null,
    action: record.action,
    summary: record.summary,
    targets: JSON.stringify(record.targets ?? {}),
    factsBefore: json(record.before),
    factsAfter: json(record.after),
    reason: record.reason ?? null,
    proposalId: record.proposalId ?? null,
    requestId: ctx.requestId ?? null,
    hashFormat: isChained(actor) ? CHAIN_FORMAT : null,
    editionId: subject.editionId,
    teamId: subject.teamId,
    subjectUserId: subject.userId,
    organizationId: subject.organizationId,
    payload: json(record.payload),
  };
}

/** The event row; `holds` makes its required column NULL (and the batch fail) when false. */
function eventStatement(db: Db, content: ChainedContent, link: Partial<ChainLink>, holds?: SQL) {
  return db.insert(events).values({
    ...content,
    action: holds ? sql`(SELECT ${content.action} WHERE ${holds})` : content.action,
    ...link,
  });
}

/** One statement, ready for a D1 batch on the binding. */
export function prepared(d1: D1Database, statement: Statement): D1PreparedStatement {
  const { sql: text, params } = "toSQL" in statement ? statement.toSQL() : statement;
  return d1.prepare(text).bind(...params);
}

/** Whether a failed batch was undone by its event row's `holds` (its action column left NULL). */
function guardLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as Error).message ?? e).includes("NOT NULL constraint failed: events.action")) return true;
  }
  return false;
}

export interface CommitOptions {
  /** A condition that must hold, or nothing of the batch is written. */
  holds?: SQL;
  /**
   * Check `holds` before the change rather than after it: the event row goes
   * first in the batch. For limits a new row would itself count against
   * ("fewer than N"), which read more plainly before it is there.
   */
  holdsBefore?: boolean;
}

/** The batch committed (its event row's id), or its guard did not hold and nothing was written. */
export type Committed = { ok: true; eventId: number } | { ok: false; guardLost: true };

/** An account's own change (a participant's, a judge's, a company admin's) and its row, in one batch. */
export function commitAccountChange<Kind extends AccountEventKind>(
  db: Db,
  change: {
    actor: { userId: string; role: AccountRole };
    kind: Kind;
    payload: AccountEventPayload<Kind>;
    subject: EventSubject;
    now: Date;
    statements: Statement[];
  } & CommitOptions,
): Promise<Committed> {
  return commit(
    { db, now: change.now, actor: accountActor(change.actor.userId, change.actor.role) },
    change.statements,
    accountEvent(change.kind, change.payload, change.subject),
    { holds: change.holds, holdsBefore: change.holdsBefore },
  );
}

/**
 * Runs `statements` and the change's one event row in one batch. A
 * statement that fails for any other reason (a unique index, a fault)
 * throws as it would alone: nothing of the batch is written.
 */
export async function commit(
  ctx: CommitContext,
  statements: Statement[],
  record: EventRecord,
  options: CommitOptions = {},
): Promise<Committed> {
  const d1 = ctx.db.$client;
  const content = eventContent(ctx, record);
  const write = async (link: Partial<ChainLink>) => {
    const row = eventStatement(ctx.db, content, link, options.holds);
    const batch = options.holdsBefore ? [row, ...statements] : [...statements, row];
    const results = await d1.batch(batch.map((s) => prepared(d1, s)));
    return Number((options.holdsBefore ? results[0] : results.at(-1))?.meta.last_row_id ?? 0);
  };
  try {
    const eventId = isChained(ctx.actor) ? await appendToChain(ctx.db, content, write) : await write({});
    return { ok: true, eventId };
  } catch (error) {
    if (!guardLost(error)) throw error;
    return { ok: false, guardLost: true };
  }
}
