/**
 * Messages received (issue 33): a contact message or a judge/advisor
 * interest form is marked handled — who and when on its row
 * (migrations/0022_handled.sql) and one audit row — or reopened. The desk's
 * /organize/inbox and the organizer API (`contacts.handle`,
 * `interests.handle`) run these.
 */
import { and, eq, exists, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { handledMessages } from "~/content/organize";
import { contactSubmissions, judgeAdvisorInterests } from "~/db/schema";
import type { Refusal } from "~/lib/refusal";
import {
  actorLabel,
  defineOrganizerAction,
  type ActionContext,
  type Planned,
  type Statement,
} from "~/organize/action.server";
import { HandleSchema } from "./schema";

/** How one table's row is found, marked and reopened: the contact messages' and the interest forms' alike. */
interface Handled {
  kind: "contact" | "interest";
  find: (
    ctx: ActionContext,
    id: number,
  ) => Promise<
    { id: number; email: string; name: string; handledAt: string | null; handledBy: string | null } | undefined
  >;
  mark: (ctx: ActionContext, id: number, at: string, by: string) => Statement;
  reopen: (ctx: ActionContext, id: number) => Statement;
  /** After the batch: marked by this actor at this time, or open again. */
  marked: (ctx: ActionContext, id: number, at: string, by: string) => SQL;
  open: (ctx: ActionContext, id: number) => SQL;
  unknown: string;
  done: (name: string) => string;
  reopened: (name: string) => string;
}

const contacts: Handled = {
  kind: "contact",
  find: async (ctx, id) =>
    (
      await ctx.db
        .select({
          id: contactSubmissions.id,
          email: contactSubmissions.email,
          name: contactSubmissions.name,
          handledAt: contactSubmissions.handledAt,
          handledBy: contactSubmissions.handledBy,
        })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, id))
        .limit(1)
    )[0],
  mark: (ctx, id, at, by) =>
    ctx.db
      .update(contactSubmissions)
      .set({ handledAt: at, handledBy: by })
      .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.handledAt))),
  reopen: (ctx, id) =>
    ctx.db
      .update(contactSubmissions)
      .set({ handledAt: null, handledBy: null })
      .where(and(eq(contactSubmissions.id, id), isNotNull(contactSubmissions.handledAt))),
  marked: (ctx, id, at, by) =>
    exists(
      ctx.db
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(
          and(
            eq(contactSubmissions.id, id),
            eq(contactSubmissions.handledAt, at),
            eq(contactSubmissions.handledBy, by),
          ),
        ),
    ),
  open: (ctx, id) =>
    exists(
      ctx.db
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.handledAt))),
    ),
  unknown: handledMessages.contactUnknown,
  done: handledMessages.contactHandled,
  reopened: handledMessages.contactReopened,
};

const interests: Handled = {
  kind: "interest",
  find: async (ctx, id) =>
    (
      await ctx.db
        .select({
          id: judgeAdvisorInterests.id,
          email: judgeAdvisorInterests.email,
          name: sql<string>`${judgeAdvisorInterests.firstName} || ' ' || ${judgeAdvisorInterests.lastName}`,
          handledAt: judgeAdvisorInterests.handledAt,
          handledBy: judgeAdvisorInterests.handledBy,
        })
        .from(judgeAdvisorInterests)
        .where(eq(judgeAdvisorInterests.id, id))
        .limit(1)
    )[0],
  mark: (ctx, id, at, by) =>
    ctx.db
      .update(judgeAdvisorInterests)
      .set({ handledAt: at, handledBy: by })
      .where(and(eq(judgeAdvisorInterests.id, id), isNull(judgeAdvisorInterests.handledAt))),
  reopen: (ctx, id) =>
    ctx.db
      .update(judgeAdvisorInterests)
      .set({ handledAt: null, handledBy: null })
      .where(and(eq(judgeAdvisorInterests.id, id), isNotNull(judgeAdvisorInterests.handledAt))),
  marked: (ctx, id, at, by) =>
    exists(
      ctx.db
        .select({ id: judgeAdvisorInterests.id })
        .from(judgeAdvisorInterests)
        .where(
          and(
            eq(judgeAdvisorInterests.id, id),
            eq(judgeAdvisorInterests.handledAt, at),
            eq(judgeAdvisorInterests.handledBy, by),
          ),
        ),
    ),
  open: (ctx, id) =>
    exists(
      ctx.db
        .select({ id: judgeAdvisorInterests.id })
        .from(judgeAdvisorInterests)
        .where(and(eq(judgeAdvisorInterests.id, id), isNull(judgeAdvisorInterests.handledAt))),
    ),
  unknown: handledMessages.interestUnknown,
  done: handledMessages.interestHandled,
  reopened: handledMessages.interestReopened,
};

/** The writes, audit facts and answer of one toggle. */
async function toggle(
  handled: Handled,
  { id, state }: { id: string; state: "handled" | "open" },
  ctx: ActionContext,
): Promise<Planned<{ id: number; handled: boolean; handledAt: string | null }> | Refusal> {
  const row = /^\d{1,12}$/.test(id) ? await handled.find(ctx, Number(id)) : undefined;
  if (!row) return { ok: false, status: 404, message: handled.unknown };
  const handling = state === "handled";
  if (handling && row.handledAt) return { ok: false, status: 409, message: handledMessages.alreadyHandled };
  if (!handling && !row.handledAt) return { ok: false, status: 409, message: handledMessages.alreadyOpen };
  const at = ctx.now.toISOString();
  const by = actorLabel(ctx.actor);
  const what = handled.kind === "contact" ? "contact message" : "interest form";
  return {
    ok: true,
    statements: [handling ? handled.mark(ctx, row.id, at, by) : handled.reopen(ctx, row.id)],
    // Toggled once: a second organizer's click racing this one leaves no audit row.
    holds: handling ? handled.marked(ctx, row.id, at, by) : handled.open(ctx, row.id),
    audit: {
      summary: `${handling ? "Marked handled" : "Reopened"} the ${what} of ${row.email}`,
      targets: { [handled.kind === "contact" ? "contactId" : "interestId"]: row.id, email: row.email },
      before: { handled: row.handledAt !== null, handledAt: row.handledAt, handledBy: row.handledBy },
      after: handling ? { handled: true, handledAt: at, handledBy: by } : { handled: false },
    },
    message: handling ? handled.done(row.name) : handled.reopened(row.name),
    result: { id: row.id, handled: handling, handledAt: handling ? at : null },
  };
}

export const handleContact = defineOrganizerAction({
  id: "contacts.handle",
  permission: "handle:message",
  input: HandleSchema,
  run: (input, ctx) => toggle(contacts, input, ctx),
});

export const handleInterest = defineOrganizerAction({
  id: "interests.handle",
  permission: "handle:message",
  input: HandleSchema,
  run: (input, ctx) => toggle(interests, input, ctx),
});

export const inboxActions = [handleContact, handleInterest];
