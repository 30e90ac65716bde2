/**
 * Organizer actions (issue 32, ADR 018): every change the Challenge's staff
 * make is one `defineOrganizerAction` in its concern's folder, registered in
 * ./registry.server.ts, and run by `executeAction` for every door — the desk
 * (an intent), the organizer API (a token) and the daily jobs — with the
 * actor who asked. The executor checks the actor's role, validates the
 * input with the action's schema, asks the action for its writes, and runs
 * them in ONE D1 batch together with the action's one row of the event log,
 * through the site's one guarded commit (app/events/commit.server.ts, chained
 * to the row before: app/events/chain.server.ts): both are written or
 * neither. Reads are
 * `defineOrganizerQuery`, served by the API and used by the desk's views.
 *
 * Every write is drizzle or SQL with bound parameters: no value is ever
 * written into SQL text.
 */
import { refusal, type Refusal } from "~/lib/refusal";
import { and, type SQL } from "drizzle-orm";
import type * as z from "zod/mini";
import type { Edition } from "~/content/editions";
import { deskMessages, readSummary, type PersonalDataRead } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { commit, type Actor as EventActor, type EventRecord, type Statement } from "~/events/commit.server";
import { personReadEventStatement, readEventStatement } from "~/events/reads.server";
import { log } from "~/lib/log.server";
import { can, type Permission } from "./roles";

// The concerns' organizer actions take these from here, beside the rest of an action's vocabulary.
export { noRowWhere, rowWhere, type SqlValue, type Statement } from "~/events/commit.server";

/** Who takes an organizer action: a person on the desk, a person's API token, or a daily job (the log's actors but an account). */
export type Actor = Exclude<EventActor, { kind: "account" }>;

/** The actor as the concern's own who-columns record it (`invited_by`, `left_by`, `assigned_by`). */
export function actorLabel(actor: Actor): string {
  return actor.kind === "job" ? `system:${actor.name}` : `organizer:${actor.email}`;
}

/** What an action and a query may use: the one clock, the database, the site's origin, who asks. */
export interface ActionContext {
  env: Env;
  db: Db;
  /** The worker's clock (app/clock): APP_NOW and X-App-Now never move it in production. */
  now: Date;
  /** The edition the clock is in. */
  edition: Edition;
  /** For links in e-mails where BASE_URL is unset (locally). */
  origin: string;
  requestId: string;
  actor: Actor;
  /** While a one-way action runs on its confirmation: the proposal confirmed (a grant records it beside the audit row's). */
  proposalId?: string;
  /**
   * Set only by a desk form that checked a fresh authenticator code in this
   * request (./second-factor-again.server.ts): what `secondFactorAgain`
   * actions require. No API token or job can set it.
   */
  secondFactorAgain?: true;
}

/**
 * What the audit row says about the change: one line an organizer reads in
 * the log, who or what it was about (`targets`: ids, addresses, from which
 * the row's subject is read), the facts before and after, and the reason
 * some actions require.
 */
export type AuditFacts = Omit<EventRecord, "action" | "proposalId" | "payload"> & {
  targets: Record<string, unknown>;
};

/** An action's answer to "what would you write?". */
export interface Planned<Result> {
  ok: true;
  statements: Statement[];
  audit: AuditFacts;
  /**
   * A condition that must hold once the statements have run (the row this
   * action meant to change did change), or the whole batch, audit row
   * included, is undone and the actor told it changed meanwhile.
   */
  holds?: SQL;
  /** What the door shows: the desk's toast, the API's message, the CLI's line. */
  message: string;
  /** Anything the API returns (ids, counts); never a secret the door should not print. */
  result: Result;
  /** Work after the batch committed: queueing the e-mails it wrote to the outbox. */
  afterwards?: () => Promise<void>;
}

/** A table of a preview: what will appear, be sent or be issued. */
export interface PreviewTable {
  caption: string;
  columns: string[];
  rows: (string | number | null)[][];
}

/** What a one-way action would publish, send and issue (the two-person rule). */
export interface Preview {
  summary: string;
  tables: PreviewTable[];
  notes?: string[];
}

/** Where an action is taken: the desk (a person), the API (a token) or a daily job. */
export type Door = "desk" | "api" | "job";

export function doorOf(actor: Actor): Door {
  return actor.kind === "person" ? "desk" : actor.kind === "token" ? "api" : "job";
}

