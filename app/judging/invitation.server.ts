/**
 * A judge's invitation (issue 24): a single-use, expiring link the organizers
 * send from the desk (`judges.invite`, app/judging/actions.server.ts). Only the account with the invited
 * address may accept it, once that address is verified and two-step sign-in
 * is on (a judge's account decides results). Accepting makes the account a
 * judge of the invitation's edition and records it in judging's history; an
 * advisor's invitation (issue 54) makes it an advisor of its group instead,
 * who is never a judge: never assigned, never let into /judging.
 */
import type { Refusal } from "~/lib/refusal";
import { and, eq } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import { formatMountain } from "~/clock/format";
import type { Edition } from "~/content/editions";
import { judgingMessages } from "~/content/judging";
import type { Db } from "~/db/client.server";
import { advisoryGroupIds, type AdvisoryGroupId } from "~/content/profiles";
import { advisors, judgeAdvisorInterests, judgeInvitations, judges } from "~/db/schema";
import type { ProfileHolder } from "~/profiles/profile.server";
import { commitAccountChange } from "~/events/commit.server";
import { accountRefusal, invitationOfToken, invitationState, isUnusedInvitation } from "~/lib/invitation.server";
import { plainText } from "~/lib/plain-text";

type Invitation = typeof judgeInvitations.$inferSelect;

export type InvitationCheck = { ok: true; invitation: Invitation; editionName: string } | Refusal<403 | 404 | 410>;

/** Whether `user` may accept the invitation behind `token` now, and if not, what to do. */
export async function checkInvitation(
  db: Db,
  token: string,
  user: SessionUser,
  now: Date,
  editions: readonly Edition[],
): Promise<InvitationCheck> {
  const byToken = await invitationOfToken(judgeInvitations, token);
  const [invitation] = byToken ? await db.select().from(judgeInvitations).where(byToken).limit(1) : [];
  if (!invitation) return { ok: false, message: judgingMessages.invitationUnknown, status: 404 };
  const state = invitationState(invitation, now);
  if (state === "revoked") return { ok: false, message: judgingMessages.invitationRevoked, status: 410 };
  if (state === "used") return { ok: false, message: judgingMessages.invitationUsed, status: 410 };
  if (state === "expired") {
    const when = formatMountain(new Date(invitation.expiresAt), "dateTime");
    return { ok: false, message: judgingMessages.invitationExpired(when), status: 410 };
  }
  const refusal = accountRefusal(invitation.email, user);
  if (refusal === "other-account") {
    return { ok: false, message: judgingMessages.invitationOtherAccount(user.email), status: 403 };
  }
  if (refusal === "unverified") return { ok: false, message: judgingMessages.invitationUnverified, status: 403 };
  // A judge's account decides results: two-step sign-in too.
  if (!user.twoFactorEnabled) return { ok: false, message: judgingMessages.invitationNoSecondFactor, status: 403 };
  // An edition no longer published: its id is name enough.
  const editionName = editions.find((e) => e.id === invitation.editionId)?.name ?? invitation.editionId;
  return { ok: true, invitation, editionName };
}

/** The judge's name: the one the organizers gave, else the interest form's, else the address. */
export async function judgeName(db: Db, invitation: Invitation): Promise<string> {
  const name = invitation.name ? plainText(invitation.name).trim().replace(/\s+/g, " ") : "";
  if (name) return name;
  if (invitation.interestId !== null) {
    const [interest] = await db
      .select({ firstName: judgeAdvisorInterests.firstName, lastName: judgeAdvisorInterests.lastName })
      .from(judgeAdvisorInterests)
      .where(eq(judgeAdvisorInterests.id, invitation.interestId))
      .limit(1);
    if (interest) return plainText(`${interest.firstName} ${interest.lastName}`).trim();
  }
  return invitation.email;
}

/** Accepts: the invitation is used up (in the same write that checks it is still open), the account becomes a judge. */
export async function acceptJudgeInvitation(
  db: Db,
  token: string,
  user: SessionUser,
  now: Date,
  editions: readonly Edition[],
): Promise<{ ok: true; editionId: string; holder: ProfileHolder } | Refusal> {
  const check = await checkInvitation(db, token, user, now, editions);
  if (!check.ok) return check;
  const { invitation } = check;
  const at = now.toISOString();
  const used = await db
    .update(judgeInvitations)
    .set({ acceptedAt: at, acceptedBy: user.id })
    .where(and(eq(judgeInvitations.id, invitation.id), isUnusedInvitation(judgeInvitations)))
    .returning({ id: judgeInvitations.id });
  if (used.length === 0) return { ok: false, message: judgingMessages.invitationUsed, status: 410 };
  const name = await judgeName(db, invitation);
  if (invitation.standing === "advisor") {
    const advisoryGroup = (invitation.advisoryGroup ?? advisoryGroupIds[0]) as AdvisoryGroupId;
    await commitAccountChange(db, {
      actor: { userId: user.id, role: "advisor" },
      kind: "advisors.invitation-accepted",
      payload: { invitationId: invitation.id, advisoryGroup },
      subject: { editionId: invitation.editionId, userId: user.id },
      now,
      statements: [
        db
          .insert(advisors)
          .values({
            editionId: invitation.editionId,
            userId: user.id,
            name,
            advisoryGroup,
            invitationId: invitation.id,
            joinedAt: at,
          })
          .onConflictDoUpdate({
            target: [advisors.editionId, advisors.userId],
            set: { advisoryGroup, invitationId: invitation.id, joinedAt: at },
          }),
      ],
    });
    const holder = {
      editionId: invitation.editionId,
      userId: user.id,
      standing: "advisor",
      advisoryGroup,
      name,
    } as const;
    return { ok: true, editionId: invitation.editionId, holder };
  }
  await commitAccountChange(db, {
    actor: { userId: user.id, role: "judge" },
    kind: "judging.invitation-accepted",
    payload: { invitationId: invitation.id },
    subject: { editionId: invitation.editionId, userId: user.id },
    now,
    statements: [
      // A judge who stepped down and is invited again comes back.
      db
        .insert(judges)
        .values({ editionId: invitation.editionId, userId: user.id, name, invitationId: invitation.id, joinedAt: at })
        .onConflictDoUpdate({
          target: [judges.editionId, judges.userId],
          set: { leftAt: null, leftBy: null, invitationId: invitation.id, joinedAt: at },
        }),
    ],
  });
  const holder = {
    editionId: invitation.editionId,
    userId: user.id,
    standing: "judge",
    advisoryGroup: null,
    name,
  } as const;
  return { ok: true, editionId: invitation.editionId, holder };
}
