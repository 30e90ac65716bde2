/**
 * Organizer roles (issue 32, ADR 018; issue 50, ADR 021): who holds which,
 * the actions that grant and remove them (directors only, on the desk only,
 * with the code asked again; the director role itself under the two-person
 * rule, every director e-mailed; the last director stays), and the one
 * bootstrap step that makes the first director while none exists.
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { deskMessages, directorPreviewText, organizerRoleText } from "~/content/organize";
import type { Db } from "~/db/client.server";
import {
  organizerProposals,
  organizerRoleNames,
  organizerRoles,
  organizerTokens,
  user,
  type OrganizerRoleName,
} from "~/db/schema";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { refusal, type Refusal } from "~/lib/refusal";
import {
  type ActionContext,
  actorLabel,
  commitWithAudit,
  defineOrganizerAction,
  defineOrganizerQuery,
  noRowWhere,
  type Preview,
  rowWhere,
} from "./action.server";
import { directorRoleChanged } from "./notification.server";
import { DirectorSchema, GrantOrganizerSchema, RemoveOrganizerSchema } from "./schema";

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

/** Grants a role other than director, or changes one (not a director's: that is `directors.remove`). Desk only, with the code again. */
export const grantOrganizer = defineOrganizerAction({
  id: "organizers.grant",
  permission: "grant:organizer",
  doors: ["desk"],
  secondFactorAgain: true,
  input: GrantOrganizerSchema,
  async run({ email, role }, ctx) {
    const account = await accountByEmail(ctx.db, email);
    if (!account) return refusal(deskMessages.accountUnknown(email), 404, "email");
    if (!account.emailVerified) return refusal(deskMessages.accountUnverified(email), 409, "email");
    const before = await roleOf(ctx.db, account.id);
    if (before === role)
      return refusal(`${account.email} is already a ${organizerRoleText[role].label}.`, 409, "email");
    if (before === "director") return refusal(deskMessages.directorRoleProposed(account.email), 409, "email");
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
            // Never a director's role, whatever happened since the check above.
            setWhere: sql`${organizerRoles.role} <> 'director'`,
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

/** The writes that take a role away: the role row (never a director's unless `director`) and the person's API tokens. */
function roleRemoval(ctx: ActionContext, userId: string, { director }: { director: boolean }) {
  return [
    ctx.db
      .delete(organizerRoles)
      .where(
        and(
          eq(organizerRoles.userId, userId),
          director
            ? sql`(SELECT count(*) FROM organizer_roles WHERE role = 'director') > 1`
            : sql`${organizerRoles.role} <> 'director'`,
        ),
      ),
    ctx.db
      .update(organizerTokens)
      .set({ revokedAt: ctx.now.toISOString(), revokedBy: actorLabel(ctx.actor) })
      .where(and(eq(organizerTokens.userId, userId), isNull(organizerTokens.revokedAt))),
  ];
}

/** Removes a role other than director (that is `directors.remove`) and revokes the person's API tokens. Desk only, with the code again. */
export const removeOrganizer = defineOrganizerAction({
  id: "organizers.remove",
  permission: "remove:organizer",
  doors: ["desk"],
  secondFactorAgain: true,
  input: RemoveOrganizerSchema,
  async run({ email }, ctx) {
    const account = await accountByEmail(ctx.db, email);
    const before = account ? await roleOf(ctx.db, account.id) : null;
    if (!account || !before) return refusal(deskMessages.notAnOrganizer(email), 404, "email");
    if (before === "director") return refusal(deskMessages.directorRoleProposed(account.email), 409, "email");
    return {
      ok: true,
      statements: roleRemoval(ctx, account.id, { director: false }),
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

/** The directors now, by address. */
async function directorEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(organizerRoles)
    .innerJoin(user, eq(user.id, organizerRoles.userId))
    .where(eq(organizerRoles.role, "director"))
    .orderBy(asc(user.email));
  return rows.map((r) => r.email);
}

type DirectorChange = "granted" | "removed";

/** What a director-role proposal is about, checked the same way at proposal, preview and confirmation. */
async function directorChangePlan(ctx: ActionContext, email: string, change: DirectorChange) {
  const account = await accountByEmail(ctx.db, email);
  if (!account) return refusal(deskMessages.accountUnknown(email), 404, "email");
  const before = await roleOf(ctx.db, account.id);
  if (change === "granted") {
    if (!account.emailVerified) return refusal(deskMessages.accountUnverified(email), 409, "email");
    if (!account.twoFactorEnabled) return refusal(deskMessages.directorNeedsSecondFactor(account.email), 409, "email");
    if (before === "director") return refusal(deskMessages.alreadyDirector(account.email), 409, "email");
  } else {
    if (before !== "director") return refusal(deskMessages.notADirector(account.email), 404, "email");
    if ((await directorCount(ctx.db)) <= 1) return refusal(deskMessages.lastDirector, 409);
  }
  const directors = await directorEmails(ctx.db);
  // Everyone who is a director before or after the change hears of it.
  const told = change === "granted" ? [...new Set([...directors, account.email])].sort() : directors;
  return { ok: true as const, account, before, told };
}

function directorPreview(
  plan: Extract<Awaited<ReturnType<typeof directorChangePlan>>, { ok: true }>,
  change: DirectorChange,
): Preview {
  const t = directorPreviewText;
  const label = (role: OrganizerRoleName | null) => (role ? organizerRoleText[role].label : t.noRole);
  return {
    summary: change === "granted" ? t.grantSummary(plan.account.email) : t.removeSummary(plan.account.email),
    tables: [
      {
        caption: t.accountCaption,
        columns: [...t.accountHead],
        rows: [
          [
            plan.account.email,
            label(plan.before),
            change === "granted" ? label("director") : t.noRole,
            plan.account.twoFactorEnabled ? t.on : t.off,
          ],
        ],
      },
      { caption: t.directorsCaption, columns: [...t.directorsHead], rows: plan.told.map((email) => [email]) },
    ],
    notes: [t.note],
  };
}

/** The e-mail to every director, in the change's batch, queued once it committed. */
async function directorNotices(ctx: ActionContext, email: string, change: DirectorChange, told: string[]) {
  const proposal = ctx.proposalId ? await proposalLabel(ctx.db, ctx.proposalId) : null;
  const payload = {
    change,
    email,
    proposedBy: proposal ?? actorLabel(ctx.actor),
    confirmedBy: ctx.actor.kind === "job" ? ctx.actor.name : ctx.actor.email,
    at: formatMountain(ctx.now, "dateTime"),
    deskUrl: `${ctx.origin}/organize/organizers`,
  };
  const inserts = told.map((recipient) =>
    outboxInsert(ctx.db, directorRoleChanged, { recipient, payload, now: ctx.now }),
  );
  return {
    statements: inserts.map((i) => i.statement),
    afterwards: async () => {
      await enqueueNotifications(
        ctx.env,
        inserts.map((i) => i.id),
        { requestId: ctx.requestId, kind: directorRoleChanged.kind },
      );
    },
  };
}

async function proposalLabel(db: Db, proposalId: string): Promise<string | null> {
  const [row] = await db
    .select({ by: organizerProposals.proposedLabel })
    .from(organizerProposals)
    .where(eq(organizerProposals.id, proposalId))
    .limit(1);
  return row?.by ?? null;
}

/**
 * Makes an account a director: proposed by one director on the desk with
 * their code, confirmed by another who held the role when it was proposed,
 * with theirs; every director is e-mailed (ADR 021).
 */
export const grantDirector = defineOrganizerAction({
  id: "directors.grant",
  permission: "grant:organizer",
  doors: ["desk"],
  secondFactorAgain: true,
  input: DirectorSchema,
  async preview({ email }, ctx) {
    const plan = await directorChangePlan(ctx, email, "granted");
    return plan.ok ? directorPreview(plan, "granted") : plan;
  },
  async run({ email }, ctx) {
    const plan = await directorChangePlan(ctx, email, "granted");
    if (!plan.ok) return plan;
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    const notices = await directorNotices(ctx, plan.account.email, "granted", plan.told);
    return {
      ok: true,
      statements: [
        ctx.db
          .insert(organizerRoles)
          .values({ userId: plan.account.id, role: "director", grantedBy: by, grantedAt: at })
          .onConflictDoUpdate({
            target: organizerRoles.userId,
            set: { role: "director", grantedBy: by, grantedAt: at },
          }),
        ...notices.statements,
      ],
      holds: rowWhere(
        ctx.db,
        organizerRoles,
        eq(organizerRoles.userId, plan.account.id),
        eq(organizerRoles.role, "director"),
        eq(organizerRoles.grantedAt, at),
      ),
      audit: {
        summary: `Made ${plan.account.email} a director`,
        targets: { userId: plan.account.id, email: plan.account.email, told: plan.told },
        before: { role: plan.before },
        after: { role: "director" },
      },
      message: `${plan.account.email} is now a director. Every director has been e-mailed.`,
      result: { userId: plan.account.id, role: "director" },
      afterwards: notices.afterwards,
    };
  },
});

/** Takes the director role away (never the last director's) and revokes the person's API tokens; two directors, every director e-mailed. */
export const removeDirector = defineOrganizerAction({
  id: "directors.remove",
  permission: "remove:organizer",
  doors: ["desk"],
  secondFactorAgain: true,
  input: DirectorSchema,
  async preview({ email }, ctx) {
    const plan = await directorChangePlan(ctx, email, "removed");
    return plan.ok ? directorPreview(plan, "removed") : plan;
  },
  async run({ email }, ctx) {
    const plan = await directorChangePlan(ctx, email, "removed");
    if (!plan.ok) return plan;
    const notices = await directorNotices(ctx, plan.account.email, "removed", plan.told);
    return {
      ok: true,
      statements: [...roleRemoval(ctx, plan.account.id, { director: true }), ...notices.statements],
      holds: noRowWhere(ctx.db, organizerRoles, eq(organizerRoles.userId, plan.account.id)),
      audit: {
        summary: `Removed ${plan.account.email}'s director role and revoked their API tokens`,
        targets: { userId: plan.account.id, email: plan.account.email, told: plan.told },
        before: { role: "director" },
        after: { role: null },
      },
      message: `${plan.account.email} is no longer a director; their API tokens are revoked. Every director has been e-mailed.`,
      result: { userId: plan.account.id },
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
 * The first two directors (the bootstrap step, docs/admin.md, ADR 021): only
 * while fewer than two directors exist, for a verified account with two-step
 * sign-in on. Called by POST /api/organize/bootstrap with the bootstrap
 * secret; the audit row names the secret as the actor (whoever held it). Two,
 * because every later director takes two directors (`directors.grant`): the
 * operator holding the secret is the second pair of hands for the second.
 * The insert itself checks the count, so two calls at once never make a
 * third; every director is e-mailed, as for any director granted.
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
  const before = await roleOf(ctx.db, account.id);
  if (before === "director") return refusal(deskMessages.alreadyDirector(account.email), 409, "email");
  const directors = await directorEmails(ctx.db);
  if (directors.length >= BOOTSTRAP_DIRECTORS) return refusal(deskMessages.bootstrapClosed, 409);
  const at = ctx.now.toISOString();
  const by = actorLabel(ctx.actor);
  const notices = await directorNotices(ctx, account.email, "granted", [...directors, account.email].sort());
  const ordinal = directors.length === 0 ? "first" : "second";
  const committed = await commitWithAudit(
    ctx,
    "organizers.bootstrap",
    [
      {
        sql: `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at)
          SELECT ?1, 'director', ?2, ?3 WHERE (SELECT count(*) FROM organizer_roles WHERE role = 'director') < ?4
          ON CONFLICT (user_id) DO UPDATE SET role = 'director', granted_by = ?2, granted_at = ?3`,
        params: [account.id, by, at, BOOTSTRAP_DIRECTORS],
      },
      ...notices.statements,
    ],
    {
      summary: `Made ${account.email} the ${ordinal} director (bootstrap step)`,
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
  await notices.afterwards();
  return {
    ok: true,
    userId: account.id,
    message:
      ordinal === "first"
        ? `${account.email} is the first director. Make a second director the same way; then sign in with two-step sign-in and open /organize, where every other role is granted.`
        : `${account.email} is the second director. Bootstrapping is now closed: every later director is proposed and confirmed on the desk.`,
  };
}

/** How many directors the bootstrap step makes: the two the two-person rule needs to start. */
export const BOOTSTRAP_DIRECTORS = 2;