export interface OrganizerAction<Schema extends z.ZodMiniObject = z.ZodMiniObject, Result = unknown> {
  /** "<area>.<verb>": judges.invite, organizers.grant. The API's path and the audit log's `action`. */
  id: string;
  permission: Permission;
  /** Only these doors may take it (default: all). Creating an API token and changing roles are the desk's only. */
  doors?: readonly Door[];
  /**
   * The desk asks for the second factor again before it proposes or runs
   * this (role changes: ADR 021). Implies the desk's door: nothing else can
   * give a code.
   */
  secondFactorAgain?: boolean;
  /** The form's and the API's schema (string fields: a form posts strings, the CLI sends the same). */
  input: Schema;
  /**
   * One-way (the two-person rule): proposed with this preview by one person,
   * confirmed by a different director, who sees it recomputed (ADR 018).
   */
  preview?: (input: z.output<Schema>, ctx: ActionContext) => Promise<Preview | Refusal>;
  run: (input: z.output<Schema>, ctx: ActionContext) => Promise<Planned<Result> | Refusal>;
}

// Registries hold actions of every input shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOrganizerAction = OrganizerAction<any, any>;

/** Declares an action with its schema's types checked against `run`. */
export function defineOrganizerAction<Schema extends z.ZodMiniObject, Result>(
  action: OrganizerAction<Schema, Result>,
): OrganizerAction<Schema, Result> {
  return action;
}

