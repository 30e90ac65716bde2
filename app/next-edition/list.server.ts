/**
 * The next-edition list's server side (issue 11; docs/decisions/009-next-edition-list.md):
 * sign up (double opt-in), confirm, unsubscribe. One row per address; the
 * answers never tell a visitor whether an address was already on the list.
 */
import { eq } from "drizzle-orm";
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

export type SignupOutcome = "confirmation-queued" | "confirmation-recent" | "already-confirmed";

/**
 * Stores the sign-up (interests merged into an existing entry) and, unless the
 * address is confirmed already or was sent a link minutes ago, queues a
 * confirmation e-mail. The outcome is for logs and tests, never for the visitor.
 */
export async function signUp(
  env: ListEnv,
  signup: NextEditionSignup,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<{ outcome: SignupOutcome; subscriberId: string; notificationId?: string }> {
  const db = getDb(env);
  const at = now.toISOString();
  const email = normalizeEmail(signup.email);
  // One statement, so two sign-ups at once still end as one row with both sets of interests.
  const [row] = await env.DB.prepare(
    `INSERT INTO next_edition_subscribers (id, email, name, interests, status, confirm_nonce, unsubscribe_nonce, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, 'unconfirmed', ?5, ?6, ?7, ?7)
       ON CONFLICT (email) DO UPDATE SET
         interests = (SELECT json_group_array(value) FROM (
           SELECT value FROM json_each(next_edition_subscribers.interests)
           UNION SELECT value FROM json_each(excluded.interests) ORDER BY value)),
         name = coalesce(excluded.name, next_edition_subscribers.name),
         confirm_nonce = CASE
           WHEN next_edition_subscribers.status = 'confirmed' THEN NULL
           ELSE coalesce(next_edition_subscribers.confirm_nonce, excluded.confirm_nonce) END,
         status = CASE WHEN next_edition_subscribers.status = 'confirmed' THEN 'confirmed' ELSE 'unconfirmed' END,
         unsubscribed_at = NULL,
         updated_at = excluded.updated_at
       RETURNING id, status, confirm_nonce AS confirmNonce, unsubscribe_nonce AS unsubscribeNonce,
         confirmation_sent_at AS confirmationSentAt, name`,
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
      Pick<NextEditionSubscriber, "id" | "status" | "confirmNonce" | "unsubscribeNonce" | "confirmationSentAt" | "name">
    >()
    .then((result) => result.results);
  if (!row) throw new Error("next-edition sign-up returned no row");
  if (row.status === "confirmed" || !row.confirmNonce) return { outcome: "already-confirmed", subscriberId: row.id };

  const resendAfter = now.getTime() - nextEditionLimits.resendConfirmationMinutes * 60_000;
  if (row.confirmationSentAt && Date.parse(row.confirmationSentAt) > resendAfter) {
    return { outcome: "confirmation-recent", subscriberId: row.id };
  }

  const confirmToken = await signToken(env, {
    purpose: "confirm",
    subscriberId: row.id,
    nonce: row.confirmNonce,
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

export type LinkOutcome = "done" | "invalid";

/** Follows a confirmation link: valid, unexpired and not used before. */
export async function confirmSubscription(
  env: Pick<Env, "DB" | "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  token: unknown,
  now: Date,
): Promise<LinkOutcome> {
  const verified = await verifyToken(env, token, "confirm", now);
  if (!verified.ok) return "invalid";
  const { subscriberId, nonce } = verified.claims;
  const at = now.toISOString();
  // The nonce in the WHERE clause makes the link single-use, even when two clicks race.
  const result = await env.DB.prepare(
    `UPDATE next_edition_subscribers SET status = 'confirmed', confirm_nonce = NULL, confirmed_at = ?3, updated_at = ?3
     WHERE id = ?1 AND confirm_nonce = ?2 AND status = 'unconfirmed'`,
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
  const row = await env.DB.prepare(
    "SELECT 1 AS ok FROM next_edition_subscribers WHERE id = ?1 AND confirm_nonce = ?2 AND status = 'unconfirmed'",
  )
    .bind(verified.claims.subscriberId, verified.claims.nonce)
    .first<{ ok: number }>();
  return row !== null;
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
  await env.DB.prepare(
    `UPDATE next_edition_subscribers SET status = 'unsubscribed', name = NULL, interests = '[]', confirm_nonce = NULL,
       unsubscribe_nonce = ?3, unsubscribed_at = ?4, updated_at = ?4
     WHERE id = ?1 AND unsubscribe_nonce = ?2`,
  )
    .bind(verified.claims.subscriberId, verified.claims.nonce, newNonce(), at)
    .run();
  return "done";
}
