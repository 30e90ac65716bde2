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
import { deskRules, reportCoverageFilters, type ReportCoverageFilter } from "~/content/organize";
import { judgingCriteria } from "~/content/program";
import { judgeAdvisorInterests, judgeInvitations, judges } from "~/db/schema";
import { isOpenInvitation } from "~/lib/invitation.server";
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { guardToken, keptOverviewBlock, overviewBlock } from "~/organize/overview-block.server";
import { askedPage, lastPageUrl, notPastTheEnd, paged, pageOf } from "~/organize/paging";
import {
  inviteJudge,
  judgeInterests,
  openJudgeInvitations,
  removeJudge,
  revokeJudgeInvitation,
} from "./actions.server";
import { decideAppeal, editionAppeals } from "./appeal-decisions.server";
import { planAssignments } from "./assign";
import { assignmentsHaveRun, readSnapshot } from "./assign.server";
import { addConflict, assignJudges, dismissConflict, planSummary } from "./assignment-actions.server";
import {
  activeJudgeEmailsOfInterestsQuery,
  conflictsPageQueries,
  judgeCountsQuery,
  judgesPageQueries,
  projectsPageQueries,
  projectsWithJudges,
} from "./desk-tables.server";
import { scoresFinalText } from "./judge.server";
import { criterionIds, formatScore } from "./normalize";
import type { JudgingReport, ProjectLine } from "./report";
import { forgetJudgingReport, judgingReportAt, keptJudgingReport, reportVersionQuery } from "./report-cache.server";
import { scoreCoverageQuery } from "./report.server";
import type { DecideAppealSchema, DismissConflictSchema } from "./schema";

/** The overview's judges: active, invitations pending, and people who said they would judge, in one statement. */
export function judgesOverview({ db, edition, now }: Desk) {
  return overviewBlock(
    [
      db
        .select({
          active: count(),
          pending: db.$count(
            judgeInvitations,
            and(eq(judgeInvitations.editionId, edition.id), isOpenInvitation(judgeInvitations, now)),
          ),
          interests: db.$count(judgeAdvisorInterests, eq(judgeAdvisorInterests.role, "judge")),
        })
        .from(judges)
        .where(and(eq(judges.editionId, edition.id), isNull(judges.leftAt))),
    ] as const,
    ([[row]]) => ({
      active: Number(row?.active ?? 0),
      pending: Number(row?.pending ?? 0),
      interests: Number(row?.interests ?? 0),
    }),
  );
}

export interface ScoreCoverage {
  projects: number;
  projectsComplete: number;
  setsNeeded: number;
  setsComplete: number;
}

/** Score coverage as the report counts it, from a computed report (the aggregate's numbers, `scoreCoverageQuery`). */
function coverageOfReport(report: JudgingReport): ScoreCoverage {
  const needed = judgingRules.judgesPerProject;
  let projectsComplete = 0;
  let setsNeeded = 0;
  let setsComplete = 0;
  for (const p of report.projects) {
    if (p.missing === 0) projectsComplete++;
    setsNeeded += Math.max(p.judges, p.assigned, needed);
    setsComplete += p.judges;
  }
  return { projects: report.projects.length, projectsComplete, setsNeeded, setsComplete };
}

/**
 * The overview's score coverage, as the judging report counts it (issue 56).
 * The desk's guard read the report's token for /organize (app/desk/pages.ts):
 * while this isolate keeps a report under that token
 * (./report-cache.server.ts), the coverage is counted from it with no
 * statement; otherwise it is the aggregate statement (`scoreCoverageQuery`,
 * which scans the edition's scores), its figures kept under the token until
 * the next change.
 */
export function scoreCoverageOverview({ db, edition, version }: Desk) {
  const token = guardToken(version, "judging-report");
  const key = `${edition.id}:score-coverage`;
  const kept = keptJudgingReport(edition.id);
  if (kept && token !== null) {
    if (kept.token === token) {
      return keptOverviewBlock(
        overviewBlock([] as const, (): ScoreCoverage => coverageOfReport(kept.report)),
        { key, token },
      );
    }
    // A report computed under an older token: until a report page computes it again, nothing reads it.
    forgetJudgingReport(edition.id, kept.token);
  }
  return keptOverviewBlock(
    overviewBlock([scoreCoverageQuery(db, edition.id)] as const, ([[row]]) => coverageRow(row)),
    { key, token },
  );
}

function coverageRow(row: Partial<ScoreCoverage> | undefined): ScoreCoverage {
  return {
    projects: row?.projects ?? 0,
    projectsComplete: row?.projectsComplete ?? 0,
    setsNeeded: row?.setsNeeded ?? 0,
    setsComplete: row?.setsComplete ?? 0,
  };
}

