/**
 * What a judge reads and writes (issue 24): their queue with progress, one
 * assigned project with its five components, their scores, note and comment,
 * and "I know this team". A judge sees only projects assigned to them and
 * open, and never another judge's scores. Every read and write is bound to
 * one edition: the assignment's, which is the edition the judge is judging
 * now (issue 31: a judge invited again next year never reopens last year's
 * projects). Every write records who and when, and none is accepted from the
 * instant that edition's scores are final (the end of its "judging"
 * milestone), whatever the browser sends and whoever calls.
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import type { Refusal } from "~/lib/refusal";
import { and, asc, eq } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { milestoneOf, type Edition } from "~/content/editions";
import { judgingMessages, judgingRules, rubricCriteria } from "~/content/judging";
import { completeTotal } from "./normalize";
import type { JudgingCriterionId } from "~/content/program";
import type { Db } from "~/db/client.server";
import {
  judges,
  judgingAssignments,
  judgingReviews,
  judgingScores,
  submissionFiles,
  submissions,
  teams,
} from "~/db/schema";
import { servedFile } from "~/portal/submission.server";
import { commitAccountChange } from "~/events/commit.server";
import { conflictUpsert, isOpenAssignment, runAssignments } from "./assign.server";

export interface Judge {
  userId: string;
  name: string;
  leftAt: string | null;
}

export async function judgeOf(db: Db, userId: string, editionId: string): Promise<Judge | null> {
  const [row] = await db
    .select({ userId: judges.userId, name: judges.name, leftAt: judges.leftAt })
    .from(judges)
    .where(and(eq(judges.userId, userId), eq(judges.editionId, editionId)))
    .limit(1);
  return row ?? null;
}

/** The instant scores are final: the end of the edition's judging (Apr 3 00:00 MT for Apr 2, 11:59 PM). */
export function scoresFinalAt(edition: Edition): Date {
  const judging = milestoneOf(edition, "judging");
  return judging.end ?? judging.start;
}

/** "Apr 2, 2026, 11:59 PM MT": the last minute scores are accepted. */
export function scoresFinalText(edition: Edition): string {
  return formatMountain(new Date(scoresFinalAt(edition).getTime() - 60_000), "dateTime");
}

/** Why no judging write is accepted now, or null. */
export function judgingWriteRefusal(now: Date, edition: Edition): string | null {
  return now.getTime() >= scoresFinalAt(edition).getTime()
    ? judgingMessages.scoresFinal(scoresFinalText(edition))
    : null;
}

/** A project's name as judges see it: its title (issue 25), else the team's, else "Solo project" and a short id. */
export function projectName(teamId: string, name: string | null, title?: string | null): string {
  const team = name ?? `Solo project ${teamId.slice(0, 8)}`;
  return title ? `${title} (${team})` : team;
}

export interface QueueItem {
  teamId: string;
  name: string;
  scored: number;
  complete: boolean;
  total: number | null;
}

async function scoresOf(db: Db, judgeUserId: string, editionId: string, teamId?: string) {
  return db
    .select({ teamId: judgingScores.teamId, criterion: judgingScores.criterion, score: judgingScores.score })
    .from(judgingScores)
    .where(
      and(
        eq(judgingScores.judgeUserId, judgeUserId),
        eq(judgingScores.editionId, editionId),
        teamId ? eq(judgingScores.teamId, teamId) : undefined,
      ),
    );
}

/** The judge's open assignments this edition, with how far they got on each. */
export async function queueOf(db: Db, judgeUserId: string, editionId: string): Promise<QueueItem[]> {
  const rows = await db
    .select({ teamId: judgingAssignments.teamId, name: teams.name, title: submissions.title })
    .from(judgingAssignments)
    .innerJoin(teams, eq(teams.id, judgingAssignments.teamId))
    .leftJoin(submissions, eq(submissions.teamId, judgingAssignments.teamId))
    .where(
      and(
        eq(judgingAssignments.judgeUserId, judgeUserId),
        eq(judgingAssignments.editionId, editionId),
        isOpenAssignment,
      ),
    )
    .orderBy(asc(judgingAssignments.assignedAt), asc(judgingAssignments.id));
  const scores = await scoresOf(db, judgeUserId, editionId);
  return rows.map((row) => {
    const mine = Object.fromEntries(
      scores.filter((s) => s.teamId === row.teamId).map((s) => [s.criterion, s.score]),
    ) as Partial<Record<JudgingCriterionId, number>>;
    const scored = rubricCriteria.filter((c) => mine[c.id] !== undefined).length;
    return {
      teamId: row.teamId,
      name: projectName(row.teamId, row.name, row.title),
      scored,
      complete: scored === rubricCriteria.length,
      total: completeTotal(mine),
    };
  });
}

