/**
 * The judging pages of the organizers' desk (issues 24 and 32): each page's
 * `*DeskView` (what its loader shows) and `*DeskIntents` (its forms, each a
 * registered organizer action, so the desk, the API and the CLI do the same
 * thing and write the same audit row), and judging's blocks of the overview.
 *
 * - /organize/judges: the edition's judges with their progress (filtered and
 *   paged by a GET form), the invitations still open, and the interest forms
 *   of people who offered to judge, each with where it stands (a judge
 *   already, invited, or not yet). "Resend" is another invitation to the same
 *   address (the old link stops working).
 * - /organize/appeals and /organize/assignments.
 * - /organize/report: the `judging.report` query's coverage (projects
 *   missing complete score sets, judges behind, judges kept on raw totals),
 *   and every submitted project's rank, normalized and raw totals and
 *   per-criterion results, formatted as the CLI prints them. The ranking is
 *   shown a page at a time and filtered by coverage (issue 56: the whole
 *   edition at once was 400 KB at 500 projects); the CSV has every row.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { judgingRules } from "~/content/judging";
import { reportCoverageFilters, type ReportCoverageFilter } from "~/content/organize";
import { judgingCriteria } from "~/content/program";
import { judgeAdvisorInterests, judgeInvitations, judges } from "~/db/schema";
import { isOpenInvitation } from "~/lib/invitation.server";
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { firstCount, overviewBlock } from "~/organize/overview-block.server";
import { paged } from "~/organize/paging";
import {
  inviteJudge,
  judgeInterests,
  judgeProgress,
  openJudgeInvitations,
  removeJudge,
  revokeJudgeInvitation,
} from "./actions.server";
import { decideAppeal, editionAppeals } from "./appeal-decisions.server";
import { planAssignments } from "./assign";
import { assignmentsHaveRun, readSnapshot } from "./assign.server";
import {
  addConflict,
  assignJudges,
  dismissConflict,
  editionConflicts,
  planSummary,
  projectJudges,
} from "./assignment-actions.server";
import { scoresFinalText } from "./judge.server";
import { criterionIds, formatScore } from "./normalize";
import type { ProjectLine } from "./report";
import { loadJudgingReport, scoreCoverageQuery } from "./report.server";
import type { DecideAppealSchema, DismissConflictSchema } from "./schema";

/** The overview's judges: active, invitations pending, and people who said they would judge. */
export function judgesOverview({ db, edition, now }: Desk) {
  return overviewBlock(
    [
      db
        .select({ n: count() })
        .from(judges)
        .where(and(eq(judges.editionId, edition.id), isNull(judges.leftAt))),
      db
        .select({ n: count() })
        .from(judgeInvitations)
        .where(and(eq(judgeInvitations.editionId, edition.id), isOpenInvitation(judgeInvitations, now))),
      db.select({ n: count() }).from(judgeAdvisorInterests).where(eq(judgeAdvisorInterests.role, "judge")),
    ] as const,
    ([active, pending, interests]) => ({
      active: firstCount(active),
      pending: firstCount(pending),
      interests: firstCount(interests),
    }),
  );
}

/** The overview's score coverage, as the judging report counts it, aggregated in D1 (`scoreCoverageQuery`). */
export function scoreCoverageOverview({ db, edition }: Desk) {
  return overviewBlock([scoreCoverageQuery(db, edition.id)] as const, ([[row]]) => ({
    projects: row?.projects ?? 0,
    projectsComplete: row?.projectsComplete ?? 0,
    setsNeeded: row?.setsNeeded ?? 0,
    setsComplete: row?.setsComplete ?? 0,
  }));
}

export const judgeStatusFilters = ["active", "left", "all"] as const;
export type JudgeStatusFilter = (typeof judgeStatusFilters)[number];

