/**
 * "Download my data" (issue 13): everything /account lists, with the personal
 * details each record holds, plus the account itself and its sessions, its
 * Challenge Portal data (teams, projects, files' names and sizes, team
 * invitations) and its co-administrator roles (issue 22: the privacy policy
 * says the download shows what the account holds). Bound to the signed-in
 * user's id like every /account query; other members' addresses are left
 * out, except those the account itself invited. Its judging, as a judge or
 * as a team that appealed (issue 31), and when it changed its display name.
 */
import { and, asc, desc, eq, gt, inArray, or } from "drizzle-orm";
import { site } from "~/content/site";
import {
  credentials,
  displayNameChanges,
  judgeAdvisorInterests,
  organizationAdmins,
  registrations,
  session,
  sponsorships,
  submissionFiles,
  showcaseVotes,
  submissions,
  teamInvitations,
  teamMembers,
  teams,
} from "~/db/schema";
import { getDb, type Db } from "~/db/client.server";
import { judgingDataOf } from "~/judging/account.server";
import { registrationRowsOf } from "./activity.server";
import type { SessionUser } from "~/auth/session.server";
import { describeUserAgent } from "./user-agent";

export const EXPORT_FORMAT_VERSION = 1;

/** The account's teams (a solo project is a team without a name), each with its project and files. */
async function portalDataOf(db: Db, userId: string, email: string) {
  const memberships = await db
    .select({ team: teams, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt));
  const teamIds = memberships.map((m) => m.team.id);
  const [projectRows, fileRows, invitationRows] = await Promise.all([
    teamIds.length ? db.select().from(submissions).where(inArray(submissions.teamId, teamIds)) : [],
    teamIds.length
      ? db
          .select()
          .from(submissionFiles)
          .where(inArray(submissionFiles.teamId, teamIds))
          .orderBy(asc(submissionFiles.component))
      : [],
    db
      .select({ invitation: teamInvitations, teamName: teams.name })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .where(or(eq(teamInvitations.email, email.toLowerCase()), eq(teamInvitations.invitedBy, userId)))
      .orderBy(desc(teamInvitations.createdAt)),
  ]);
  const teamsOut = memberships.map(({ team, role, joinedAt }) => {
    const project = projectRows.find((row) => row.teamId === team.id);
    return {
      id: team.id,
      edition: team.editionId,
      name: team.name,
      role,
      joinedAt,
      submission: project
        ? {
            status: project.status,
            prototypeUrl: project.prototypeUrl,
            abstract: project.abstract,
            videoUrl: project.videoUrl,
            videoConfirmed: project.videoConfirmed,
            aiUseLog: project.aiUseLog,
            createdAt: project.createdAt,
            updatedAt: project.updatedAt,
            submittedAt: project.submittedAt,
          }
        : null,
      // Names and sizes: the files themselves are downloaded from the portal.
      files: fileRows
        .filter((file) => file.teamId === team.id)
        .map((file) => ({
          component: file.component,
          filename: file.filename,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          pageCount: file.pageCount,
          uploadedAt: file.uploadedAt,
          uploadedByYou: file.uploadedBy === userId,
        })),
    };
  });
  const invitationsOut = invitationRows.map(({ invitation, teamName }) => ({
    teamName,
    email: invitation.email,
    direction: invitation.invitedBy === userId ? ("sent" as const) : ("received" as const),
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
    acceptedAt: invitation.acceptedAt,
    declinedAt: invitation.declinedAt,
    cancelledAt: invitation.revokedAt,
  }));
  return { teams: teamsOut, teamInvitations: invitationsOut };
}

/** Organizations the account co-administers (its own Workforce registrations are under registrations). */
async function coAdministrationsOf(db: Db, userId: string) {
  const rows = await db
    .select({ admin: organizationAdmins, organizationName: registrations.companyName })
    .from(organizationAdmins)
    .leftJoin(registrations, eq(registrations.id, organizationAdmins.registrationId))
    .where(eq(organizationAdmins.userId, userId))
    .orderBy(asc(organizationAdmins.createdAt));
  return rows.map(({ admin, organizationName }) => ({
    organizationId: admin.registrationId,
    organizationName,
    role: "co-administrator" as const,
    since: admin.createdAt,
  }));
}

