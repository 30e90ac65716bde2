/**
 * Co-administrators (issue 14). Any admin (the owner or a co-administrator)
 * may invite an account by e-mail and remove co-administrators; the owner (the
 * account that bought the Workforce Package) cannot be removed.
 *
 * The invitation is a link with 256 random bits; only their SHA-256 is stored,
 * so a copy of the database cannot accept anything. It works once, for
 * organizationLimits.adminInvitationDays, and only for a signed-in account
 * whose verified address is the one invited, and while whoever sent it still
 * manages the organization (issue 22: removing an admin revokes what they sent).
 *
 * Invitations are capped per recipient and per inviter over 24 hours
 * (organizationLimits); every row counts, cancelled ones too, so cancelling
 * and inviting again cannot turn the site into a mailer.
 */
import type { Refusal } from "~/lib/refusal";
import { and, count, eq, exists, gt, or, sql, type SQL } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { organizationLimits, organizationMessages } from "~/content/organization";
import { user, organizationAdminInvitations, organizationAdmins, registrations } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { emailField } from "~/forms/fields";
import type { SessionUser } from "~/auth/session.server";
import type { Organization } from "./access.server";
import { adminsOf } from "./dashboard.server";
import { commitOrganizationChange } from "./events.server";
import { adminInvitation } from "./notification.server";
import {
  accountRefusal,
  invitationOfToken,
  newInvitation,
  isOpenInvitation,
  isUnusedInvitation,
} from "~/lib/invitation.server";

type Result = { ok: true; message: string } | Refusal<400 | 404 | 409 | 429>;

/**
 * The invitation's sender still manages its organization: the owner, or a
 * co-administrator not removed since. Correlated on the invitation row, so it
 * also guards the accepting UPDATE against a removal a moment earlier.
 */
function inviterIsAdmin(db: Db) {
  const inv = organizationAdminInvitations;
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(registrations)
        .where(and(eq(registrations.id, inv.registrationId), eq(registrations.userId, inv.invitedBy))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(organizationAdmins)
        .where(
          and(eq(organizationAdmins.registrationId, inv.registrationId), eq(organizationAdmins.userId, inv.invitedBy)),
        ),
    ),
  );
}

/** Invitations (any state) matching `where` created in the 24 hours before `now`. */
async function invitationsInLastDay(db: Db, now: Date, where: SQL) {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(organizationAdminInvitations)
    .where(and(where, gt(organizationAdminInvitations.createdAt, since)));
  return row?.n ?? 0;
}

export async function inviteAdmin(
  env: Pick<Env, "NOTIFICATIONS">,
  db: Db,
  organization: Organization,
  actor: SessionUser,
  typed: string,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<Result> {
  const parsed = emailField().safeParse(typed);
  if (!parsed.success) return { ok: false, message: organizationMessages.adminInviteInvalidEmail, status: 400 };
  const email = parsed.data.toLowerCase();
  if ((await adminsOf(db, organization)).some((o) => o.email.toLowerCase() === email)) {
    return { ok: false, message: organizationMessages.adminAlready, status: 409 };
  }
  if (
    (await invitationsInLastDay(db, now, eq(organizationAdminInvitations.email, email))) >=
    organizationLimits.adminInvitationsPerRecipientPerDay
  ) {
    return { ok: false, message: organizationMessages.adminInviteRecipientLimit, status: 429 };
  }
  if (
    (await invitationsInLastDay(db, now, eq(organizationAdminInvitations.invitedBy, actor.id))) >=
    organizationLimits.adminInvitationsPerInviterPerDay
  ) {
    return { ok: false, message: organizationMessages.adminInviteDailyLimit, status: 429 };
  }
  const { token, tokenHash, expiresAt: expires } = await newInvitation(now, organizationLimits.adminInvitationDays);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const mail = outboxInsert(db, adminInvitation, {
    recipient: email,
    now,
    payload: {
      organizationName: organization.name,
      inviterEmail: actor.email,
      acceptUrl: `${origin}/organization/invitation?token=${token}`,
      expires: formatMountain(expires, "dateTime"),
    },
  });
  await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId: actor.id,
    kind: "organization.admin-invited",
    payload: { email, invitationId: id },
    now,
    statements: [
      db.insert(organizationAdminInvitations).values({
        id,
        registrationId: organization.id,
        email,
        tokenHash,
        invitedBy: actor.id,
        createdAt: at,
        expiresAt: expires.toISOString(),
      }),
      mail.statement,
    ],
  });
  await enqueueNotifications(env, [mail.id], { requestId, kind: adminInvitation.kind });
  return { ok: true, message: organizationMessages.adminInvited(email) };
}

export async function cancelAdminInvitation(
  db: Db,
  organization: Organization,
  actor: SessionUser,
  invitationId: string,
  now: Date,
): Promise<Result> {
  const at = now.toISOString();
  const committed = await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId: actor.id,
    kind: "organization.admin-invitation-cancelled",
    payload: { invitationId },
    now,
    statements: [
      db
        .update(organizationAdminInvitations)
        .set({ revokedAt: at })
        .where(
          and(
            eq(organizationAdminInvitations.id, invitationId),
            eq(organizationAdminInvitations.registrationId, organization.id),
            isUnusedInvitation(organizationAdminInvitations),
          ),
        ),
    ],
    holds: sql`EXISTS (SELECT 1 FROM organization_admin_invitations WHERE id = ${invitationId} AND registration_id = ${organization.id} AND revoked_at = ${at})`,
  });
  if (!committed.ok) return { ok: false, message: organizationMessages.changedMeanwhile, status: 404 };
  return { ok: true, message: organizationMessages.adminInvitationCancelled };
}

