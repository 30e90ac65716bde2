/**
 * Messages from the organizers' desk (issue 33): an announcement to a
 * segment (app/notifications/segments.server.ts) or a message to one team,
 * previewed (`announcements.preview`), tried on oneself
 * (`announcements.test`) and sent (`announcements.send`, `messages.team`)
 * through the outbox. /organize/messages, the organizer API and
 * `npm run admin -- announce` all run these.
 *
 * - One e-mail per person, ever: each is the outbox row
 *   `announcement:<announcement id>:<recipient key>`, written with INSERT OR
 *   IGNORE for the recipients who have none yet. The announcement's id is a
 *   hash of its segment, edition and text, so sending the same announcement
 *   again writes only what is missing (a person who joined the segment
 *   since, or the rest of a large segment).
 * - In batches: one send writes at most `messageRules.batchSize` rows (one
 *   INSERT … SELECT, the announcement's row and the audit row, one D1
 *   batch); the desk's "Preview the next batch" (then Send) and the CLI's loop send again
 *   until nobody is left. A segment's rows are handed to the outbox sweep
 *   (an old `updated_at`), which queues at most 500 every 5 minutes: the
 *   pace Resend's rate limit allows (ADR 009). A team's few e-mails and a
 *   test are queued at once.
 * - Unsubscribe rules: the next-edition list's e-mails are its own kind
 *   (`next-edition-announcement`, signed one-click unsubscribe link and
 *   headers, dropped if the address left the list meanwhile). Everyone else
 *   gets `announcement`: e-mail about the Challenge they take part in, with
 *   a footer saying why and how to stop, dropped if the account is gone.
 * - Not two-person: sending is one-way, but it is the registrar's own work
 *   (`send:message`), and a registrar cannot confirm proposals; the preview,
 *   the test and the recipients' fingerprint the preview gave (`expected`,
 *   required on every door; refused when anyone joined or left the audience
 *   since, issue 50) are its safeguards (docs/admin.md).
 */
import { and, count, desc, eq, gte, inArray, lt, notExists, sql, type SQL } from "drizzle-orm";
import * as zm from "zod/mini";
import { formatMountain } from "~/clock/format";
import {
  messageEmailText,
  messageErrors,
  messageRules,
  messagesDesk,
  messageSegments,
  type MessageSegment,
} from "~/content/organize";
import type { Db } from "~/db/client.server";
import { announcements, notifications, teams, type NotificationStatus } from "~/db/schema";
import { reportTeamNames } from "~/judging/appeal-decisions.server";
import { sha256Hex } from "~/lib/encoding";
import type { Refusal } from "~/lib/refusal";
import { announcementContent, listNote, nextEditionAnnouncement } from "~/next-edition/notification.server";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { announcementEmail } from "./announcement-email.server";
import { oneLine } from "./kind.server";
import { ComposeSchema, SendAnnouncementSchema, TeamMessageSchema } from "./messages-schema";
import { enqueueNotifications, outboxInsert } from "./outbox.server";
import { segmentQuery, teamQuery, type RecipientQuery } from "./segments.server";

/** Who gets a message: a segment of the edition (or the list), or one team's members. */
interface Audience {
  segment: MessageSegment | "team";
  teamId: string | null;
  /** The segment's or team's name on the desk, the audit log and a test's note. */
  label: string;
  /** Null for the next-edition list, which belongs to no edition. */
  editionId: string | null;
  recipients: RecipientQuery;
  /** Why a recipient gets it (accounts), or null for the list (its own footer). */
  footer: string | null;
}

function segmentAudience(ctx: ActionContext, segment: MessageSegment): Audience {
  const list = segment === "next-edition";
  return {
    segment,
    teamId: null,
    label: messagesDesk.segments[segment].label,
    editionId: list ? null : ctx.edition.id,
    // Every segment answers the same { key, email, name } rows (a subscriber's name may be NULL).
    recipients: segmentQuery(ctx.db, segment, ctx.edition.id) as RecipientQuery,
    footer: list ? null : messageEmailText.why(messagesDesk.segments[segment].why, ctx.edition.name),
  };
}

