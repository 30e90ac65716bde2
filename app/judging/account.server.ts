/**
 * An account's judging (issue 31): what "Download my data" shows of it, and
 * what deleting the account does to it.
 *
 * The download (`judgingDataOf`, app/account/export.server.ts): the judge's
 * roles, the invitations addressed to the account, its assignments (with the
 * project's title), scores, notes and comments, its conflicts of interest,
 * and the appeals it filed for its team.
 *
 * The deletion (`judgingErasureOf`, privacy policy §8), as statements for the
 * deletion's one batch (app/account/delete.server.ts):
 *
 * - removed: the invitations addressed to the account that were never
 *   accepted, its conflicts of interest (their details name its employer or
 *   e-mail domain), its private notes, and its address wherever judging's
 *   history recorded it;
 * - anonymized, because the published record must stay: the judge's rows
 *   (judges, accepted invitations, assignments, scores, comments to teams,
 *   history, an appeal it filed for its team) move to one pseudonym,
 *   "deleted:<random>", named FORMER_JUDGE_NAME and marked as having left.
 *   Its complete scores keep counting in the results they decided (a
 *   finalist's rank must not move because a judge left), and its comments
 *   stay with the teams, which never saw who wrote them.
 *
 * After the batch, `reassign` gives the projects the judge had not finished
 * to other judges, as when a judge steps down (`remove-judge`), while the
 * edition's judging is open.
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Edition } from "~/content/editions";
import { FORMER_JUDGE_NAME } from "~/content/judging";
import type { Db } from "~/db/client.server";
import {
  judgeInvitations,
  judges,
  judgingAppeals,
  judgingAssignments,
  judgingConflicts,
  judgingReviews,
  judgingScores,
  submissions,
} from "~/db/schema";
import { log } from "~/lib/log.server";
import { assignmentsHaveRun, runAssignments } from "./assign.server";
import { judgingWriteRefusal } from "./judge.server";

export async function judgingDataOf(db: Db, user: { id: string; email: string }) {
  const email = user.email.toLowerCase();
  const [roles, invitations, assignments, scores, reviews, conflicts, appeals] = await Promise.all([
    db.select().from(judges).where(eq(judges.userId, user.id)).orderBy(asc(judges.joinedAt)),
    db
      .select()
      .from(judgeInvitations)
      .where(or(eq(judgeInvitations.email, email), eq(judgeInvitations.acceptedBy, user.id)))
      .orderBy(asc(judgeInvitations.createdAt)),
    db
      .select({ assignment: judgingAssignments, title: submissions.title })
      .from(judgingAssignments)
      .leftJoin(submissions, eq(submissions.teamId, judgingAssignments.teamId))
      .where(eq(judgingAssignments.judgeUserId, user.id))
      .orderBy(asc(judgingAssignments.assignedAt)),
    db.select().from(judgingScores).where(eq(judgingScores.judgeUserId, user.id)).orderBy(asc(judgingScores.teamId)),
    db.select().from(judgingReviews).where(eq(judgingReviews.judgeUserId, user.id)).orderBy(asc(judgingReviews.teamId)),
    db
      .select()
      .from(judgingConflicts)
      .where(eq(judgingConflicts.judgeUserId, user.id))
      .orderBy(asc(judgingConflicts.createdAt)),
    db
      .select()
      .from(judgingAppeals)
      .where(eq(judgingAppeals.submittedBy, user.id))
      .orderBy(asc(judgingAppeals.createdAt)),
  ]);
  return {
    judgeRoles: roles.map((r) => ({ edition: r.editionId, name: r.name, joinedAt: r.joinedAt, leftAt: r.leftAt })),
    invitations: invitations.map((i) => ({
      edition: i.editionId,
      email: i.email,
      name: i.name,
      createdAt: i.createdAt,
      expiresAt: i.expiresAt,
      acceptedAt: i.acceptedAt,
      revokedAt: i.revokedAt,
    })),
    assignments: assignments.map(({ assignment: a, title }) => ({
      edition: a.editionId,
      teamId: a.teamId,
      project: title,
      assignedAt: a.assignedAt,
      releasedAt: a.releasedAt,
      releasedReason: a.releasedReason,
    })),
    scores: scores.map((s) => ({
      edition: s.editionId,
      teamId: s.teamId,
      criterion: s.criterion,
      score: s.score,
      updatedAt: s.updatedAt,
    })),
    reviews: reviews.map((r) => ({
      edition: r.editionId,
      teamId: r.teamId,
      privateNote: r.privateNote,
      teamComment: r.teamComment,
      updatedAt: r.updatedAt,
    })),
    conflicts: conflicts.map((c) => ({
      edition: c.editionId,
      teamId: c.teamId,
      source: c.source,
      detail: c.detail,
      createdAt: c.createdAt,
      dismissedAt: c.dismissedAt,
      dismissedReason: c.dismissedReason,
    })),
    appealsFiled: appeals.map((a) => ({
      edition: a.editionId,
      teamId: a.teamId,
      body: a.body,
      filedAt: a.createdAt,
      decidedAt: a.decidedAt,
      decision: a.decision,
    })),
  };
}

export async function judgingErasureOf(
  db: Db,
  user: { id: string; email: string },
  now: Date,
  editions: readonly Edition[],
) {
  const pseudonym = `deleted:${crypto.randomUUID()}`;
  const email = user.email.toLowerCase();
  const at = now.toISOString();
  const judging = await db
    .select({ editionId: judges.editionId })
    .from(judges)
    .where(and(eq(judges.userId, user.id), isNull(judges.leftAt)));
  const statements = [
    db
      .update(judges)
      .set({
        userId: pseudonym,
        name: FORMER_JUDGE_NAME,
        leftAt: sql`coalesce(${judges.leftAt}, ${at})`,
        leftBy: sql`coalesce(${judges.leftBy}, 'account-deleted')`,
      })
      .where(eq(judges.userId, user.id)),
    db.update(judgingAssignments).set({ judgeUserId: pseudonym }).where(eq(judgingAssignments.judgeUserId, user.id)),
    db.update(judgingAssignments).set({ releasedBy: pseudonym }).where(eq(judgingAssignments.releasedBy, user.id)),
    db.update(judgingScores).set({ judgeUserId: pseudonym }).where(eq(judgingScores.judgeUserId, user.id)),
    db
      .update(judgingReviews)
      .set({ judgeUserId: pseudonym, privateNote: null })
      .where(eq(judgingReviews.judgeUserId, user.id)),
    db.delete(judgingConflicts).where(eq(judgingConflicts.judgeUserId, user.id)),
    db.delete(judgeInvitations).where(and(eq(judgeInvitations.email, email), isNull(judgeInvitations.acceptedAt))),
    db
      .update(judgeInvitations)
      .set({ email: "", name: null, interestId: null, acceptedBy: pseudonym })
      .where(or(eq(judgeInvitations.acceptedBy, user.id), eq(judgeInvitations.email, email))),
    // The event log needs nothing: a judge's own rows hold no address (read by account, "a former judge" once gone).
    db.update(judgingAppeals).set({ submittedBy: pseudonym }).where(eq(judgingAppeals.submittedBy, user.id)),
  ];

  /** After the batch: the edition's unfinished projects of this judge go to others, while judging is open. */
  async function reassign(d1: D1Database) {
    for (const { editionId } of judging) {
      const edition = editions.find((e) => e.id === editionId);
      if (!edition) continue; // an edition no longer published: its judging is long over
      if (judgingWriteRefusal(now, edition) || !(await assignmentsHaveRun(d1, editionId))) continue;
      const plan = await runAssignments(d1, editionId, { actor: "system:account-deleted", now, reason: "judge-left" });
      log("info", "judging.reassigned_after_account_deletion", {
        editionId,
        released: plan.releases.length,
        assigned: plan.adds.length,
      });
    }
  }

  return { statements, reassign };
}
