/**
 * Judging's organizer actions and queries (issues 24 and 32, ADR 018): the
 * desk's /organize/judges, the organizer API and `npm run admin --
 * invite-judge | judges | remove-judge` all run these, through the one
 * executor (app/organize/action.server.ts), with the edition and clock of
 * the worker.
 *
 * - judges.invite: a single-use, expiring link to become a judge, e-mailed
 *   through the outbox; by address, or from a judge/advisor interest form. A
 *   new invitation to the same address revokes the one still open. The same
 *   invitation, with the advisor's standing and an advisory group, makes the
 *   account an advisor (issue 54), who never scores.
 * - judges.revoke-invitation: the link stops working.
 * - judges.remove: the judge steps down; their complete scores keep
 *   counting; every project they had not finished is released and given to
 *   another judge at once, in the same batch (if assignments have run).
 * - judges.list: every judge of an edition with their progress.
 * - appeals.decide, appeals.list: the appeals committee's decision and the
 *   edition's appeals (./appeal-decisions.server.ts).
 */
import { and, asc, desc, eq, gte, isNotNull, isNull } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { invitationSubject, judgeDeskMessages, judgingRules } from "~/content/judging";
import { advisoryGroupIds, advisoryGroupName, profileDeskMessages } from "~/content/profiles";
import { getDb, type Db } from "~/db/client.server";
import { advisors, judgeAdvisorInterests, judgeInvitations, judges, judgingAssignments, user } from "~/db/schema";
import { newInvitation, isOpenInvitation, isUnusedInvitation } from "~/lib/invitation.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { refusal } from "~/lib/refusal";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, rowWhere } from "~/organize/action.server";
import { decideAppeal, listAppeals } from "./appeal-decisions.server";
import { criteriaCount, planAssignments, type Plan } from "./assign";
import {
  assignmentsHaveRun,
  isOpenAssignment,
  lowerEmail,
  planStatements,
  readSnapshot,
  scoredCriteria,
  type AssignmentWrite,
} from "./assign.server";
import { scoresFinalText } from "./judge.server";
import { judgeInvitation } from "./notification.server";
import { InviteJudgeSchema, RemoveJudgeSchema, RevokeJudgeInvitationSchema } from "./schema";

/** The active judge of the edition with this address, or null. */
export async function activeJudgeByEmail(db: Db, editionId: string, email: string) {
  const [row] = await db
    .select({ userId: judges.userId, name: judges.name, email: user.email })
    .from(judges)
    .innerJoin(user, eq(user.id, judges.userId))
    .where(and(eq(judges.editionId, editionId), eq(user.email, email.toLowerCase()), isNull(judges.leftAt)))
    .limit(1);
  return row ?? null;
}

/** The advisor of the edition with this address, or null. */
async function advisorByEmail(db: Db, editionId: string, email: string) {
  const [row] = await db
    .select({ userId: advisors.userId })
    .from(advisors)
    .innerJoin(user, eq(user.id, advisors.userId))
    .where(and(eq(advisors.editionId, editionId), eq(user.email, email.toLowerCase())))
    .limit(1);
  return row ?? null;
}