async function teamAudience(ctx: ActionContext, teamId: string): Promise<Audience | Refusal> {
  if (!teamId) return { ok: false, status: 400, message: messageErrors.teamRequired, field: "teamId" };
  const [team] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.editionId, ctx.edition.id)))
    .limit(1);
  if (!team) return { ok: false, status: 404, message: messageErrors.noSuchTeam, field: "teamId" };
  const name = (await reportTeamNames(ctx.db, [team.id])).get(team.id) ?? team.id;
  return {
    segment: "team",
    teamId: team.id,
    label: messagesDesk.teamSegmentLabel(name),
    editionId: ctx.edition.id,
    recipients: teamQuery(ctx.db, ctx.edition.id, team.id),
    footer: messageEmailText.why(messagesDesk.teamWhy, ctx.edition.name),
  };
}

function audienceOf(ctx: ActionContext, input: { segment: MessageSegment | "team"; teamId: string }) {
  return input.segment === "team"
    ? teamAudience(ctx, input.teamId)
    : Promise.resolve(segmentAudience(ctx, input.segment));
}

/**
 * The announcement's id: a hash of who and what, so the same announcement
 * sent again continues instead of doubling. The list's is the hash of its
 * subject and body alone, as `npm run admin -- announce` computed it before
 * it used the API: an announcement half-sent by the old command continues.
 */
export async function announcementIdOf(audience: Audience, subject: string, body: string): Promise<string> {
  const text =
    audience.segment === "next-edition"
      ? `${subject}\n${body}`
      : [audience.segment, audience.teamId ?? "", audience.editionId ?? "", subject, body].join("\n");
  return (await sha256Hex(text)).slice(0, 16);
}

const rowPrefix = (id: string) => `announcement:${id}:`;

/** The outbox rows of one announcement: a range of the primary key (";" follows ":"). */
export function announcementRows(id: string): SQL {
  return and(gte(notifications.id, rowPrefix(id)), lt(notifications.id, `announcement:${id};`))!;
}

/** The audience as a subquery, and the condition "this recipient has no e-mail of announcement `id` yet". */
function pendingRecipients(db: Db, audience: Audience, id: string) {
  const r = audience.recipients.as("r");
  const missing = notExists(
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(eq(notifications.id, sql`${rowPrefix(id)} || ${r.key}`)),
  );
  return { r, missing };
}

/**
 * How many people the audience holds, how many still lack this announcement,
 * the first few, and the recipients' fingerprint: SHA-256 of everyone's key
 * and address, sorted by key. The preview shows it and a send must carry it
 * (issue 50): a send goes to the people a preview listed, not merely as many.
 * The whole audience, not the ones still waiting, so every batch of one
 * announcement carries the same fingerprint.
 */
async function audienceCounts(db: Db, audience: Audience, id: string) {
  const { r, missing } = pendingRecipients(db, audience, id);
  const [everyone, [left], first] = await db.batch([
    db.select({ key: r.key, email: r.email }).from(r).orderBy(r.key),
    db.select({ n: count() }).from(r).where(missing),
    db.select({ name: r.name, email: r.email }).from(r).orderBy(r.email).limit(messageRules.previewRecipients),
  ]);
  const fingerprint = await sha256Hex(JSON.stringify(everyone.map((p) => [p.key, p.email])));
  return { total: everyone.length, left: left?.n ?? 0, first, fingerprint };
}

/**
 * One batch of the announcement's outbox rows: INSERT OR IGNORE … SELECT
 * over the recipients who have none yet, at most `limit`, each row's payload
 * built in SQL from bound values (the kind's schema checks it when the
 * consumer renders it). About ten bound values, however many rows.
 */
