/**
 * The next-edition list's server side (issue 11; docs/decisions/009-next-edition-list.md):
 * sign up (double opt-in), confirm, unsubscribe. One row per address; the
 * answers never tell a visitor whether an address was already on the list.
 */
import { and, eq, inArray } from "drizzle-orm";
import { nextEditionLimits } from "~/content/next-edition";
import { getDb } from "~/db/client.server";
import { nextEditionSubscribers, type NextEditionSubscriber } from "~/db/schema";
import type { NextEditionSignup } from "~/next-edition/schema";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { nextEditionConfirmation } from "~/next-edition/notification.server";
import { CONFIRM_PATH } from "./links.server";
import { newNonce, signToken, verifyToken } from "./tokens.server";

type ListEnv = Pick<Env, "DB" | "NOTIFICATIONS" | "BETTER_AUTH_SECRET" | "ENVIRONMENT">;

/** One address is one entry, whatever its capitals. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type SignupOutcome =
  "confirmation-queued" | "confirmation-recent" | "already-confirmed" | "change-confirmation-queued";

/**
 * Stores the sign-up (interests merged into an unconfirmed entry) and, unless
 * the address was sent a link minutes ago, queues a confirmation e-mail. An
 * entry already confirmed is not changed by whoever types its address (issue
 * 22): a new name or interests wait on the row, and the address gets a link
 * that applies them. The outcome is for logs and tests, never for the visitor.
 */