/**
 * Whether the judge has an open assignment on the team in this edition (the
 * one check behind every project page, write and file).
 */
export async function isAssigned(db: Db, judgeUserId: string, editionId: string, teamId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: judgingAssignments.id })
    .from(judgingAssignments)
    .where(
      and(
        eq(judgingAssignments.judgeUserId, judgeUserId),
        eq(judgingAssignments.editionId, editionId),
        eq(judgingAssignments.teamId, teamId),
        isOpenAssignment,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A file of a submitted project this active judge (the judging guard's
 * `judgeStanding`) is assigned to in the edition, while its judging is open:
 * from the instant scores are final the project is read-only and its files
 * are no longer the judge's (issue 31). Null otherwise.
 */
export async function judgeMayDownload(db: Db, fileId: string, judge: Judge, edition: Edition, now: Date) {
  if (!/^[0-9a-f-]{36}$/.test(fileId) || judgingWriteRefusal(now, edition)) return null;
  const [row] = await db
    .select({ file: submissionFiles })
    .from(submissionFiles)
    .innerJoin(
      judgingAssignments,
      and(
        eq(judgingAssignments.teamId, submissionFiles.teamId),
        eq(judgingAssignments.judgeUserId, judge.userId),
        eq(judgingAssignments.editionId, edition.id),
        isOpenAssignment,
      ),
    )
    .innerJoin(submissions, and(eq(submissions.teamId, submissionFiles.teamId), isSubmittedProject))
    .where(eq(submissionFiles.id, fileId))
    .limit(1);
  return row ? servedFile(row.file) : null;
}

/** The project page's data, or null when the project is not the judge's to see in this edition. */
export async function projectForJudge(db: Db, judgeUserId: string, editionId: string, teamId: string) {
  if (!(await isAssigned(db, judgeUserId, editionId, teamId))) return null;
  const [project] = await db
    .select({ name: teams.name, submission: submissions })
    .from(teams)
    .innerJoin(submissions, eq(submissions.teamId, teams.id))
    .where(and(eq(teams.id, teamId), eq(teams.editionId, editionId), isSubmittedProject))
    .limit(1);
  if (!project) return null;
  const files = (await db.select().from(submissionFiles).where(eq(submissionFiles.teamId, teamId))).map(servedFile);
  const scores = Object.fromEntries(
    (await scoresOf(db, judgeUserId, editionId, teamId)).map((s) => [s.criterion, s.score]),
  ) as Partial<Record<JudgingCriterionId, number>>;
  const [review] = await db
    .select({ privateNote: judgingReviews.privateNote, teamComment: judgingReviews.teamComment })
    .from(judgingReviews)
    .where(and(eq(judgingReviews.teamId, teamId), eq(judgingReviews.judgeUserId, judgeUserId)))
    .limit(1);
  return {
    name: projectName(teamId, project.name, project.submission.title),
    submission: project.submission,
    files,
    scores,
    total: completeTotal(scores),
    privateNote: review?.privateNote ?? "",
    teamComment: review?.teamComment ?? "",
  };
}

const NOT_FOUND: Refusal = { ok: false, message: "That project isn't in your queue.", status: 404 };

/** Who writes, on which project, in which edition (the judge's current one), and when. */
export interface JudgingWrite {
  judgeUserId: string;
  edition: Edition;
  teamId: string;
  now: Date;
}

/** A write is refused once the edition's scores are final, and on a project not assigned in that edition. */
async function writeRefusal(db: Db, { judgeUserId, edition, teamId, now }: JudgingWrite): Promise<Refusal | null> {
  const closed = judgingWriteRefusal(now, edition);
  if (closed) return { ok: false, message: closed, status: 403 };
  return (await isAssigned(db, judgeUserId, edition.id, teamId)) ? null : NOT_FOUND;
}

/**
 * Saves the judge's scores (whole numbers on the rubric's scale, known
 * criteria only: anything else in the post is ignored), private note and
 * comment for the team. An empty score leaves that criterion unscored.
 */
export async function saveReview(
  db: Db,
  target: JudgingWrite,
  input: {
    scores: Partial<Record<JudgingCriterionId, string | undefined>>;
    privateNote?: string;
    teamComment?: string;
  },
): Promise<{ ok: true } | Refusal> {
  const refusal = await writeRefusal(db, target);
  if (refusal) return refusal;
  const { judgeUserId, teamId, now } = target;
  const editionId = target.edition.id;
  const at = now.toISOString();
  const statements = [];
  for (const criterion of rubricCriteria) {
    const raw = input.scores[criterion.id]?.trim();
    if (!raw) {
      statements.push(
        db
          .delete(judgingScores)
          .where(
            and(
              eq(judgingScores.teamId, teamId),
              eq(judgingScores.judgeUserId, judgeUserId),
              eq(judgingScores.criterion, criterion.id),
            ),
          ),
      );
      continue;
    }
    const score = Number(raw);
    if (!/^\d+$/.test(raw) || score < judgingRules.scoreMin || score > judgingRules.scoreMax) {
      return {
        ok: false,
        status: 400,
        field: criterion.id,
        message: judgingMessages.scoreInvalid(judgingRules.scoreMin, judgingRules.scoreMax),
      };
    }
    statements.push(
      db
        .insert(judgingScores)
        .values({ editionId, teamId, judgeUserId, criterion: criterion.id, score, updatedAt: at })
        .onConflictDoUpdate({
          target: [judgingScores.teamId, judgingScores.judgeUserId, judgingScores.criterion],
          set: { score, updatedAt: at },
        }),
    );
  }
  for (const [field, value] of [
    ["privateNote", input.privateNote],
    ["teamComment", input.teamComment],
  ] as const) {
    if ((value ?? "").length > judgingRules.reviewMaxChars) {
      return { ok: false, status: 400, field, message: judgingMessages.textTooLong(judgingRules.reviewMaxChars) };
    }
  }
  const privateNote = input.privateNote?.trim() || null;
  const teamComment = input.teamComment?.trim() || null;
  statements.push(
    db
      .insert(judgingReviews)
      .values({ editionId, teamId, judgeUserId, privateNote, teamComment, updatedAt: at })
      .onConflictDoUpdate({
        target: [judgingReviews.teamId, judgingReviews.judgeUserId],
        set: { privateNote, teamComment, updatedAt: at },
      }),
  );
  const [first, ...rest] = statements;
  await db.batch([first!, ...rest]);
  return { ok: true };
}

/**
 * "I know this team": records a declared conflict (with the judge's optional
 * reason), releases the judge's assignment and gives the project another
 * judge. The judge's scores on it stop counting with the released assignment.
 */
export async function declareConflict(
  db: Db,
  d1: D1Database,
  target: JudgingWrite,
  reason: string,
): Promise<{ ok: true } | Refusal> {
  const refusal = await writeRefusal(db, target);
  if (refusal) return refusal;
  const { judgeUserId, teamId, now } = target;
  const editionId = target.edition.id;
  const text = reason.trim();
  if (text.length > judgingRules.declarationReasonMaxChars) {
    return {
      ok: false,
      status: 400,
      field: "reason",
      message: judgingMessages.textTooLong(judgingRules.declarationReasonMaxChars),
    };
  }
  const at = now.toISOString();
  const detail = text ? `declared by the judge: ${text}` : "declared by the judge";
  // The judge's declaration and its row in the log first, then the assignments it changes.
  await commitAccountChange(db, {
    actor: { userId: judgeUserId, role: "judge" },
    kind: "judging.conflict-declared",
    payload: { teamId },
    subject: { editionId, teamId },
    now,
    statements: [
      conflictUpsert(db, { editionId, judgeUserId, teamId, source: "declared", detail, at, by: judgeUserId }),
    ],
  });
  await runAssignments(d1, editionId, { actor: judgeUserId, now, reason: "declared-conflict" });
  return { ok: true };
}

/** "7 of 12 scored, 5 left". */
export function progressText(queue: readonly QueueItem[]): string {
  const done = queue.filter((item) => item.complete).length;
  return `${done} of ${queue.length} scored, ${queue.length - done} left`;
}