function outboxRowsStatement(
  db: Db,
  audience: Audience,
  {
    id,
    subject,
    body,
    origin,
    at,
    limit,
  }: { id: string; subject: string; body: string; origin: string; at: string; limit: number },
) {
  const { r, missing } = pendingRecipients(db, audience, id);
  const list = audience.segment === "next-edition";
  const kind = list ? nextEditionAnnouncement : announcementEmail;
  const payload = list
    ? sql`json_object('announcementId', ${id}, 'subscriberId', ${r.key}, 'subject', ${subject}, 'body', ${body}, 'origin', ${origin})`
    : sql`json_object('announcementId', ${id}, 'userId', ${r.key}, 'subject', ${subject}, 'body', ${body}, 'footer', ${audience.footer})`;
  // A segment's rows wait for the sweep, which paces them (ADR 009); a team's few are queued at once.
  const updatedAt = audience.segment === "team" ? at : "1970-01-01T00:00:00.000Z";
  const select = db
    .select({
      id: sql`${rowPrefix(id)} || ${r.key}`,
      kind: sql`${kind.kind}`,
      recipient: r.email,
      subject: sql`${oneLine(subject)}`,
      payload,
      status: sql`${"pending" satisfies NotificationStatus}`,
      createdAt: sql`${at}`,
      updatedAt: sql`${updatedAt}`,
    })
    .from(r)
    .where(missing)
    .orderBy(r.key)
    .limit(limit);
  const query = select.toSQL();
  return {
    sql: `INSERT OR IGNORE INTO notifications (id, kind, recipient, subject, payload, status, created_at, updated_at) ${query.sql}`,
    params: query.params as (string | number | null)[],
  };
}

/** The e-mail as a recipient reads it (the list's with a sample unsubscribe line): the preview and the test. */
function sampleEmail(audience: Audience, id: string, subject: string, body: string, origin: string) {
  if (audience.segment === "next-edition") {
    const payload = { announcementId: id, subscriberId: "", subject, body, origin };
    const content = announcementContent(subject, body);
    return {
      subject: nextEditionAnnouncement.subject(payload),
      text: `${content.text}\n\n--\n${listNote(messageEmailText.sampleUnsubscribe)}`,
      footer: listNote(messageEmailText.sampleUnsubscribe),
    };
  }
  const footer = audience.footer ?? "";
  const email = announcementEmail.render({ announcementId: id, userId: "", subject, body, footer });
  return { subject: oneLine(subject), text: email.text, footer };
}

export const previewAnnouncement = defineOrganizerQuery({
  id: "announcements.preview",
  permission: "read:message",
  input: ComposeSchema,
  async read({ segment, teamId, subject, body, announcementId }, ctx) {
    const audience = await audienceOf(ctx, { segment, teamId });
    if ("ok" in audience) return audience;
    // An earlier send's id (the desk's "continue" and the CLI's --id) after its text was corrected mid-way.
    const id = announcementId || (await announcementIdOf(audience, subject, body));
    const counts = await audienceCounts(ctx.db, audience, id);
    const email = sampleEmail(audience, id, subject, body, ctx.origin);
    return {
      ok: true as const,
      announcementId: id,
      segment,
      teamId: audience.teamId,
      audience: audience.label,
      recipients: counts.total,
      fingerprint: counts.fingerprint,
      alreadyWritten: counts.total - counts.left,
      firstRecipients: counts.first.map((p) => ({ name: p.name ?? "", email: p.email })),
      email: { subject: email.subject, text: email.text },
    };
  },
});

export type AnnouncementPreview = Extract<Awaited<ReturnType<typeof previewAnnouncement.read>>, { ok: true }>;