export interface OrganizerQuery<Schema extends z.ZodMiniObject = z.ZodMiniObject, Result = unknown> {
  /** "<area>.<noun>": judges.list. The API serves it at GET /api/organize/queries/<id>. */
  id: string;
  permission: Permission;
  /** The query string's schema (strings). */
  input: Schema;
  /** A read may refuse too (a team that is not the edition's): the doors answer it as an action's refusal. */
  read: (input: z.output<Schema>, ctx: ActionContext) => Promise<Result | Refusal>;
  /** A read of personal data: the audit row it writes (which read, how many rows it returned). */
  personalData?: { read: PersonalDataRead; rows: (result: Result) => number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOrganizerQuery = OrganizerQuery<any, any>;

export function defineOrganizerQuery<Schema extends z.ZodMiniObject, Result>(
  query: OrganizerQuery<Schema, Result>,
): OrganizerQuery<Schema, Result> {
  return query;
}

/**
 * Why this actor may not take `action` at all through the door it came by
 * (its role, its door, the code asked again), or null. Proposing and
 * running check the same.
 */
export function actionRefusal(action: AnyOrganizerAction, ctx: ActionContext): Refusal | null {
  if (!actorMay(ctx.actor, action.permission)) return refusal(deskMessages.notAllowed, 403);
  if (action.doors && !action.doors.includes(doorOf(ctx.actor))) return refusal(deskMessages.deskOnly, 403);
  if (action.secondFactorAgain && doorOf(ctx.actor) !== "desk") return refusal(deskMessages.deskOnly, 403);
  if (action.secondFactorAgain && !ctx.secondFactorAgain) return refusal(deskMessages.secondFactorRequired, 403);
  return null;
}

/** Whether the actor may: a job acts for the system; a person or token by the role held now. */
export function actorMay(actor: Actor, permission: Permission): boolean {
  return actor.kind === "job" || can(actor.role, permission);
}

/** The input checked against an action's or a query's schema, or the refusal naming each field's problem. */
export function parseInput<Schema extends z.ZodMiniObject>(
  schema: Schema,
  raw: unknown,
): { ok: true; value: z.output<Schema> } | Refusal {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    (fieldErrors[field] ??= []).push(issue.message);
  }
  const first = Object.entries(fieldErrors)[0];
  return refusal(first?.[1][0] ?? "The input is not valid.", 400, first?.[0] || undefined, fieldErrors);
}

export type Executed<Result> = { ok: true; message: string; result: Result; eventId: number };

/**
 * Runs `statements` and the action's event row in one batch (the one commit). Exported for the
 * two-person rule and bootstrap, which write a change of their own beside an
 * action's; everything else goes through `executeAction`.
 */
export async function commitWithAudit(
  ctx: ActionContext,
  actionId: string,
  statements: Statement[],
  facts: AuditFacts,
  options: { holds?: SQL; proposalId?: string } = {},
): Promise<{ ok: true; eventId: number } | Refusal> {
  const committed = await commit(
    ctx,
    statements,
    { action: actionId, ...facts, proposalId: options.proposalId },
    { holds: options.holds },
  );
  if (!committed.ok) {
    log("info", "organize.action_changed_meanwhile", { requestId: ctx.requestId, action: actionId });
    return refusal(deskMessages.changedMeanwhile, 409);
  }
  const who = ctx.actor.kind === "job" ? { job: ctx.actor.name } : { userId: ctx.actor.userId, via: ctx.actor.kind };
  log("info", "organize.action", { requestId: ctx.requestId, action: actionId, eventId: committed.eventId, ...who });
  return committed;
}

/**
 * A read of personal data (issue 50) as its row of the log, unrun, for the
 * reading page's own batch: who, which read, what was asked, how many rows
 * came back. Not chained (issue 56, ~/events/reads.server.ts): a read changes
 * nothing, and ten organizers reading at once must not race for the chain.
 */
export function personalDataRead(
  ctx: ActionContext,
  read: PersonalDataRead,
  rows: number,
  asked: Record<string, unknown> = {},
) {
  logRead(ctx, read, rows);
  return readEventStatement(ctx.db, ctx, readRecord(read, rows, asked));
}

/** A read of one person's page (`people.read`), written only when the account exists as the batch runs. */
export function personRead(ctx: ActionContext, userId: string) {
  logRead(ctx, "people.read", 1);
  return personReadEventStatement(ctx.db, ctx, readRecord("people.read", 1, { userId }), userId);
}

function readRecord(read: PersonalDataRead, rows: number, asked: Record<string, unknown>): EventRecord {
  return { action: read, summary: readSummary(read, rows), targets: { ...asked, rows } };
}

function logRead(ctx: ActionContext, read: PersonalDataRead, rows: number) {
  const who = ctx.actor.kind === "job" ? { job: ctx.actor.name } : { userId: ctx.actor.userId, via: ctx.actor.kind };
  log("info", "organize.read", { requestId: ctx.requestId, action: read, rows, ...who });
}

/** A read of personal data recorded on its own: one INSERT (`personalDataRead`). */
export async function recordRead(
  ctx: ActionContext,
  read: PersonalDataRead,
  rows: number,
  asked: Record<string, unknown> = {},
): Promise<void> {
  await personalDataRead(ctx, read, rows, asked);
}

/**
 * Runs one action for one actor: the role, the input, the action's writes
 * and its audit row in one batch, then its afterwards (the e-mails). A
 * two-person action is refused here: the doors propose it instead
 * (./proposals.server.ts), and its confirmation runs it with `proposal`.
 */
export async function executeAction<Schema extends z.ZodMiniObject, Result>(
  action: OrganizerAction<Schema, Result>,
  rawInput: unknown,
  ctx: ActionContext,
  proposal?: { id: string; statements: Statement[]; holds: SQL },
): Promise<Executed<Result> | Refusal> {
  const refused = actionRefusal(action, ctx);
  if (refused) return refused;
  if (action.preview && !proposal) return refusal(deskMessages.proposedOnly, 409);
  const input = parseInput(action.input, rawInput);
  if (!input.ok) return input;
  const planned = await action.run(input.value, proposal ? { ...ctx, proposalId: proposal.id } : ctx);
  if (!planned.ok) return planned;
  const holds = proposal ? (planned.holds ? and(planned.holds, proposal.holds) : proposal.holds) : planned.holds;
  const committed = await commitWithAudit(
    ctx,
    action.id,
    [...planned.statements, ...(proposal?.statements ?? [])],
    planned.audit,
    { holds, proposalId: proposal?.id },
  );
  if (!committed.ok) return committed;
  await planned.afterwards?.();
  return { ok: true, message: planned.message, result: planned.result, eventId: committed.eventId };
}

function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && (value as Refusal).ok === false && "status" in value;
}

/** Runs a query for an actor whose role allows it. */
export async function runQuery<Schema extends z.ZodMiniObject, Result>(
  query: OrganizerQuery<Schema, Result>,
  rawInput: unknown,
  ctx: ActionContext,
): Promise<{ ok: true; result: Result } | Refusal> {
  if (!actorMay(ctx.actor, query.permission)) return refusal(deskMessages.notAllowed, 403);
  const input = parseInput(query.input, rawInput);
  if (!input.ok) return input;
  const result = await query.read(input.value, ctx);
  if (isRefusal(result)) return result;
  if (query.personalData) {
    await recordRead(ctx, query.personalData.read, query.personalData.rows(result), {
      query: query.id,
      ...input.value,
    });
  }
  return { ok: true, result };
}