export const inviteJudge = defineOrganizerAction({
  id: "judges.invite",
  permission: "invite:judge",
  input: InviteJudgeSchema,
  async run(input, ctx) {
    const { db, edition, now } = ctx;
    let email = input.email?.toLowerCase();
    let name = input.name ?? null;
    let interestId: number | null = null;
    if (input.interestId) {
      interestId = Number(input.interestId);
      const [interest] = Number.isInteger(interestId)
        ? await db
            .select({
              email: judgeAdvisorInterests.email,
              firstName: judgeAdvisorInterests.firstName,
              lastName: judgeAdvisorInterests.lastName,
            })
            .from(judgeAdvisorInterests)
            .where(eq(judgeAdvisorInterests.id, interestId))
            .limit(1)
        : [];
      if (!interest) return refusal(judgeDeskMessages.interestUnknown, 404, "interestId");
      email = interest.email.trim().toLowerCase();
      name ??= `${interest.firstName} ${interest.lastName}`;
    }
    if (!email) return refusal(judgeDeskMessages.emailRequired, 400, "email");
    const { standing } = input;
    const advisoryGroup = standing === "advisor" ? (input.advisoryGroup ?? "") : null;
    if (advisoryGroup !== null && !advisoryGroupIds.some((id) => id === advisoryGroup)) {
      return refusal(profileDeskMessages.advisoryGroupRequired, 400, "advisoryGroup");
    }
    if (standing === "judge" && (await activeJudgeByEmail(db, edition.id, email))) {
      return refusal(judgeDeskMessages.alreadyJudge(email, edition.name), 409, "email");
    }
    if (standing === "advisor" && (await advisorByEmail(db, edition.id, email))) {
      return refusal(judgeDeskMessages.alreadyAdvisor(email, edition.name), 409, "email");
    }
    const at = now.toISOString();
    const id = crypto.randomUUID();
    const { token, tokenHash, expiresAt } = await newInvitation(now, judgingRules.invitationValidDays);
    const expires = formatMountain(expiresAt, "dateTime");
    const notification = outboxInsert(db, judgeInvitation, {
      id: `judge-invitation:${id}`,
      recipient: email,
      payload: {
        name,
        editionName: edition.name,
        path: `/judging/invitation?token=${token}`,
        origin: ctx.origin,
        expires,
        scoresFinal: scoresFinalText(edition),
        advisoryGroup: advisoryGroup === null ? null : advisoryGroupName(advisoryGroup),
      },
      now,
    });
    return {
      ok: true,
      statements: [
        // Only the latest link works.
        db
          .update(judgeInvitations)
          .set({ revokedAt: at })
          .where(
            and(
              eq(judgeInvitations.editionId, edition.id),
              eq(judgeInvitations.email, email),
              isUnusedInvitation(judgeInvitations),
            ),
          ),
        db.insert(judgeInvitations).values({
          id,
          editionId: edition.id,
          email,
          name,
          interestId,
          standing,
          advisoryGroup,
          tokenHash,
          invitedBy: actorLabel(ctx.actor),
          createdAt: at,
          expiresAt: expiresAt.toISOString(),
        }),
        notification.statement,
      ],
      audit: {
        summary:
          advisoryGroup === null
            ? `Invited ${email} to judge the ${edition.name}`
            : `Invited ${email} to advise the ${edition.name} (${advisoryGroupName(advisoryGroup)})`,
        targets: { invitationId: id, email, interestId, editionId: edition.id },
        after: { name, standing, advisoryGroup, expiresAt: expiresAt.toISOString() },
      },
      message: `Invitation for ${email} sent (${invitationSubject(edition.name, advisoryGroup && advisoryGroupName(advisoryGroup))}): the link works once, until ${expires}.`,
      result: { invitationId: id, email, standing, expiresAt: expiresAt.toISOString() },
      afterwards: async () => {
        await enqueueNotifications(ctx.env, [notification.id], {
          requestId: ctx.requestId,
          kind: judgeInvitation.kind,
        });
      },
    };
  },
});

export const revokeJudgeInvitation = defineOrganizerAction({
  id: "judges.revoke-invitation",
  permission: "invite:judge",
  input: RevokeJudgeInvitationSchema,
  async run({ invitationId }, ctx) {
    const [invitation] = await ctx.db
      .select({ id: judgeInvitations.id, email: judgeInvitations.email })
      .from(judgeInvitations)
      .where(
        and(
          eq(judgeInvitations.id, invitationId),
          eq(judgeInvitations.editionId, ctx.edition.id),
          isUnusedInvitation(judgeInvitations),
        ),
      )
      .limit(1);
    if (!invitation) return refusal(judgeDeskMessages.invitationUnknown, 404);
    const at = ctx.now.toISOString();
    return {
      ok: true,
      statements: [
        ctx.db
          .update(judgeInvitations)
          .set({ revokedAt: at })
          .where(and(eq(judgeInvitations.id, invitation.id), isUnusedInvitation(judgeInvitations))),
      ],
      holds: rowWhere(
        ctx.db,
        judgeInvitations,
        eq(judgeInvitations.id, invitation.id),
        eq(judgeInvitations.revokedAt, at),
      ),
      audit: {
        summary: `Revoked ${invitation.email}'s invitation to judge the ${ctx.edition.name}`,
        targets: { invitationId: invitation.id, email: invitation.email, editionId: ctx.edition.id },
      },
      message: `The invitation for ${invitation.email} no longer works.`,
      result: { invitationId: invitation.id },
    };
  },
});

