/**
 * The display name beside a holder's credentials (issue 26), changed on
 * /account only (better-auth's update-user is disabled, app/auth/auth.server.ts)
 * and at most `displayNameChanges.max` times in `displayNameChanges.days`
 * days (issue 31): a typo and its fix fit, a stream of identities beside a
 * genuine credential does not. Saving the name it already has changes
 * nothing and costs nothing. The name is stored as plain text (no control or
 * bidi characters).
 */
import { and, asc, eq, gt, lte } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { displayNameChanges } from "~/content/limits";
import type { Db } from "~/db/client.server";
import { displayNameChanges as changes, user } from "~/db/schema";
import { plainText } from "~/lib/plain-text";
import { accountMessages } from "~/content/account";

const DAY_MS = 86_400_000;

export async function changeDisplayName(
  db: Db,
  userId: string,
  typed: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; status: 429; message: string }> {
  const name = plainText(typed).trim();
  const [current] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
  if (current?.name === name) return { ok: true };
  const windowStart = new Date(now.getTime() - displayNameChanges.days * DAY_MS).toISOString();
  const recent = await db
    .select({ changedAt: changes.changedAt })
    .from(changes)
    .where(and(eq(changes.userId, userId), gt(changes.changedAt, windowStart)))
    .orderBy(asc(changes.changedAt));
  if (recent.length >= displayNameChanges.max) {
    // The change that must leave the window before another fits in it.
    const oldest = recent[recent.length - displayNameChanges.max]!;
    const from = new Date(new Date(oldest.changedAt).getTime() + displayNameChanges.days * DAY_MS);
    return { ok: false, status: 429, message: accountMessages.displayNameLimit(formatMountain(from, "dateTime")) };
  }
  await db.batch([
    db.update(user).set({ name, updatedAt: now }).where(eq(user.id, userId)),
    db.insert(changes).values({ userId, changedAt: now.toISOString() }),
    // Only the window counts: older rows go as new ones arrive.
    db.delete(changes).where(and(eq(changes.userId, userId), lte(changes.changedAt, windowStart))),
  ]);
  return { ok: true };
}