export const judgeStatusFilters = ["active", "left", "all"] as const;
export type JudgeStatusFilter = (typeof judgeStatusFilters)[number];

export function judgesDeskView(desk: Desk, url: URL) {
  return notPastTheEnd((at) => judgesViewAt(desk, at), url);
}

async function judgesViewAt(desk: Desk, url: URL) {
  const { db, edition, now } = desk;
  const askedStatus = url.searchParams.get("status");
  const status: JudgeStatusFilter = judgeStatusFilters.includes(askedStatus as JudgeStatusFilter)
    ? (askedStatus as JudgeStatusFilter)
    : "active";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const judgesAsked = askedPage(url);
  // A page of judges and the counts, not every judge (issue 56); the interests' statuses from the judges they name.
  const [[judgeRows, [judgeTotal], [judgeCounts], interestJudges], invitations, interests] = await Promise.all([
    db.batch([
      ...judgesPageQueries(db, edition.id, status, q, judgesAsked),
      judgeCountsQuery(db, edition.id),
      activeJudgeEmailsOfInterestsQuery(db, edition.id),
    ]),
    openJudgeInvitations(db, edition.id, now),
    judgeInterests(db),
  ]);
  const judgesPage = pageOf(
    judgeRows.map((j) => ({
      userId: j.userId,
      name: j.name,
      email: j.email,
      left: j.leftAt ? formatMountain(new Date(j.leftAt)) : null,
      assigned: Number(j.assigned),
      scored: Number(j.scored),
      remaining: Number(j.assigned) - Number(j.scored),
    })),
    judgesAsked.page,
    judgeTotal?.n ?? 0,
    url,
  );
  if (!judgesPage) return lastPageUrl(url, judgeTotal?.n ?? 0);
  // One removal form, for the judge whose "Remove…" link was followed (a GET), not one in every row (issue 56:
  // fifty forms were most of the page's weight once an edition had fifty judges).
  const canRemove = desk.can("remove:judge");
  const asked = (url.searchParams.get("remove") ?? "").trim().toLowerCase();
  const removing = canRemove && asked ? (judgesPage.items.find((j) => j.email === asked && !j.left) ?? null) : null;
  const removeHref = (email: string) => {
    const at = new URL(url);
    at.searchParams.set("remove", email);
    return `${at.pathname}${at.search}#remove-judge`;
  };
  const activeEmails = new Set(interestJudges.map((j) => j.email));
  const invitedEmails = new Set(invitations.filter((i) => i.standing === "judge").map((i) => i.email));
  const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    scoresFinal: scoresFinalText(edition),
    judgesPerProject: judgingRules.judgesPerProject,
    invitationValidDays: judgingRules.invitationValidDays,
    canInvite: desk.can("invite:judge"),
    canRemove,
    removing: removing && {
      email: removing.email,
      name: removing.name,
      cancel: (() => {
        const back = new URL(url);
        back.searchParams.delete("remove");
        return `${back.pathname}${back.search}#judges`;
      })(),
    },
    filter: { status, q },
    counts: {
      active: Number(judgeCounts?.active ?? 0),
      left: Number(judgeCounts?.left ?? 0),
      invited: invitations.length,
    },
    judges: {
      ...judgesPage,
      items: judgesPage.items.map((j) => ({ ...j, removeHref: canRemove && !j.left ? removeHref(j.email) : null })),
    },
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      name: i.name,
      standing: i.standing,
      advisoryGroup: i.advisoryGroup,
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
export function assignmentsDeskView(desk: Desk, url: URL) {
  return notPastTheEnd((at) => assignmentsViewAt(desk, at), url);
}

async function assignmentsViewAt(desk: Desk, url: URL) {
  const { db, env, edition } = desk;
  const askedStatus = url.searchParams.get("conflicts");
  const conflictStatus: ConflictStatusFilter = conflictStatusFilters.includes(askedStatus as ConflictStatusFilter)
    ? (askedStatus as ConflictStatusFilter)
    : "live";
  const team = (url.searchParams.get("team") ?? "").trim().slice(0, 100);
  const confirming = url.searchParams.get("confirm") === "run";
  const size = deskRules.assignmentsPageSize;
  const judgesAsked = askedPage(url, "judges-page", size);
  const projectsAsked = askedPage(url, "projects-page", size);
  const conflictsAsked = askedPage(url, "conflicts-page", size);
  // Each table a page at a time, and the counts, in one batch (issue 56).
  const [
    [judgeRows, [judgeTotal]],
    [projectRows, assignedRows, [projectTotal], [projectCounts]],
    [conflictRows, [conflictCounts]],
    hasRunRows,
    preview,
  ] = await Promise.all([
    db.batch(judgesPageQueries(db, edition.id, "active", "", judgesAsked)),
    db.batch(projectsPageQueries(db, edition.id, team, projectsAsked, judgingRules.judgesPerProject)),
    db.batch(conflictsPageQueries(db, edition.id, conflictStatus, conflictsAsked)),
    assignmentsHaveRun(env.DB, edition.id),
    confirming
      ? readSnapshot(env.DB, edition.id).then((snapshot) =>
          planSummary(planAssignments(snapshot), snapshot.projects.length),
        )
      : Promise.resolve(null),
  ]);
  const live = Number(conflictCounts?.live ?? 0);
  const dismissed = Number(conflictCounts?.dismissed ?? 0);
  const conflictTotal =
    conflictStatus === "live" ? live : conflictStatus === "dismissed" ? dismissed : live + dismissed;
  const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
  const judgesPage = pageOf(
    judgeRows.map((j) => ({
      userId: j.userId,
      name: j.name,
      email: j.email,
      load: Number(j.assigned),
      scored: Number(j.scored),
    })),
    judgesAsked.page,
    judgeTotal?.n ?? 0,
    url,
    "judges-page",
    size,
  );
  const projectsPage = pageOf(
    projectsWithJudges(projectRows, assignedRows),
    projectsAsked.page,
    projectTotal?.n ?? 0,
    url,
    "projects-page",
    size,
  );
  const conflictsPage = pageOf(
    conflictRows.map(({ createdAt, createdBy, dismissedAt, dismissedBy, dismissedReason, ...row }) => ({
      ...row,
      status: dismissedAt === null ? ("live" as const) : ("dismissed" as const),
      createdAt,
      createdBy,
      dismissedAt,
      dismissedBy,
      dismissedReason,
      created: when(createdAt),
      dismissed: dismissedAt ? when(dismissedAt) : null,
    })),
    conflictsAsked.page,
    conflictTotal,
    url,
    "conflicts-page",
    size,
  );
  if (!judgesPage || !projectsPage || !conflictsPage) {
    // A stale link past a table's last page: show that table's last page, as a whole list paged in memory did.
    let last = url;
    if (!judgesPage) last = lastPageUrl(last, judgeTotal?.n ?? 0, "judges-page", size);
    if (!projectsPage) last = lastPageUrl(last, projectTotal?.n ?? 0, "projects-page", size);
    if (!conflictsPage) last = lastPageUrl(last, conflictTotal, "conflicts-page", size);
    return last;
  }
  // One dismissal form, in the row whose "dismiss…" link was followed (a GET), not one in every live row
  // (issue 56: as the judges page's removal form).
  const canDismiss = desk.can("dismiss:conflict");
  const askedDismiss = Number(url.searchParams.get("dismiss"));
  const dismissing =
    canDismiss && conflictsPage.items.some((c) => c.id === askedDismiss && c.status === "live") ? askedDismiss : null;
  const dismissHref = (id: number) => {
    const at = new URL(url);
    at.searchParams.set("dismiss", String(id));
    return `${at.pathname}${at.search}#conflict-${id}`;
  };
  const notDismissing = new URL(url);
  notDismissing.searchParams.delete("dismiss");
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    judgesPerProject: judgingRules.judgesPerProject,
    canRun: desk.can("run:assignment"),
    canDismiss,
    dismissing,
    dismissCancelHref: `${notDismissing.pathname}${notDismissing.search}#conflicts`,
    canAdd: desk.can("add:conflict"),
    hasRun: hasRunRows,
    preview,
    filter: { conflicts: conflictStatus, team },
    counts: {
      judges: judgeTotal?.n ?? 0,
      projects: Number(projectCounts?.projects ?? 0),
      short: Number(projectCounts?.short ?? 0),
      live,
      dismissed,
    },
    judges: judgesPage,
    projects: projectsPage,
    conflicts: {
      ...conflictsPage,
      items: conflictsPage.items.map((c) => ({
        ...c,
        dismissHref: canDismiss && c.status === "live" ? dismissHref(c.id) : null,
      })),
    },
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
  // The token as the desk's guard read it (the page declares it, app/desk/pages.ts), else read now.
  const version = desk.version?.name === "judging-report" ? desk.version.rows : await reportVersionQuery(desk.db);
  const report = await judgingReportAt(desk.db, desk.edition.id, version);
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
        // Each criterion's cell as shown, in `criteria`'s order: a page's data carries one string per cell.
        criteria: criterionIds.map(
          (id) => `${formatScore(p.criteria[id].normalized)} / ${formatScore(p.criteria[id].raw)}`,
        ),
      })),
    },
  };
}
