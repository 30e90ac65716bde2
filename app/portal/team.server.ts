/**
 * Projects and teams (issue 15). Every participant's project is a team row: a
 * solo participant's is a team of one without a name, created the first time
 * they save anything, so naming it later ("create a team") keeps the draft.
 * A person is in at most one team per edition (a unique index, not only a
 * check here), a team has at most portalLimits.teamMaxMembers members
 * counting open invitations, and only its lead (who created it, or the
 * longest-standing member after the lead went) invites and removes.
 * Invitations are single-use links that expire, capped per recipient and per
 * inviter per day; accepting needs the invited, verified and enrolled
 * account. The size and the caps are checked again inside the write (D1 has
 * no interactive transactions), so parallel requests cannot pass them.
 * Callers check the portal window.
 */
import { refusal, type Refusal } from "~/lib/refusal";
import { and, asc, count, eq, exists, isNotNull, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import { portalLimits, portalMessages, TEAM_NAME_PATTERN } from "~/content/portal";
import type { Db } from "~/db/client.server";
import { plainText } from "~/lib/plain-text";
import { submissions, teamInvitationSends, teamInvitations, teamMembers, teams, user } from "~/db/schema";
import { emailField } from "~/forms/fields";
import {
  accountRefusal,
  invitationOfToken,
  isOpenInvitation,
  isUnusedInvitation,
  newInvitation,
} from "~/lib/invitation.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import type { SessionUser } from "~/auth/session.server";
import { mountainDateKey } from "~/clock/schedule";
import { formatMountain } from "~/clock/format";
import { teamInvitation } from "./notification.server";
import { commitTeamChange } from "./team-history.server";

export interface TeamMember {
  userId: string;
  email: string;
  role: "lead" | "member";
  joinedAt: string;
}

export interface Project {
  teamId: string;
  editionId: string;
  /** Null: working alone. */
  name: string | null;
  /** The signed-in participant's role. */
  role: "lead" | "member";
  members: TeamMember[];
}

/** What the team actions answer a refusal with. */
export type TeamRefusal = Refusal<400 | 403 | 404 | 409 | 410 | 429>;

/** The participant's project in this edition, or null before they start one. */
export async function projectOf(db: Db, userId: string, editionId: string): Promise<Project | null> {
  const [mine] = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.editionId, editionId)))
    .limit(1);
  if (!mine) return null;
  const members = await db
    .select({ userId: teamMembers.userId, email: user.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, mine.teamId))
    .orderBy(sql`${teamMembers.role} = 'lead' DESC`, asc(teamMembers.joinedAt));
  return { teamId: mine.teamId, editionId, name: mine.name, role: mine.role, members };
}

/** The participant's project, started (as a team of one) if they have none yet. */
export async function ensureProject(db: Db, participant: SessionUser, editionId: string, now: Date): Promise<Project> {
  const existing = await projectOf(db, participant.id, editionId);
  if (existing) return existing;
  const teamId = crypto.randomUUID();
  const at = now.toISOString();
  try {
    await db.batch([
      db.insert(teams).values({ id: teamId, editionId, name: null, createdBy: participant.id, createdAt: at }),
      db.insert(teamMembers).values({ teamId, userId: participant.id, editionId, role: "lead", joinedAt: at }),
    ]);
  } catch (error) {
    // Two first saves at once: the unique index let one win; use that one.
    const raced = await projectOf(db, participant.id, editionId);
    if (raced) return raced;
    throw error;
  }
  return {
    teamId,
    editionId,
    name: null,
    role: "lead",
    members: [{ userId: participant.id, email: participant.email, role: "lead", joinedAt: at }],
  };
}

export function validTeamName(typed: string): { ok: true; name: string } | TeamRefusal {
  const name = plainText(typed).trim().replace(/\s+/g, " ");
  if (!name) return refusal(portalMessages.teamNameRequired, 400);
  if (name.length >= portalLimits.teamNameMax) return refusal(portalMessages.teamNameTooLong, 400);
  if (!TEAM_NAME_PATTERN.test(name)) return refusal(portalMessages.teamNameCharacters, 400);
  return { ok: true, name };
}

/** Names the participant's project: a solo draft becomes the team's, with them as its lead. */
export async function createTeam(
  db: Db,
  participant: SessionUser,
  editionId: string,
  typedName: string,
  now: Date,
): Promise<{ ok: true; name: string } | TeamRefusal> {
  const valid = validTeamName(typedName);
  if (!valid.ok) return valid;
  const project = await ensureProject(db, participant, editionId, now);
  if (project.name !== null) return refusal(portalMessages.alreadyInTeam, 409);
  await db
    .update(teams)
    .set({ name: valid.name })
    .where(and(eq(teams.id, project.teamId), isNull(teams.name)));
  return { ok: true, name: valid.name };
}