export async function signUp(
  env: ListEnv,
  signup: NextEditionSignup,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<{ outcome: SignupOutcome; subscriberId: string; notificationId?: string }> {
  const db = getDb(env);
  const at = now.toISOString();
  const email = normalizeEmail(signup.email);
  // One raw statement (an upsert whose SET merges JSON arrays with json_each, beyond drizzle), so two sign-ups at once still end as one row with both sets of interests.
  // A confirmed entry's name, interests and nonce (of a change link already sent) stay as they are.
  const [row] = await env.DB.prepare(
    `INSERT INTO next_edition_subscribers (id, email, name, interests, status, confirm_nonce, unsubscribe_nonce, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'unconfirmed', ?5, ?6, ?7, ?7)
       ON CONFLICT (email) DO UPDATE SET
         interests = CASE WHEN next_edition_subscribers.status = 'confirmed' THEN next_edition_subscribers.interests
           ELSE (SELECT json_group_array(value) FROM (
             SELECT value FROM json_each(next_edition_subscribers.interests)
             UNION SELECT value FROM json_each(excluded.interests) ORDER BY value)) END,
         name = CASE WHEN next_edition_subscribers.status = 'confirmed' THEN next_edition_subscribers.name
           ELSE coalesce(excluded.name, next_edition_subscribers.name) END,
         confirm_nonce = CASE
           WHEN next_edition_subscribers.status = 'confirmed' THEN next_edition_subscribers.confirm_nonce
           ELSE coalesce(next_edition_subscribers.confirm_nonce, excluded.confirm_nonce) END,
         status = CASE WHEN next_edition_subscribers.status = 'confirmed' THEN 'confirmed' ELSE 'unconfirmed' END,
         unsubscribed_at = NULL,
         updated_at = excluded.updated_at
       RETURNING id, status, confirm_nonce AS confirmNonce, unsubscribe_nonce AS unsubscribeNonce,
         confirmation_sent_at AS confirmationSentAt, name, interests`,
  )
    .bind(
      crypto.randomUUID(),
      email,
      signup.name ?? null,
      JSON.stringify([...signup.interests].sort()),
      newNonce(),
      newNonce(),
      at,
    )
    .all<
      Pick<
        NextEditionSubscriber,
        "id" | "status" | "confirmNonce" | "unsubscribeNonce" | "confirmationSentAt" | "name" | "interests"
      >
    >()
    .then((result) => result.results);
  if (!row) throw new Error("next-edition sign-up returned no row");
  const change = row.status === "confirmed" ? proposedChange(row, signup) : null;
  if (row.status === "confirmed" && !change) return { outcome: "already-confirmed", subscriberId: row.id };
  if (row.status !== "confirmed" && !row.confirmNonce) return { outcome: "already-confirmed", subscriberId: row.id };

  const resendAfter = now.getTime() - nextEditionLimits.resendConfirmationMinutes * 60_000;
  if (row.confirmationSentAt && Date.parse(row.confirmationSentAt) > resendAfter) {
    return { outcome: "confirmation-recent", subscriberId: row.id };
  }
  if (change) {
    return requestChange(env, { subscriberId: row.id, recipient: email, currentName: row.name }, change, {
      now,
      origin,
      requestId,
    });
  }

  const confirmToken = await signToken(env, {
    purpose: "confirm",
    subscriberId: row.id,
    nonce: row.confirmNonce!,
    expiresAt: now.getTime() + nextEditionLimits.confirmLinkDays * 86_400_000,
  });
  const notification = outboxInsert(db, nextEditionConfirmation, {
    recipient: email,
    payload: {
      subscriberId: row.id,
      name: row.name,
      confirmUrl: `${origin}${CONFIRM_PATH}?token=${confirmToken}`,
      origin,
    },
    now,
  });
  await db.batch([
    notification.statement,
    db.update(nextEditionSubscribers).set({ confirmationSentAt: at }).where(eq(nextEditionSubscribers.id, row.id)),
  ]);
  await enqueueNotifications(env, [notification.id], { requestId, kind: nextEditionConfirmation.kind });
  return { outcome: "confirmation-queued", subscriberId: row.id, notificationId: notification.id };
}

interface Change {
  name: string | null;
  /** Sorted. */
  interests: string[];
}

/** What the sign-up would make of a confirmed entry (the unconfirmed rule: interests merged, a name given replaces), or null when nothing changes. */
function proposedChange(row: Pick<NextEditionSubscriber, "name" | "interests">, signup: NextEditionSignup) {
  const current = (JSON.parse(row.interests) as string[]).sort();
  const interests = [...new Set([...current, ...signup.interests])].sort();
  const name = signup.name ?? row.name;
  if (name === row.name && interests.join() === current.join()) return null;
  return { name, interests } satisfies Change;
}

/**
 * Keeps the change on the row with a fresh nonce (an earlier change link stops
 * working) and mails the address a link that applies it.
 */
async function requestChange(
  env: ListEnv,
  { subscriberId, recipient, currentName }: { subscriberId: string; recipient: string; currentName: string | null },
  change: Change,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<{ outcome: SignupOutcome; subscriberId: string; notificationId?: string }> {
  const db = getDb(env);
  const nonce = newNonce();
  const confirmToken = await signToken(env, {
    purpose: "confirm",
    subscriberId,
    nonce,
    expiresAt: now.getTime() + nextEditionLimits.confirmLinkDays * 86_400_000,
  });
  const notification = outboxInsert(db, nextEditionConfirmation, {
    recipient,
    payload: {
      subscriberId,
      name: currentName,
      confirmUrl: `${origin}${CONFIRM_PATH}?token=${confirmToken}`,
      origin,
      change: { name: change.name, interests: change.interests },
    },
    now,
  });
  await db.batch([
    notification.statement,
    db
      .update(nextEditionSubscribers)
      .set({
        pendingName: change.name,
        pendingInterests: JSON.stringify(change.interests),
        confirmNonce: nonce,
        confirmationSentAt: now.toISOString(),
      })
      .where(and(eq(nextEditionSubscribers.id, subscriberId), eq(nextEditionSubscribers.status, "confirmed"))),
  ]);
  await enqueueNotifications(env, [notification.id], { requestId, kind: nextEditionConfirmation.kind });
  return { outcome: "change-confirmation-queued", subscriberId, notificationId: notification.id };
}

export type LinkOutcome = "done" | "invalid";

/** Follows a confirmation link: valid, unexpired and not used before; a confirmed entry's link applies its waiting change. */
export async function confirmSubscription(
  env: Pick<Env, "DB" | "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  token: unknown,
  now: Date,
): Promise<LinkOutcome> {
  const verified = await verifyToken(env, token, "confirm", now);
  if (!verified.ok) return "invalid";
  const { subscriberId, nonce } = verified.claims;
  const at = now.toISOString();
  // The nonce in the WHERE clause makes the link single-use, even when two clicks race. Raw, like the
  // sign-up: SET reads the row as it was, so one statement tells a first confirmation from a change.
  const result = await env.DB.prepare(
    `UPDATE next_edition_subscribers SET
       name = CASE WHEN status = 'confirmed' AND pending_interests IS NOT NULL THEN pending_name ELSE name END,
       interests = CASE WHEN status = 'confirmed' THEN coalesce(pending_interests, interests) ELSE interests END,
       confirmed_at = CASE WHEN status = 'confirmed' THEN confirmed_at ELSE ?3 END,
       status = 'confirmed', confirm_nonce = NULL, pending_name = NULL, pending_interests = NULL, updated_at = ?3
     WHERE id = ?1 AND confirm_nonce = ?2 AND status IN ('unconfirmed', 'confirmed')`,
  )
    .bind(subscriberId, nonce, at)
    .run();
  return (result.meta.changes ?? 0) === 1 ? "done" : "invalid";
}

/** Whether a confirmation link would work now (the GET page shows its button only then). */
export async function checkConfirmToken(
  env: Pick<Env, "DB" | "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  token: unknown,
  now: Date,
): Promise<boolean> {
  const verified = await verifyToken(env, token, "confirm", now);
  if (!verified.ok) return false;
  const [row] = await getDb(env)
    .select({ id: nextEditionSubscribers.id })
    .from(nextEditionSubscribers)
    .where(
      and(
        eq(nextEditionSubscribers.id, verified.claims.subscriberId),
        eq(nextEditionSubscribers.confirmNonce, verified.claims.nonce),
        inArray(nextEditionSubscribers.status, ["unconfirmed", "confirmed"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Reads an unsubscribe link without acting on it (the GET page shows a button). */
export async function checkUnsubscribeToken(
  env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  token: unknown,
  now: Date,
): Promise<boolean> {
  return (await verifyToken(env, token, "unsubscribe", now)).ok;
}

/**
 * Unsubscribes: the entry keeps only its address and status until the
 * retention job deletes it. A link used twice, or for an entry already gone,
 * is still "done" (the address is off the list either way); only a forged or
 * broken link is "invalid".
 */
export async function unsubscribe(
  env: Pick<Env, "DB" | "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  token: unknown,
  now: Date,
): Promise<LinkOutcome> {
  const verified = await verifyToken(env, token, "unsubscribe", now);
  if (!verified.ok) return "invalid";
  const at = now.toISOString();
  await getDb(env)
    .update(nextEditionSubscribers)
    .set({
      status: "unsubscribed",
      name: null,
      interests: "[]",
      confirmNonce: null,
      pendingName: null,
      pendingInterests: null,
      unsubscribeNonce: newNonce(),
      unsubscribedAt: at,
      updatedAt: at,
    })
    .where(
      and(
        eq(nextEditionSubscribers.id, verified.claims.subscriberId),
        eq(nextEditionSubscribers.unsubscribeNonce, verified.claims.nonce),
      ),
    );
  return "done";
}