export async function judgesDeskView(desk: Desk, url: URL) {
  const { db, env, edition, now } = desk;
  const askedStatus = url.searchParams.get("status");
  const status: JudgeStatusFilter = judgeStatusFilters.includes(askedStatus as JudgeStatusFilter)
    ? (askedStatus as JudgeStatusFilter)
    : "active";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [all, invitations, interests] = await Promise.all([
    judgeProgress(env.DB, edition.id),
    openJudgeInvitations(db, edition.id, now),
    judgeInterests(db),
  ]);
  const needle = q.toLowerCase();
  const judges = all.filter(
    (j) =>
      (status === "all" || (status === "active") === (j.leftAt === null)) &&
      (!needle || j.name.toLowerCase().includes(needle) || j.email.toLowerCase().includes(needle)),
  );
  const activeEmails = new Set(all.filter((j) => !j.leftAt).map((j) => j.email.toLowerCase()));
  const invitedEmails = new Set(invitations.map((i) => i.email));
  const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    scoresFinal: scoresFinalText(edition),
    judgesPerProject: judgingRules.judgesPerProject,
    invitationValidDays: judgingRules.invitationValidDays,
    canInvite: desk.can("invite:judge"),
    canRemove: desk.can("remove:judge"),
    filter: { status, q },
    counts: { active: activeEmails.size, left: all.length - activeEmails.size, invited: invitations.length },
    judges: paged(
      judges.map((j) => ({
        userId: j.userId,
        name: j.name,
        email: j.email,
        left: j.leftAt ? formatMountain(new Date(j.leftAt)) : null,
        assigned: j.assigned,
        scored: j.scored,
        remaining: j.assigned - j.scored,
      })),
      url,
    ),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      sentAt: when(i.createdAt),
      expiresAt: when(i.expiresAt),
    })),
    interests: paged(
      interests.map((i) => {
        const email = i.email.trim().toLowerCase();
        return {
          id: i.id,
          name: `${i.firstName} ${i.lastName}`,
          email,
          organization: i.organization,
          title: i.title,
          expertise: i.expertise,
          sentAt: formatMountain(new Date(i.createdAt)),
          status: activeEmails.has(email) ? "judge" : invitedEmails.has(email) ? "invited" : "open",
        } as const;
      }),
      url,
      "interests",
    ),
  };
}

export type JudgesDeskView = Awaited<ReturnType<typeof judgesDeskView>>;

/** What /organize/appeals shows: the edition's appeals, open ones first, each with its deadline or its decision. */
export async function appealsDeskView(desk: Desk, url: URL) {
  const appeals = await editionAppeals(desk.db, desk.edition.id);
  return {
    header: deskHeader(desk),
    editionName: desk.edition.name,
    canDecide: desk.can("decide:appeal"),
    counts: { open: appeals.filter((a) => !a.decidedAt).length, decided: appeals.filter((a) => a.decidedAt).length },
    appeals: paged(
      appeals.map((a) => ({
        id: a.id,
        team: a.team,
        teamId: a.teamId,
        submittedBy: a.submittedBy,
        filed: a.filed,
        decideBy: a.decideBy,
        body: a.body,
        decision: a.decidedAt ? { text: a.decision ?? "", by: a.decidedBy ?? "", at: a.decided ?? "" } : null,
      })),
      url,
    ),
  };
}

export type AppealsDeskView = Awaited<ReturnType<typeof appealsDeskView>>;

export const conflictStatusFilters = ["live", "dismissed", "all"] as const;
export type ConflictStatusFilter = (typeof conflictStatusFilters)[number];

/**
 * What /organize/assignments shows: what running the assignment would do
 * now (the confirmation step, `?confirm=run`), each active judge's load,
 * each project's judges (filtered by team) and the conflicts (filtered by
 * status), each table paged on its own.
 */
export async function assignmentsDeskView(desk: Desk, url: URL) {
  const { env, edition } = desk;
  const askedStatus = url.searchParams.get("conflicts");
  const conflictStatus: ConflictStatusFilter = conflictStatusFilters.includes(askedStatus as ConflictStatusFilter)
    ? (askedStatus as ConflictStatusFilter)
    : "live";
  const team = (url.searchParams.get("team") ?? "").trim().slice(0, 100);
  const confirming = url.searchParams.get("confirm") === "run";
  const [judges, projects, conflicts, hasRun, preview] = await Promise.all([
    judgeProgress(env.DB, edition.id),
    projectJudges(env.DB, edition.id),
    editionConflicts(env.DB, edition.id),
    assignmentsHaveRun(env.DB, edition.id),
    confirming
      ? readSnapshot(env.DB, edition.id).then((snapshot) =>
          planSummary(planAssignments(snapshot), snapshot.projects.length),
        )
      : Promise.resolve(null),
  ]);
  const needle = team.toLowerCase();
  const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
  const active = judges.filter((j) => !j.leftAt);
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    judgesPerProject: judgingRules.judgesPerProject,
    canRun: desk.can("run:assignment"),
    canDismiss: desk.can("dismiss:conflict"),
    canAdd: desk.can("add:conflict"),
    hasRun,
    preview,
    filter: { conflicts: conflictStatus, team },
    counts: {
      judges: active.length,
      projects: projects.length,
      short: projects.filter((p) => p.judges.length < judgingRules.judgesPerProject).length,
      live: conflicts.filter((c) => c.status === "live").length,
      dismissed: conflicts.filter((c) => c.status === "dismissed").length,
    },
    judges: paged(
      active.map((j) => ({ userId: j.userId, name: j.name, email: j.email, load: j.assigned, scored: j.scored })),
      url,
      "judges-page",
    ),
    projects: paged(
      projects.filter(
        (p) => !needle || p.teamId.toLowerCase().includes(needle) || p.name.toLowerCase().includes(needle),
      ),
      url,
      "projects-page",
    ),
    conflicts: paged(
      conflicts
        .filter((c) => conflictStatus === "all" || c.status === conflictStatus)
        .map((c) => ({
          ...c,
          created: when(c.createdAt),
          dismissed: c.dismissedAt ? when(c.dismissedAt) : null,
        })),
      url,
      "conflicts-page",
    ),
  };
}