export const removeJudge = defineOrganizerAction({
  id: "judges.remove",
  permission: "remove:judge",
  input: RemoveJudgeSchema,
  async run({ email }, ctx) {
    const { db, edition, now, env } = ctx;
    const judge = await activeJudgeByEmail(db, edition.id, email);
    if (!judge) return refusal(judgeDeskMessages.notAJudge(email.toLowerCase(), edition.name), 404, "email");
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    // Reassign in the same batch: the plan is made from the state with this judge gone.
    let plan: Plan | null = null;
    const reassignment: AssignmentWrite[] = [];
    if (await assignmentsHaveRun(env.DB, edition.id)) {
      const snapshot = await readSnapshot(env.DB, edition.id);
      snapshot.judges = snapshot.judges.map((j) => (j.userId === judge.userId ? { ...j, leftAt: at } : j));
      plan = planAssignments(snapshot);
      reassignment.push(...planStatements(db, plan, { editionId: edition.id, actor: by, now, reason: "judge-left" }));
    }
    const reassigned = plan
      ? ` ${plan.releases.length} unfinished project(s) released and ${plan.adds.length} new assignment(s) made${plan.shortfall.length > 0 ? `; ${plan.shortfall.length} project(s) are short of judges: invite more` : ""}.`
      : " Assignments have not run yet for this edition: the first run takes this into account.";
    return {
      ok: true,
      statements: [
        db
          .update(judges)
          .set({ leftAt: at, leftBy: by })
          .where(and(eq(judges.editionId, edition.id), eq(judges.userId, judge.userId), isNull(judges.leftAt))),
        ...reassignment,
      ],
      holds: rowWhere(
        db,
        judges,
        eq(judges.editionId, edition.id),
        eq(judges.userId, judge.userId),
        eq(judges.leftAt, at),
        eq(judges.leftBy, by),
      ),
      audit: {
        summary: `Removed ${judge.email} as a judge of the ${edition.name}`,
        targets: { userId: judge.userId, email: judge.email, editionId: edition.id },
        before: { active: true },
        after: plan
          ? { active: false, released: plan.releases.length, assigned: plan.adds.length, shortfall: plan.shortfall }
          : { active: false },
      },
      message: `${judge.email} no longer judges the ${edition.name}; their complete scores still count.${reassigned}`,
      result: {
        userId: judge.userId,
        released: plan?.releases.length ?? 0,
        assigned: plan?.adds.length ?? 0,
        shortfall: plan?.shortfall ?? [],
      },
    };
  },
});

export interface JudgeProgress {
  userId: string;
  name: string;
  email: string;
  joinedAt: string;
  leftAt: string | null;
  /** Open assignments. */
  assigned: number;
  /** Of those, with all five criteria scored. */
  scored: number;
}

/** Every judge of the edition with their progress: active ones first, by name. */
export async function judgeProgress(d1: D1Database, editionId: string): Promise<JudgeProgress[]> {
  const db = getDb({ DB: d1 });
  const judgesOpenAssignments = and(
    eq(judgingAssignments.editionId, judges.editionId),
    eq(judgingAssignments.judgeUserId, judges.userId),
    isOpenAssignment,
  );
  const rows = await db
    .select({
      userId: judges.userId,
      name: judges.name,
      email: lowerEmail,
      joinedAt: judges.joinedAt,
      leftAt: judges.leftAt,
      assigned: db.$count(judgingAssignments, judgesOpenAssignments),
      scored: db.$count(judgingAssignments, and(judgesOpenAssignments, gte(scoredCriteria(db), criteriaCount))),
    })
    .from(judges)
    .innerJoin(user, eq(user.id, judges.userId))
    .where(eq(judges.editionId, editionId))
    .orderBy(isNotNull(judges.leftAt), asc(judges.name), asc(user.email));
  return rows.map((r) => ({ ...r, assigned: Number(r.assigned), scored: Number(r.scored) }));
}

export const listJudges = defineOrganizerQuery({
  id: "judges.list",
  permission: "read:judge",
  input: z.object({ edition: z.optional(z.string().check(z.regex(/^[\w-]{1,32}$/))) }),
  read: async ({ edition }, ctx) => ({
    editionId: edition ?? ctx.edition.id,
    judges: await judgeProgress(ctx.env.DB, edition ?? ctx.edition.id),
  }),
});

/** Invitations of the edition still open (neither accepted, revoked nor expired), newest first. */
export async function openJudgeInvitations(db: Db, editionId: string, now: Date) {
  return db
    .select({
      id: judgeInvitations.id,
      email: judgeInvitations.email,
      name: judgeInvitations.name,
      interestId: judgeInvitations.interestId,
      standing: judgeInvitations.standing,
      advisoryGroup: judgeInvitations.advisoryGroup,
      createdAt: judgeInvitations.createdAt,
      expiresAt: judgeInvitations.expiresAt,
      invitedBy: judgeInvitations.invitedBy,
    })
    .from(judgeInvitations)
    .where(and(eq(judgeInvitations.editionId, editionId), isOpenInvitation(judgeInvitations, now)))
    .orderBy(desc(judgeInvitations.createdAt));
}

/** The interest forms of people who offered to judge (or, issue 54, to advise), newest first. */
export async function judgeInterests(db: Db, role: "judge" | "advisor" = "judge") {
  return db
    .select({
      id: judgeAdvisorInterests.id,
      firstName: judgeAdvisorInterests.firstName,
      lastName: judgeAdvisorInterests.lastName,
      email: judgeAdvisorInterests.email,
      organization: judgeAdvisorInterests.organization,
      title: judgeAdvisorInterests.title,
      expertise: judgeAdvisorInterests.expertise,
      createdAt: judgeAdvisorInterests.createdAt,
    })
    .from(judgeAdvisorInterests)
    .where(eq(judgeAdvisorInterests.role, role))
    .orderBy(desc(judgeAdvisorInterests.createdAt), desc(judgeAdvisorInterests.id));
}

export const judgingActions = [inviteJudge, revokeJudgeInvitation, removeJudge, decideAppeal];
export const judgingQueries = [listJudges, listAppeals];