export interface OpenInvitationRow {
  id: string;
  email: string;
  expiresAt: string;
}

/** The team's invitations not yet accepted, declined, cancelled or expired. */
export async function openInvitationsOf(db: Db, teamId: string, now: Date): Promise<OpenInvitationRow[]> {
  return db
    .select({ id: teamInvitations.id, email: teamInvitations.email, expiresAt: teamInvitations.expiresAt })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), isOpenInvitation(teamInvitations, now)))
    .orderBy(asc(teamInvitations.createdAt));
}

function memberCountQuery(db: Db, teamId: string) {
  return db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
}

function openInvitationCountQuery(db: Db, teamId: string, now: Date) {
  return db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), isOpenInvitation(teamInvitations, now)));
}

/** Invitations sent today to `email` and by `inviterId`, cancelled ones included. */
function sendsTodayQueries(db: Db, email: string, inviterId: string, day: string) {
  const sends = (where: SQL | undefined) => db.select({ n: count() }).from(teamInvitationSends).where(where);
  return {
    toRecipient: sends(and(eq(teamInvitationSends.email, email), eq(teamInvitationSends.day, day))),
    byInviter: sends(and(eq(teamInvitationSends.invitedBy, inviterId), eq(teamInvitationSends.day, day))),
  };
}

/** What refuses an invitation now, or null: the team's size (members and open invitations) and the daily caps. */
async function invitationLimitRefusal(
  db: Db,
  teamId: string,
  email: string,
  inviterId: string,
  now: Date,
): Promise<TeamRefusal | null> {
  const sends = sendsTodayQueries(db, email, inviterId, mountainDateKey(now));
  const [[members], [open], [toRecipient], [byInviter]] = await Promise.all([
    memberCountQuery(db, teamId),
    openInvitationCountQuery(db, teamId, now),
    sends.toRecipient,
    sends.byInviter,
  ]);
  if ((members?.n ?? 0) + (open?.n ?? 0) >= portalLimits.teamMaxMembers) return refusal(portalMessages.teamFull, 409);
  if ((byInviter?.n ?? 0) >= portalLimits.invitationsPerInviterPerDay) {
    return refusal(portalMessages.inviteDailyLimit, 429);
  }
  if ((toRecipient?.n ?? 0) >= portalLimits.invitationsPerRecipientPerDay) {
    return refusal(portalMessages.inviteRecipientLimit, 429);
  }
  return null;
}

export async function inviteMember(
  env: Pick<Env, "NOTIFICATIONS">,
  db: Db,
  project: Project,
  actor: SessionUser,
  typed: string,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<{ ok: true; message: string } | TeamRefusal> {
  if (project.name === null) return refusal(portalMessages.notInTeam, 409);
  if (project.role !== "lead") return refusal(portalMessages.notLead, 403);
  const parsed = emailField().safeParse(typed);
  if (!parsed.success) return refusal(portalMessages.inviteInvalidEmail, 400);
  const email = parsed.data.toLowerCase();
  if (email === actor.email.toLowerCase()) return refusal(portalMessages.inviteSelf, 400);
  if (project.members.some((m) => m.email.toLowerCase() === email)) {
    return refusal(portalMessages.inviteAlreadyMember, 409);
  }
  const open = await openInvitationsOf(db, project.teamId, now);
  if (open.some((i) => i.email === email)) return refusal(portalMessages.inviteAlreadyPending, 409);
  const limited = await invitationLimitRefusal(db, project.teamId, email, actor.id, now);
  if (limited) return limited;
  const { token, tokenHash, expiresAt: expires } = await newInvitation(now, portalLimits.teamInvitationDays);
  const mail = outboxInsert(db, teamInvitation, {
    recipient: email,
    now,
    payload: {
      teamName: project.name,
      inviterEmail: actor.email,
      acceptUrl: `${origin}/portal/invitation?token=${token}`,
      expires: formatMountain(expires, "dateTime"),
    },
  });
  const at = now.toISOString();
  const day = mountainDateKey(now);
  const sends = sendsTodayQueries(db, email, actor.id, day);
  // The checks above again, inside the batch and before its writes: parallel
  // invitations cannot pass the size or the caps together. A check that fails
  // leaves the batch (mail included) unwritten.
  const allowed = and(
    exists(
      db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, project.teamId), isNotNull(teams.name))),
    ),
    sql`${memberCountQuery(db, project.teamId)} + ${openInvitationCountQuery(db, project.teamId, now)} < ${portalLimits.teamMaxMembers}`,
    notExists(
      db
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.teamId, project.teamId),
            eq(teamInvitations.email, email),
            isOpenInvitation(teamInvitations, now),
          ),
        ),
    ),
    sql`${sends.toRecipient} < ${portalLimits.invitationsPerRecipientPerDay}`,
    sql`${sends.byInviter} < ${portalLimits.invitationsPerInviterPerDay}`,
  )!;
  const invitationId = crypto.randomUUID();
  const committed = await commitTeamChange(db, {
    teamId: project.teamId,
    editionId: project.editionId,
    actorUserId: actor.id,
    kind: "team.invitation-sent",
    payload: { invitationId },
    now,
    statements: [
      db.insert(teamInvitations).values({
        id: invitationId,
        teamId: project.teamId,
        email,
        tokenHash,
        invitedBy: actor.id,
        createdAt: at,
        expiresAt: expires.toISOString(),
      }),
      db.insert(teamInvitationSends).values({ email, invitedBy: actor.id, day, createdAt: at }),
      // The log only answers "today?": older rows go as new ones arrive.
      db
        .delete(teamInvitationSends)
        .where(lt(teamInvitationSends.day, mountainDateKey(new Date(now.getTime() - 86_400_000)))),
      mail.statement,
    ],
    holds: allowed,
    holdsBefore: true,
  });
  if (!committed.ok) {
    // Someone else's request got there first: say which limit it reached.
    const pending = await openInvitationsOf(db, project.teamId, now);
    if (pending.some((i) => i.email === email)) return refusal(portalMessages.inviteAlreadyPending, 409);
    return (
      (await invitationLimitRefusal(db, project.teamId, email, actor.id, now)) ?? refusal(portalMessages.teamFull, 409)
    );
  }
  await enqueueNotifications(env, [mail.id], { requestId, kind: teamInvitation.kind });
  return { ok: true, message: portalMessages.invited(email) };
}