export type AssignmentsDeskView = Awaited<ReturnType<typeof assignmentsDeskView>>;

const here = (anchor: string) => `/organize/judges#${anchor}`;

export const judgesDeskIntents = {
  invite: actionIntent(inviteJudge, { title: "Invitation sent", redirectTo: here("invite") }),
  "revoke-invitation": actionIntent(revokeJudgeInvitation, {
    title: "Invitation revoked",
    redirectTo: here("invitations"),
  }),
  remove: actionIntent(removeJudge, { title: "Judge removed", redirectTo: here("judges") }),
};

/** /organize/appeals' one form, repeated per open appeal: the answer goes back to the appeal that was posted. */
const decide: Intent<typeof DecideAppealSchema, Desk> = {
  ...actionIntent(decideAppeal, { title: "Appeal decided", redirectTo: "/organize/appeals#appeals" }),
  instanceField: "appealId",
};

export const appealsDeskIntents = { decide };

/** /organize/assignments' forms: running the assignment, dismissing and adding a conflict. */
const dismiss: Intent<typeof DismissConflictSchema, Desk> = {
  ...actionIntent(dismissConflict, { title: "Conflict dismissed", redirectTo: "/organize/assignments#conflicts" }),
  instanceField: "conflictId",
};

export const assignmentsDeskIntents = {
  run: actionIntent(assignJudges, { title: "Assignment run", redirectTo: "/organize/assignments#run" }),
  dismiss,
  "add-conflict": actionIntent(addConflict, {
    title: "Conflict recorded",
    redirectTo: "/organize/assignments#add-conflict",
  }),
};

/** The filter of the URL's `coverage`, "all" when absent or unknown. */
export function reportCoverageFilterOf(params: URLSearchParams): ReportCoverageFilter {
  const asked = params.get("coverage");
  return asked !== null && Object.hasOwn(reportCoverageFilters, asked) ? (asked as ReportCoverageFilter) : "all";
}

export async function reportDeskView(desk: Desk, url: URL) {
  const report = await loadJudgingReport(desk.db, desk.edition.id);
  const judgeNames = new Map(report.judges.map((j) => [j.judgeId, j.name]));
  const coverage = reportCoverageFilterOf(url.searchParams);
  const matching: readonly ProjectLine[] =
    coverage === "missing"
      ? report.projectsMissing
      : coverage === "complete"
        ? report.projects.filter((p) => p.missing === 0)
        : report.projects;
  const page = paged(matching, url);
  return {
    header: deskHeader(desk),
    editionName: desk.edition.name,
    criteria: judgingCriteria.map((c) => ({ id: c.id, name: c.name })),
    complete: report.complete,
    projectCount: report.projects.length,
    missingCount: report.projectsMissing.length,
    judgesBehind: report.judgesBehind.map((j) => ({ name: j.name, complete: j.complete, assigned: j.assigned })),
    notRescaled: report.normalization.judges
      .filter((j) => !j.rescaled)
      .map((j) => ({
        name: judgeNames.get(j.judgeId) ?? j.judgeId,
        reason: j.reason === "too-few" ? `${j.count} set(s)` : "no spread",
      })),
    coverage,
    coverageFilters: Object.entries(reportCoverageFilters).map(([value, label]) => ({ value, label })),
    projects: {
      ...page,
      items: page.items.map((p) => ({
        teamId: p.teamId,
        rank: p.rank === null ? "—" : String(p.rank),
        name: p.name,
        normalized: formatScore(p.normalized),
        raw: formatScore(p.raw),
        judges: `${p.judges}/${p.assigned}`,
        missing: p.missing,
        criteria: criterionIds.map((id) => ({
          id,
          normalized: formatScore(p.criteria[id].normalized),
          raw: formatScore(p.criteria[id].raw),
        })),
      })),
    },
  };
}
