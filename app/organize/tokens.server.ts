/**
 * Organizer API tokens (issue 32, ADR 018): created on the desk only (in a
 * session that passed the second factor), shown once, stored as SHA-256,
 * named, with the time of last use. A call with a token acts with the role
 * its owner holds at that moment; a token of someone who no longer holds a
 * role, or who turned two-step sign-in off, is refused. Revoked on the desk,
 * through the API, and with the owner's role.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { deskMessages } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { organizerTokens, user } from "~/db/schema";
import { newLinkToken, tokenHash } from "~/lib/link-token.server";
import type { Refusal } from "~/lib/refusal";
import { type Actor, actorLabel, actorMay, defineOrganizerAction, rowWhere } from "./action.server";
import { roleOf } from "./organizers.server";
import { CreateTokenSchema, RevokeTokenSchema } from "./schema";

/** Tokens start with this, so a leaked one is recognizable (and secret scanners can match it). */
export const TOKEN_PREFIX = "iac_org_";

const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** A new token for the acting person; the token itself is in the result only, never in the audit log. */
export const createToken = defineOrganizerAction({
  id: "tokens.create",
  permission: "create:token",
  input: CreateTokenSchema,
  // A token must not mint tokens: only a person on the desk, past the second factor, creates one.
  doors: ["desk"],
  async run({ name }, ctx) {
    if (ctx.actor.kind === "job") return { ok: false, message: deskMessages.notAllowed, status: 403 };
    const id = crypto.randomUUID();
    const token = `${TOKEN_PREFIX}${newLinkToken()}`;
    return {
      ok: true,
      statements: [
        ctx.db.insert(organizerTokens).values({
          id,
          userId: ctx.actor.userId,
          name,
          tokenHash: await tokenHash(token),
          createdAt: ctx.now.toISOString(),
        }),
      ],
      audit: { summary: `Created the API token "${name}"`, targets: { tokenId: id, name } },
      message: `Token "${name}" created. Copy it now: it is shown only once.`,
      result: { tokenId: id, name, token },
    };
  },
});

/** Revokes a token: one's own, or anyone's for a director. */
export const revokeToken = defineOrganizerAction({
  id: "tokens.revoke",
  permission: "revoke:token",
  input: RevokeTokenSchema,
  async run({ tokenId }, ctx) {
    if (ctx.actor.kind === "job") return { ok: false, message: deskMessages.notAllowed, status: 403 };
    const [token] = await ctx.db
      .select({ id: organizerTokens.id, userId: organizerTokens.userId, name: organizerTokens.name })
      .from(organizerTokens)
      .where(and(eq(organizerTokens.id, tokenId), isNull(organizerTokens.revokedAt)))
      .limit(1);
    const mayRevoke = token && (token.userId === ctx.actor.userId || actorMay(ctx.actor, "remove:organizer"));
    if (!token || !mayRevoke) return { ok: false, message: deskMessages.tokenUnknown, status: 404 };
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    return {
      ok: true,
      statements: [
        ctx.db
          .update(organizerTokens)
          .set({ revokedAt: at, revokedBy: by })
          .where(and(eq(organizerTokens.id, token.id), isNull(organizerTokens.revokedAt))),
      ],
      holds: rowWhere(
        ctx.db,
        organizerTokens,
        eq(organizerTokens.id, token.id),
        eq(organizerTokens.revokedAt, at),
        eq(organizerTokens.revokedBy, by),
      ),
      audit: {
        summary: `Revoked the API token "${token.name}"`,
        targets: { tokenId: token.id, name: token.name, ownerId: token.userId },
      },
      message: `Token "${token.name}" revoked: it no longer works.`,
      result: { tokenId: token.id },
    };
  },
});

/** The tokens the desk lists: one's own, or everyone's for a director. */
export async function tokensFor(db: Db, viewer: { userId: string; all: boolean }) {
  return db
    .select({
      id: organizerTokens.id,
      name: organizerTokens.name,
      ownerEmail: user.email,
      userId: organizerTokens.userId,
      createdAt: organizerTokens.createdAt,
      lastUsedAt: organizerTokens.lastUsedAt,
      revokedAt: organizerTokens.revokedAt,
    })
    .from(organizerTokens)
    .innerJoin(user, eq(user.id, organizerTokens.userId))
    .where(viewer.all ? undefined : eq(organizerTokens.userId, viewer.userId))
    .orderBy(desc(organizerTokens.createdAt));
}

/**
 * Who a token acts for, now: the owner, by the role they hold, if the token
 * is known and not revoked and the owner still holds a role with a verified
 * address and two-step sign-in on. Records the time of use.
 */
export async function actorOfToken(db: Db, bearer: string | null, now: Date): Promise<Actor | Refusal> {
  const token = bearer?.replace(/^Bearer\s+/i, "").trim() ?? "";
  if (!token) return { ok: false, message: deskMessages.apiTokenMissing, status: 401 };
  const refused: Refusal = { ok: false, message: deskMessages.apiTokenRefused, status: 401 };
  if (!TOKEN_PATTERN.test(token)) return refused;
  const [row] = await db
    .select({
      id: organizerTokens.id,
      userId: organizerTokens.userId,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(organizerTokens)
    .innerJoin(user, eq(user.id, organizerTokens.userId))
    .where(and(eq(organizerTokens.tokenHash, await tokenHash(token)), isNull(organizerTokens.revokedAt)))
    .limit(1);
  if (!row || !row.emailVerified || !row.twoFactorEnabled) return refused;
  const role = await roleOf(db, row.userId);
  if (!role) return refused;
  await db.update(organizerTokens).set({ lastUsedAt: now.toISOString() }).where(eq(organizerTokens.id, row.id));
  return { kind: "token", userId: row.userId, email: row.email, role, tokenId: row.id };
}