export const testAnnouncement = defineOrganizerAction({
  id: "announcements.test",
  permission: "send:message",
  input: ComposeSchema,
  async run({ segment, teamId, subject, body, announcementId }, ctx) {
    const { actor } = ctx;
    if (actor.kind === "job") return { ok: false, status: 403, message: messageErrors.testNeedsPerson };
    const audience = await audienceOf(ctx, { segment, teamId });
    if ("ok" in audience) return audience;
    const id = announcementId || (await announcementIdOf(audience, subject, body));
    const email = sampleEmail(audience, id, subject, body, ctx.origin);
    const notification = outboxInsert(ctx.db, announcementEmail, {
      // Never in the announcement's range: a test is not one of its e-mails.
      id: `announcement-test:${id}:${crypto.randomUUID()}`,
      recipient: actor.email,
      payload: {
        announcementId: id,
        userId: actor.userId,
        subject: messageEmailText.testSubject(subject),
        body,
        footer: email.footer,
        testNote: messageEmailText.testNote(audience.label),
      },
      now: ctx.now,
    });
    return {
      ok: true,
      statements: [notification.statement],
      audit: {
        summary: `Sent a test of "${oneLine(subject)}" (to ${audience.label}) to ${actor.email}`,
        targets: { announcementId: id, segment, teamId: audience.teamId, recipient: actor.email },
        after: { notificationId: notification.id },
      },
      message: messagesDesk.testDone(actor.email),
      result: { announcementId: id, notificationId: notification.id },
      afterwards: async () => {
        await enqueueNotifications(ctx.env, [notification.id], { requestId: ctx.requestId, kind: "announcement" });
      },
    };
  },
});

/** One send: the next batch of the audience's e-mails, the announcement's row and (by the executor) its audit row. */
async function planSend(
  ctx: ActionContext,
  audience: Audience,
  input: { subject: string; body: string; expected: string; announcementId?: string },
) {
  const id = input.announcementId || (await announcementIdOf(audience, input.subject, input.body));
  const counts = await audienceCounts(ctx.db, audience, id);
  if (counts.total === 0) return { ok: false as const, status: 409, message: messageErrors.emptySegment };
  if (input.expected !== counts.fingerprint) {
    return { ok: false as const, status: 409, message: messageErrors.recipientsChanged(counts.total) };
  }
  const at = ctx.now.toISOString();
  const batch = Math.min(counts.left, messageRules.batchSize);
  const remaining = counts.left - batch;
  const written = sql`(SELECT count(*) FROM notifications WHERE ${announcementRows(id)})`;
  const finishedAt = remaining === 0 ? at : null;
  const subject = oneLine(input.subject);
  const teamRowIds = audience.segment === "team" ? await teamRowIdsOf(ctx.db, audience, id) : [];
  return {
    ok: true as const,
    statements: [
      outboxRowsStatement(ctx.db, audience, {
        id,
        subject: input.subject,
        body: input.body,
        origin: ctx.origin,
        at,
        limit: messageRules.batchSize,
      }),
      ctx.db
        .insert(announcements)
        .values({
          id,
          editionId: audience.editionId,
          segment: audience.segment,
          teamId: audience.teamId,
          subject,
          body: input.body,
          createdBy: actorLabel(ctx.actor),
          createdAt: at,
          lastBatchAt: at,
          finishedAt,
          written,
        })
        .onConflictDoUpdate({ target: announcements.id, set: { lastBatchAt: at, finishedAt, written } }),
    ],
    audit: {
      summary: `${audience.segment === "team" ? "Message" : "Announcement"} "${subject}" to ${audience.label}: ${batch} e-mail(s) written${remaining > 0 ? `, ${remaining} to go` : ""}`,
      targets: { announcementId: id, segment: audience.segment, teamId: audience.teamId },
      before: { recipients: counts.total, written: counts.total - counts.left },
      after: { written: counts.total - remaining, remaining },
    },
    message:
      remaining > 0
        ? `${batch} e-mail(s) written to the outbox; ${remaining} still to write: send again to continue.`
        : batch === 0
          ? "Everyone in the segment already has this e-mail: nothing new was written."
          : `${batch} e-mail(s) written to the outbox: everyone in the segment has theirs. The outbox sends them within minutes.`,
    result: { announcementId: id, recipients: counts.total, written: batch, remaining },
    afterwards:
      teamRowIds.length > 0
        ? async () => {
            await enqueueNotifications(ctx.env, teamRowIds, { requestId: ctx.requestId, kind: "announcement" });
          }
        : undefined,
  };
}

