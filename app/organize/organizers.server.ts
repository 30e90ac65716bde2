/**
 * Organizer roles (issue 32, ADR 018): who holds which, the actions that
 * grant and remove them (directors only, the last director stays), and the
 * one bootstrap step that makes the first director while none exists.
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { deskMessages, organizerRoleText } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { organizerRoleNames, organizerRoles, organizerTokens, user, type OrganizerRoleName } from "~/db/schema";
import type { Refusal } from "~/lib/refusal";
import {
  type ActionContext,
  actorLabel,
  commitWithAudit,
  defineOrganizerAction,
  defineOrganizerQuery,
  noRowWhere,
  rowWhere,
} from "./action.server";
import { GrantOrganizerSchema, RemoveOrganizerSchema } from "./schema";

export async function roleOf(db: Db, userId: string): Promise<OrganizerRoleName | null> {
  const [row] = await db
    .select({ role: organizerRoles.role })
    .from(organizerRoles)
    .where(eq(organizerRoles.userId, userId))
    .limit(1);
  return row?.role ?? null;
}

export async function directorCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizerRoles).where(eq(organizerRoles.role, "director"));
  return row?.n ?? 0;
}

/** An account by its address, with what the desk requires of an organizer. */
export async function accountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Every organizer with their role, directors first. */
export async function organizersList(db: Db) {
  const rows = await db
    .select({
      userId: organizerRoles.userId,
      email: user.email,
      role: organizerRoles.role,
      grantedBy: organizerRoles.grantedBy,
      grantedAt: organizerRoles.grantedAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(organizerRoles)
    .innerJoin(user, eq(user.id, organizerRoles.userId))
    .orderBy(asc(organizerRoles.grantedAt), asc(user.email));
  const order = (role: OrganizerRoleName) => organizerRoleNames.indexOf(role);
  return rows
    .map((row) => ({ ...row, twoFactorEnabled: row.twoFactorEnabled === true }))
    .sort((a, b) => order(a.role) - order(b.role));
}

const refusal = (message: string, status: number, field?: string): Refusal => ({ ok: false, message, status, field });

/** Grants a role, or changes the one held; a director demoted must not be the last. */
export const grantOrganizer = defineOrganizerAction({
  id: "organizers.grant",
  permission: "grant:organizer",
  input: GrantOrganizerSchema,
  async run({ email, role }, ctx) {
    const account = await accountByEmail(ctx.db, email);
    if (!account) return refusal(deskMessages.accountUnknown(email), 404, "email");
    if (!account.emailVerified) return refusal(deskMessages.accountUnverified(email), 409, "email");
    const before = await roleOf(ctx.db, account.id);
    if (before === role)
      return refusal(`${account.email} is already a ${organizerRoleText[role].label}.`, 409, "email");
    if (before === "director" && (await directorCount(ctx.db)) <= 1) return refusal(deskMessages.lastDirector, 409);
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    return {
      ok: true,
      statements: [
        ctx.db
          .insert(organizerRoles)
          .values({ userId: account.id, role, grantedBy: by, grantedAt: at })
          .onConflictDoUpdate({
            target: organizerRoles.userId,
            set: { role, grantedBy: by, grantedAt: at },
            // Never demote the last director, whatever happened since the check above.
            setWhere: sql`excluded.role = 'director' OR ${organizerRoles.role} <> 'director' OR (SELECT count(*) FROM organizer_roles WHERE role = 'director') > 1`,
          }),
      ],
      holds: rowWhere(
        ctx.db,
        organizerRoles,
        eq(organizerRoles.userId, account.id),
        eq(organizerRoles.role, role),
        eq(organizerRoles.grantedAt, at),
      ),
      audit: {
        summary: `${before ? "Changed" : "Granted"} ${account.email}'s organizer role: ${organizerRoleText[role].label}`,
        targets: { userId: account.id, email: account.email },
        before: { role: before },
        after: { role },
      },
      message: `${account.email} is now a ${organizerRoleText[role].label}.${account.twoFactorEnabled ? "" : " They need two-step sign-in on to open the desk."}`,
      result: { userId: account.id, role },
    };
  },
});

/** Removes a role (never the last director's) and revokes the person's API tokens. */
export const removeOrganizer = defineOrganizerAction({
  id: "organizers.remove",
  permission: "remove:organizer",
  input: RemoveOrganizerSchema,
  async run({ email }, ctx) {
    const account = await accountByEmail(ctx.db, email);
    const before = account ? await roleOf(ctx.db, account.id) : null;
    if (!account || !before) return refusal(deskMessages.notAnOrganizer(email), 404, "email");
    if (before === "director" && (await directorCount(ctx.db)) <= 1) return refusal(deskMessages.lastDirector, 409);
    const at = ctx.now.toISOString();
    return {
      ok: true,
      statements: [
        ctx.db
          .delete(organizerRoles)
          .where(
            and(
              eq(organizerRoles.userId, account.id),
              sql`(${organizerRoles.role} <> 'director' OR (SELECT count(*) FROM organizer_roles WHERE role = 'director') > 1)`,
            ),
          ),
        ctx.db
          .update(organizerTokens)
          .set({ revokedAt: at, revokedBy: actorLabel(ctx.actor) })
          .where(and(eq(organizerTokens.userId, account.id), isNull(organizerTokens.revokedAt))),
      ],
      holds: noRowWhere(ctx.db, organizerRoles, eq(organizerRoles.userId, account.id)),
      audit: {
        summary: `Removed ${account.email}'s organizer role (${organizerRoleText[before].label}) and revoked their API tokens`,
        targets: { userId: account.id, email: account.email },
        before: { role: before },
        after: { role: null },
      },
      message: `${account.email} no longer holds an organizer role; their API tokens are revoked.`,
      result: { userId: account.id },
    };
  },
});

export const listOrganizers = defineOrganizerQuery({
  id: "organizers.list",
  permission: "read:organizer",
  input: z.object({}),
  read: async (_, ctx) => organizersList(ctx.db),
});

/**
 * The first director (the bootstrap step, docs/admin.md): only while no
 * director exists, for a verified account with two-step sign-in on. Called by
 * POST /api/organize/bootstrap with the bootstrap secret; the audit row names
 * the secret as the actor (whoever held it). The insert itself checks that no
 * director exists, so two calls at once make one director.
 */
export async function bootstrapDirector(
  ctx: ActionContext,
  { email, role }: { email: string; role: string },
): Promise<{ ok: true; message: string; userId: string } | Refusal> {
  if (role !== "director") return refusal(deskMessages.bootstrapDirectorOnly, 400, "role");
  const account = await accountByEmail(ctx.db, email);
  if (!account) return refusal(deskMessages.accountUnknown(email), 404, "email");
  if (!account.emailVerified) return refusal(deskMessages.accountUnverified(email), 409, "email");
  if (!account.twoFactorEnabled) return refusal(deskMessages.secondFactorOff(account.email), 409, "email");
  if ((await directorCount(ctx.db)) > 0) return refusal(deskMessages.bootstrapClosed, 409);
  const at = ctx.now.toISOString();
  const by = actorLabel(ctx.actor);
  const before = await roleOf(ctx.db, account.id);
  const committed = await commitWithAudit(
    ctx,
    "organizers.bootstrap",
    [
      {
        sql: `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at)
          SELECT ?1, 'director', ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM organizer_roles WHERE role = 'director')
          ON CONFLICT (user_id) DO UPDATE SET role = 'director', granted_by = ?2, granted_at = ?3`,
        params: [account.id, by, at],
      },
    ],
    {
      summary: `Made ${account.email} the first director (bootstrap step)`,
      targets: { userId: account.id, email: account.email },
      before: { role: before },
      after: { role: "director" },
    },
    {
      holds: rowWhere(
        ctx.db,
        organizerRoles,
        eq(organizerRoles.userId, account.id),
        eq(organizerRoles.role, "director"),
        eq(organizerRoles.grantedAt, at),
        eq(organizerRoles.grantedBy, by),
      ),
    },
  );
  if (!committed.ok) return committed.status === 409 ? refusal(deskMessages.bootstrapClosed, 409) : committed;
  return {
    ok: true,
    userId: account.id,
    message: `${account.email} is the first director. Sign in with two-step sign-in and open /organize; grant every other role there.`,
  };
}