export async function cancelInvitation(
  db: Db,
  project: Project,
  invitationId: string,
  now: Date,
): Promise<{ ok: true; message: string } | TeamRefusal> {
  if (project.role !== "lead") return refusal(portalMessages.notLead, 403);
  const done = await db
    .update(teamInvitations)
    .set({ revokedAt: now.toISOString() })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, project.teamId),
        isOpenInvitation(teamInvitations, now),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (done.length === 0) return refusal(portalMessages.invitationInvalid, 404);
  return { ok: true, message: portalMessages.invitationCancelled };
}

export interface InvitationView {
  id: string;
  teamId: string;
  editionId: string;
  teamName: string;
  email: string;
  inviterEmail: string | null;
}

/** The open invitation a link's token names, or null (used, declined, cancelled, expired or unknown). */
export async function findOpenInvitation(db: Db, token: unknown, now: Date): Promise<InvitationView | null> {
  const byToken = await invitationOfToken(teamInvitations, token);
  if (!byToken) return null;
  const [row] = await db
    .select({
      id: teamInvitations.id,
      teamId: teamInvitations.teamId,
      editionId: teams.editionId,
      teamName: teams.name,
      email: teamInvitations.email,
      inviterEmail: user.email,
    })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .leftJoin(user, eq(user.id, teamInvitations.invitedBy))
    .where(and(byToken, isOpenInvitation(teamInvitations, now)))
    .limit(1);
  if (!row || row.teamName === null) return null;
  return { ...row, teamName: row.teamName };
}

/**
 * Accepting: the invited address's verified account, enrolled, in no other
 * team. A solo project without a draft gives way to the team; one with a draft
 * must be deleted first (nothing is thrown away silently).
 */