export async function accountExport(env: Pick<Env, "DB">, user: SessionUser, currentSessionId: string, now: Date) {
  const db = getDb(env);
  const [
    registrationRows,
    sponsorshipRows,
    interestRows,
    sessionRows,
    portal,
    coAdministrations,
    credentialRows,
    judging,
    nameChanges,
  ] = await Promise.all([
    registrationRowsOf(env, user.id),
    db.select().from(sponsorships).where(eq(sponsorships.userId, user.id)).orderBy(desc(sponsorships.createdAt)),
    db
      .select()
      .from(judgeAdvisorInterests)
      .where(eq(judgeAdvisorInterests.userId, user.id))
      .orderBy(desc(judgeAdvisorInterests.createdAt)),
    getDb(env)
      .select()
      .from(session)
      .where(and(eq(session.userId, user.id), gt(session.expiresAt, now)))
      .orderBy(desc(session.updatedAt)),
    portalDataOf(db, user.id, user.email),
    coAdministrationsOf(db, user.id),
    db.select().from(credentials).where(eq(credentials.userId, user.id)).orderBy(asc(credentials.seq)),
    judgingDataOf(db, user),
    db
      .select({ changedAt: displayNameChanges.changedAt })
      .from(displayNameChanges)
      .where(eq(displayNameChanges.userId, user.id))
      .orderBy(asc(displayNameChanges.changedAt)),
  ]);
  // Issue 25: each audience vote with what was recorded with it.
  const votes = await db
    .select({ vote: showcaseVotes, title: submissions.title, slug: submissions.slug })
    .from(showcaseVotes)
    .leftJoin(submissions, eq(submissions.teamId, showcaseVotes.teamId))
    .where(eq(showcaseVotes.userId, user.id));
  return {
    format: EXPORT_FORMAT_VERSION,
    site: site.name,
    exportedAt: now.toISOString(),
    account: user,
    sessions: sessionRows.map((row) => ({
      device: describeUserAgent(row.userAgent),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === currentSessionId,
    })),
    registrations: registrationRows.map(({ row, organizationName, companyCode }) => ({
      id: row.id,
      registrationType: row.registrationType,
      plan: row.plan,
      pricingPhase: row.pricingPhase,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      companyName: row.companyName,
      title: row.title,
      employerWebsite: row.employerWebsite,
      employerCode: row.employerCode,
      organizationName,
      companyCode,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      refundedCents: row.refundedCents,
      refundedAt: row.refundedAt,
    })),
    sponsorships: sponsorshipRows.map((row) => ({
      id: row.id,
      tier: row.tier,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      firstName: row.firstName,
      lastName: row.lastName,
      title: row.title,
      companyName: row.companyName,
      companyUrl: row.companyUrl,
      email: row.email,
      phone: row.phone,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      refundedCents: row.refundedCents,
      refundedAt: row.refundedAt,
    })),
    judgeAdvisorInterests: interestRows.map(({ userId: _userId, ...row }) => row),
    organizationRoles: coAdministrations,
    teams: portal.teams,
    teamInvitations: portal.teamInvitations,
    audienceVotes: votes.map(({ vote, title, slug }) => ({
      edition: vote.editionId,
      project: title,
      projectPath: slug ? `/showcase/${slug}` : null,
      firstCastAt: vote.createdAt,
      castForThisProjectAt: vote.castAt,
      moves: vote.moves,
      ipAddress: vote.clientIp,
      network: vote.ipPrefix,
      emailDomain: vote.emailDomain,
      excluded: vote.excludedAt !== null,
    })),
    // Issue 26: the credentials issued to the account (each one's signed file is at its page).
    credentials: credentialRows.map((row) => ({
      id: row.id,
      edition: row.editionId,
      achievement: row.achievement,
      earnedAt: row.earnedAt,
      issuedAt: row.issuedAt,
      issuedToEmail: row.recipientEmail,
      public: row.isPublic,
      revokedAt: row.revokedAt,
      revokedReason: row.revokedReason,
    })),
    // Issue 31: the limit on display-name changes counts these.
    displayNameChanges: nameChanges.map((row) => row.changedAt),
    judging,
  };
}

export type AccountExport = Awaited<ReturnType<typeof accountExport>>;