export async function removeAdmin(
  db: Db,
  organization: Organization,
  actor: SessionUser,
  userId: string,
  now: Date,
): Promise<Result> {
  if (userId === organization.ownerUserId) {
    return { ok: false, message: organizationMessages.ownerCannotBeRemoved, status: 400 };
  }
  const where = and(eq(organizationAdmins.registrationId, organization.id), eq(organizationAdmins.userId, userId));
  const [row] = await db.select({ userId: organizationAdmins.userId }).from(organizationAdmins).where(where).limit(1);
  if (!row) return { ok: false, message: organizationMessages.changedMeanwhile, status: 404 };
  const at = now.toISOString();
  await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId: actor.id,
    kind: "organization.admin-removed",
    payload: { userId },
    subjectUserId: userId,
    now,
    statements: [
      db.delete(organizationAdmins).where(where),
      // An address the removed admin controls must not bring them back through an invitation they sent.
      db
        .update(organizationAdminInvitations)
        .set({ revokedAt: at })
        .where(
          and(
            eq(organizationAdminInvitations.registrationId, organization.id),
            eq(organizationAdminInvitations.invitedBy, userId),
            isUnusedInvitation(organizationAdminInvitations),
          ),
        ),
    ],
  });
  return { ok: true, message: organizationMessages.adminRemoved };
}

export interface InvitationView {
  id: string;
  registrationId: string;
  organizationName: string;
  email: string;
  invitedBy: string;
  ownerUserId: string;
}

/**
 * The open invitation a link's token names (not used, cancelled or expired;
 * its organization in good standing; its sender still an admin), or null.
 */
export async function openInvitation(db: Db, token: unknown, now: Date): Promise<InvitationView | null> {
  const byToken = await invitationOfToken(organizationAdminInvitations, token);
  if (!byToken) return null;
  const [row] = await db
    .select({
      id: organizationAdminInvitations.id,
      registrationId: organizationAdminInvitations.registrationId,
      organizationName: registrations.companyName,
      email: organizationAdminInvitations.email,
      invitedBy: organizationAdminInvitations.invitedBy,
      ownerUserId: registrations.userId,
    })
    .from(organizationAdminInvitations)
    .innerJoin(registrations, eq(registrations.id, organizationAdminInvitations.registrationId))
    .where(
      and(
        byToken,
        isOpenInvitation(organizationAdminInvitations, now),
        eq(registrations.registrationType, "workforce"),
        eq(registrations.status, "paid"),
        inviterIsAdmin(db),
      ),
    )
    .limit(1);
  return row ? { ...row, organizationName: row.organizationName ?? "an organization" } : null;
}

export type AcceptResult =
  | { ok: true; registrationId: string; message: string }
  | { ok: false; reason: "invalid" | "wrong_account" | "unverified"; message: string };

/** Accepts for the signed-in account: the invited address, verified; once. */
export async function acceptInvitation(db: Db, token: unknown, account: SessionUser, now: Date): Promise<AcceptResult> {
  const m = organizationMessages;
  const invitation = await openInvitation(db, token, now);
  if (!invitation) return { ok: false, reason: "invalid", message: m.acceptInvalid };
  const [me] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, account.id))
    .limit(1);
  // The account as stored now, not as the session last saw it.
  const refusal = me
    ? accountRefusal(invitation.email, { email: me.email, emailVerified: me.verified })
    : "other-account";
  if (refusal === "other-account") return { ok: false, reason: "wrong_account", message: m.acceptWrongAccount };
  if (refusal === "unverified") return { ok: false, reason: "unverified", message: m.acceptUnverified };
  if (account.id === invitation.ownerUserId) {
    // The owner already manages it (their address was invited before it became the owner's).
    return { ok: true, registrationId: invitation.registrationId, message: m.acceptDone(invitation.organizationName) };
  }
  const at = now.toISOString();
  const committed = await commitOrganizationChange(db, {
    organizationId: invitation.registrationId,
    actorUserId: account.id,
    kind: "organization.admin-added",
    payload: { invitationId: invitation.id },
    now,
    statements: [
      db
        .update(organizationAdminInvitations)
        .set({ acceptedAt: at, acceptedBy: account.id })
        .where(
          and(
            eq(organizationAdminInvitations.id, invitation.id),
            isUnusedInvitation(organizationAdminInvitations),
            inviterIsAdmin(db),
          ),
        ),
      db
        .insert(organizationAdmins)
        .values({
          registrationId: invitation.registrationId,
          userId: account.id,
          addedBy: invitation.invitedBy,
          createdAt: at,
        })
        .onConflictDoNothing(),
    ],
    holds: sql`EXISTS (SELECT 1 FROM organization_admin_invitations WHERE id = ${invitation.id} AND accepted_by = ${account.id} AND accepted_at = ${at})`,
  });
  if (!committed.ok) return { ok: false, reason: "invalid", message: m.acceptInvalid };
  return { ok: true, registrationId: invitation.registrationId, message: m.acceptDone(invitation.organizationName) };
}