/** A team's e-mails are few: queued at once (a row already sent is acked without sending again). */
async function teamRowIdsOf(db: Db, audience: Audience, id: string): Promise<string[]> {
  const members = await audience.recipients;
  return members.map((m) => `${rowPrefix(id)}${m.key}`);
}

export const sendAnnouncement = defineOrganizerAction({
  id: "announcements.send",
  permission: "send:message",
  input: SendAnnouncementSchema,
  run: (input, ctx) => planSend(ctx, segmentAudience(ctx, input.segment), input),
});

export const messageTeam = defineOrganizerAction({
  id: "messages.team",
  permission: "send:message",
  input: TeamMessageSchema,
  async run(input, ctx) {
    const audience = await teamAudience(ctx, input.teamId);
    if ("ok" in audience) return audience;
    return planSend(ctx, audience, input);
  },
});

const statusesCounted = ["pending", "sent", "failed", "dead"] as const satisfies readonly NotificationStatus[];

/** Past announcements and team messages, newest first, each with its e-mails by outbox status. */
export const listAnnouncements = defineOrganizerQuery({
  id: "announcements.list",
  permission: "read:message",
  input: zm.object({}),
  async read(_input, ctx) {
    return pastAnnouncements(ctx.db);
  },
});

export async function pastAnnouncements(db: Db, limit = 200) {
  const rows = await db.select().from(announcements).orderBy(desc(announcements.createdAt)).limit(limit);
  if (rows.length === 0) return [];
  // Every announcement's rows are one range of the outbox's key; the id is the 16 characters after "announcement:".
  const announcementId = sql<string>`substr(${notifications.id}, 14, 16)`;
  const counts = await db
    .select({ announcementId, status: notifications.status, n: count() })
    .from(notifications)
    .where(
      and(
        gte(notifications.id, "announcement:"),
        lt(notifications.id, "announcement;"),
        inArray(
          announcementId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .groupBy(announcementId, notifications.status);
  const teamNames = await reportTeamNames(
    db,
    rows.flatMap((row) => (row.teamId ? [row.teamId] : [])),
  );
  const countOf = (id: string, status: NotificationStatus) =>
    counts.find((c) => c.announcementId === id && c.status === status)?.n ?? 0;
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    created: formatMountain(new Date(row.createdAt), "dateTime"),
    segment: row.segment,
    teamId: row.teamId,
    audience:
      row.segment === "team"
        ? messagesDesk.teamSegmentLabel(teamNames.get(row.teamId ?? "") ?? row.teamId ?? "")
        : (messagesDesk.segments[row.segment as MessageSegment]?.label ?? row.segment),
    subject: row.subject,
    /** An unfinished announcement's text, for the desk's "Preview the next batch" form. */
    body: row.finishedAt ? null : row.body,
    by: row.createdBy.replace(/^organizer:/, ""),
    written: row.written,
    finished: row.finishedAt !== null,
    ...(Object.fromEntries(statusesCounted.map((status) => [status, countOf(row.id, status)])) as Record<
      (typeof statusesCounted)[number],
      number
    >),
  }));
}

export type PastAnnouncement = Awaited<ReturnType<typeof pastAnnouncements>>[number];

/** The segments an announcement may go to, in the desk's order. */
export const segmentOptions = messageSegments.map((segment) => ({
  value: segment,
  label: messagesDesk.segments[segment].label,
}));

export const announcementActions = [testAnnouncement, sendAnnouncement, messageTeam];
export const announcementQueries = [previewAnnouncement, listAnnouncements];