export async function acceptInvitation(
  db: Db,
  token: unknown,
  account: SessionUser,
  enrolled: boolean,
  now: Date,
): Promise<{ ok: true; message: string } | TeamRefusal> {
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) return refusal(portalMessages.invitationInvalid, 410);
  const mismatch = accountRefusal(invitation.email, account);
  if (mismatch === "other-account") return refusal(portalMessages.invitationWrongAccount, 403);
  if (mismatch === "unverified") return refusal(portalMessages.unverified, 403);
  if (!enrolled) return refusal(portalMessages.invitationNotEnrolled, 403);
  const current = await projectOf(db, account.id, invitation.editionId);
  const dropSolo = [];
  if (current) {
    if (current.name !== null) return refusal(portalMessages.alreadyInTeam, 409);
    const [draft] = await db
      .select({ teamId: submissions.teamId })
      .from(submissions)
      .where(eq(submissions.teamId, current.teamId));
    if (draft) return refusal(portalMessages.invitationHasOwnProject, 409);
    dropSolo.push(db.delete(teams).where(eq(teams.id, current.teamId)));
  }
  const [members] = await memberCountQuery(db, invitation.teamId);
  if ((members?.n ?? 0) >= portalLimits.teamMaxMembers) return refusal(portalMessages.teamFull, 409);
  const at = now.toISOString();
  try {
    const committed = await commitTeamChange(db, {
      teamId: invitation.teamId,
      editionId: invitation.editionId,
      actorUserId: account.id,
      kind: "team.member-joined",
      payload: {},
      now,
      statements: [
        db
          .update(teamInvitations)
          .set({ acceptedAt: at })
          .where(and(eq(teamInvitations.id, invitation.id), isOpenInvitation(teamInvitations, now))),
        // The solo project (no draft) goes first: its member row would block the one below.
        ...dropSolo,
        // A second tab's accept fails on the primary key, and the batch rolls back whole.
        db.insert(teamMembers).values({
          teamId: invitation.teamId,
          userId: account.id,
          editionId: invitation.editionId,
          role: "member",
          joinedAt: at,
        }),
      ],
      // The size, counted in the batch before its writes, so parallel acceptances cannot pass it together.
      holds: sql`${memberCountQuery(db, invitation.teamId)} < ${portalLimits.teamMaxMembers}`,
      holdsBefore: true,
    });
    if (!committed.ok) return refusal(portalMessages.teamFull, 409);
  } catch {
    // The unique index: they joined another team meanwhile. The batch rolled back whole.
    return refusal(portalMessages.alreadyInTeam, 409);
  }
  return { ok: true, message: portalMessages.invitationAccepted(invitation.teamName) };
}

export async function declineInvitation(
  db: Db,
  token: unknown,
  account: SessionUser,
  now: Date,
): Promise<{ ok: true; message: string } | TeamRefusal> {
  const invitation = await findOpenInvitation(db, token, now);
  if (!invitation) return refusal(portalMessages.invitationInvalid, 410);
  // Saying no needs only the invited address's account, verified or not.
  if (accountRefusal(invitation.email, account) === "other-account") {
    return refusal(portalMessages.invitationWrongAccount, 403);
  }
  await db
    .update(teamInvitations)
    .set({ declinedAt: now.toISOString() })
    .where(and(eq(teamInvitations.id, invitation.id), isOpenInvitation(teamInvitations, now)));
  return { ok: true, message: portalMessages.invitationDeclined };
}

/** The lead removes a member (not themself). */
export async function removeMember(
  db: Db,
  project: Project,
  lead: SessionUser,
  memberUserId: string,
  now: Date,
): Promise<{ ok: true; message: string } | TeamRefusal> {
  if (project.role !== "lead") return refusal(portalMessages.notLead, 403);
  const member = project.members.find((m) => m.userId === memberUserId && m.role === "member");
  if (!member) return refusal(portalMessages.notInTeam, 404);
  await commitTeamChange(db, {
    teamId: project.teamId,
    editionId: project.editionId,
    actorUserId: lead.id,
    kind: "team.member-removed",
    payload: { memberUserId },
    subjectUserId: memberUserId,
    now,
    statements: [
      db.delete(teamMembers).where(and(eq(teamMembers.teamId, project.teamId), eq(teamMembers.userId, memberUserId))),
    ],
  });
  return { ok: true, message: portalMessages.memberRemoved };
}

/**
 * A member leaves; the project stays with the team. The lead may only
 * "leave" a team left with no one else, which makes it a solo project again.
 */
export async function leaveTeam(
  db: Db,
  project: Project,
  participant: SessionUser,
  now: Date,
): Promise<{ ok: true; message: string } | TeamRefusal> {
  if (project.name === null) return refusal(portalMessages.notInTeam, 409);
  if (project.role === "lead" && project.members.length > 1) return refusal(portalMessages.leadCannotLeave, 409);
  // A lead alone keeps the project as a solo one; a member leaves the team.
  const statements =
    project.role === "lead"
      ? [
          db.update(teams).set({ name: null }).where(eq(teams.id, project.teamId)),
          db
            .update(teamInvitations)
            .set({ revokedAt: now.toISOString() })
            .where(and(eq(teamInvitations.teamId, project.teamId), isUnusedInvitation(teamInvitations))),
        ]
      : [
          db
            .delete(teamMembers)
            .where(and(eq(teamMembers.teamId, project.teamId), eq(teamMembers.userId, participant.id))),
        ];
  await commitTeamChange(db, {
    teamId: project.teamId,
    editionId: project.editionId,
    actorUserId: participant.id,
    kind: "team.member-left",
    payload: {},
    now,
    statements,
  });
  return { ok: true, message: portalMessages.leftTeam };
}
