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
import { deskProfiles } from "~/profiles/actions.server";
import { advisoryGroupName } from "~/content/profiles";
import { advisoryGroups } from "~/content/judges";
import { inviteJudge, removeJudge, revokeJudgeInvitation } from "./actions.server";
import { decideAppeal, editionAppeals } from "./appeal-decisions.server";
import { planAssignments } from "./assign";
import { readSnapshot } from "./assign.server";
import { addConflict, assignJudges, dismissConflict, planSummary } from "./assignment-actions.server";
import {
  advisorsPageQuery,
  assignmentsCountsQuery,
  conflictsPageQuery,
  interestsPageQuery,
  judgesDeskCountsQuery,
  judgesPageQueries,
  openInvitationsPageQuery,
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

/**
 * A desk page with several tables shows one at a time (issue 56): its tabs
 * are links (`?view=`), the first tab is the page without one, and only the
 * chosen tab's statements run. The tabs' counts come from one aggregate
 * statement beside them.
 */
function viewOf<View extends string>(url: URL, views: readonly View[]): View {
  const asked = url.searchParams.get("view");
  return views.includes(asked as View) ? (asked as View) : views[0]!;
}

/** A tab's link: the page at that view, without the other views' filters and pages. */
function tabHref(path: string, views: readonly string[], view: string) {
  return view === views[0] ? path : `${path}?view=${view}`;
}

/** The URL without the parameters of a one-off step its link opened (a removal's, a dismissal's, a run's confirmation). */
function without(url: URL, ...params: string[]) {
  const at = new URL(url);
  for (const param of params) at.searchParams.delete(param);
  return `${at.pathname}${at.search}`;
}

/**
 * Where a done form goes back to (issue 56): the page it was posted from, at
 * its view, filter and table page (the `kept` parameters of the URL the form
 * posted to, which a form without an `action` keeps, with JavaScript or
 * without), at `anchor`. Nothing else of the posted URL is echoed.
 */
export function backTo(path: string, posted: URL, kept: readonly string[], anchor: string) {
  const params = new URLSearchParams();
  for (const name of kept) {
    const value = posted.searchParams.get(name);
    if (value) params.set(name, value.slice(0, 100));
  }
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}#${anchor}`;
}

/** /organize/judges' tabs, one table each; the first is the page without `?view=`. */
export const judgesDeskViews = [
  "judges",
  "invitations",
  "interests",
  "advisors",
  "advisor-interests",
  "profiles",
] as const;
export type JudgesDeskTab = (typeof judgesDeskViews)[number];

const judgesPath = "/organize/judges";
/** What /organize/judges' forms go back to: the view, the judges' filter and the table's page. */
const judgesKept = ["view", "status", "q", "page"] as const;
/** The rows of each of the judging pages' tables (issue 56: 20, as /organize/assignments'). */
const judgingTablePageSize = deskRules.assignmentsPageSize;

/** One page of a judging table's rows (`?page=`), or the address of its last page when asked past the end. */
function judgingTablePage<T>(items: T[], total: number, askedPageNumber: number, url: URL) {
  return (
    pageOf(items, askedPageNumber, total, url, "page", judgingTablePageSize) ??
    lastPageUrl(url, total, "page", judgingTablePageSize)
  );
}

export function judgesDeskView(desk: Desk, url: URL) {
  return notPastTheEnd((at) => judgesViewAt(desk, at), url);
}

async function judgesViewAt(desk: Desk, url: URL) {
  const { db, edition, now } = desk;
  const tab = viewOf(url, judgesDeskViews);
  const asked = askedPage(url, "page", judgingTablePageSize);
  const countsQuery = judgesDeskCountsQuery(db, edition.id, now);
  const canInvite = desk.can("invite:judge");
  const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
  const common = (counts: Awaited<typeof countsQuery>[number] | undefined) => {
    const n = (value: number | undefined) => Number(value ?? 0);
    const tabCounts: Record<JudgesDeskTab, number> = {
      judges: n(counts?.active),
      invitations: n(counts?.invitations),
      interests: n(counts?.judgeOffers),
      advisors: n(counts?.advisors),
      "advisor-interests": n(counts?.advisorOffers),
      profiles: n(counts?.profiles),
    };
    return {
      header: deskHeader(desk),
      editionName: edition.name,
      scoresFinal: scoresFinalText(edition),
      tab,
      tabs: judgesDeskViews.map((view) => ({
        view,
        href: tabHref(judgesPath, judgesDeskViews, view),
        count: tabCounts[view],
      })),
      counts: { active: n(counts?.active), left: n(counts?.left), invited: n(counts?.invitations) },
      canInvite,
    };
  };
  /** The page of a table read in SQL, or the URL of its last page when the link was past it. */
  const page = <T>(items: T[], total: number) => judgingTablePage(items, total, asked.page, url);

  if (tab === "invitations") {
    const [[counts], rows] = await db.batch([countsQuery, openInvitationsPageQuery(db, edition.id, now, asked)]);
    const invitations = page(
      rows.map((i) => ({
        id: i.id,
        email: i.email,
        name: i.name,
        standing: i.standing,
        advisoryGroup: i.advisoryGroup,
        sentAt: when(i.createdAt),
        expiresAt: when(i.expiresAt),
      })),
      Number(counts?.invitations ?? 0),
    );
    if (invitations instanceof URL) return invitations;
    return {
      ...common(counts),
      view: "invitations" as const,
      invitationValidDays: judgingRules.invitationValidDays,
      groups: advisoryGroups.map((g) => ({ id: g.id, name: g.name })),
      invitations,
    };
  }
  if (tab === "interests" || tab === "advisor-interests") {
    const role = tab === "interests" ? "judge" : "advisor";
    const [[counts], rows] = await db.batch([countsQuery, interestsPageQuery(db, edition.id, role, now, asked)]);
    const interests = page(
      rows.map((i) => ({
        id: i.id,
        name: `${i.firstName} ${i.lastName}`,
        email: i.email.trim().toLowerCase(),
        organization: i.organization,
        title: i.title,
        sentAt: formatMountain(new Date(i.createdAt)),
        status: Number(i.already) ? ("already" as const) : Number(i.invited) ? ("invited" as const) : ("open" as const),
      })),
      Number((role === "judge" ? counts?.judgeOffers : counts?.advisorOffers) ?? 0),
    );
    if (interests instanceof URL) return interests;
    const shown = { ...common(counts), groups: advisoryGroups.map((g) => ({ id: g.id, name: g.name })), interests };
    return tab === "interests"
      ? { ...shown, view: "interests" as const }
      : { ...shown, view: "advisor-interests" as const };
  }
  if (tab === "advisors") {
    const [[counts], rows] = await db.batch([countsQuery, advisorsPageQuery(db, edition.id, asked)]);
    const advisorsPage = page(
      rows.map((a) => ({
        name: a.name,
        email: a.email,
        group: advisoryGroupName(a.group),
        joined: formatMountain(new Date(a.joinedAt)),
      })),
      Number(counts?.advisors ?? 0),
    );
    if (advisorsPage instanceof URL) return advisorsPage;
    return { ...common(counts), view: "advisors" as const, advisors: advisorsPage };
  }
  if (tab === "profiles") {
    const [[counts], profiles] = await Promise.all([countsQuery, deskProfiles(desk)]);
    return {
      ...common(counts),
      view: "profiles" as const,
      canPublish: desk.can("publish:profile"),
      publishedAt: profiles.publishedAt,
      // The profiles an edition's judges and advisors gave: at most one each, read whole for the publication's status.
      profiles: paged(profiles.profiles, url, "page", judgingTablePageSize),
    };
  }

  const askedStatus = url.searchParams.get("status");
  const status: JudgeStatusFilter = judgeStatusFilters.includes(askedStatus as JudgeStatusFilter)
    ? (askedStatus as JudgeStatusFilter)
    : "active";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [rowsQuery, matchingQuery] = judgesPageQueries(db, edition.id, status, q, asked);
  // Unfiltered, the count of the page's judges is the aggregate's; a search counts its matches.
  const [[counts], judgeRows, matching] = q
    ? await db.batch([countsQuery, rowsQuery, matchingQuery])
    : await db.batch([countsQuery, rowsQuery]).then(([c, r]) => [c, r, null] as const);
  const total = matching
    ? (matching[0]?.n ?? 0)
    : status === "active"
      ? Number(counts?.active ?? 0)
      : status === "left"
        ? Number(counts?.left ?? 0)
        : Number(counts?.active ?? 0) + Number(counts?.left ?? 0);
  const judgesPage = page(
    judgeRows.map((j) => ({
      userId: j.userId,
      name: j.name,
      email: j.email,
      left: j.leftAt ? formatMountain(new Date(j.leftAt)) : null,
      assigned: Number(j.assigned),
      scored: Number(j.scored),
      remaining: Number(j.assigned) - Number(j.scored),
    })),
    total,
  );
  if (judgesPage instanceof URL) return judgesPage;
  // One removal form, for the judge whose "Remove…" link was followed (a GET), not one in every row (issue 56:
  // fifty forms were most of the page's weight once an edition had fifty judges).
  const canRemove = desk.can("remove:judge");
  const askedRemoval = (url.searchParams.get("remove") ?? "").trim().toLowerCase();
  const removing =
    canRemove && askedRemoval ? (judgesPage.items.find((j) => j.email === askedRemoval && !j.left) ?? null) : null;
  const removeHref = (email: string) => {
    const at = new URL(url);
    at.searchParams.set("remove", email);
    return `${at.pathname}${at.search}#remove-judge`;
  };
  return {
    ...common(counts),
    view: "judges" as const,
    canRemove,
    removing: removing && { email: removing.email, name: removing.name, cancel: `${without(url, "remove")}#judges` },
    filter: { status, q },
    judges: {
      ...judgesPage,
      items: judgesPage.items.map((j) => ({ ...j, removeHref: canRemove && !j.left ? removeHref(j.email) : null })),
    },
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

/** /organize/assignments' tabs, one table each; the first is the page without `?view=`. */
export const assignmentsDeskViews = ["projects", "judges", "conflicts"] as const;
export type AssignmentsDeskTab = (typeof assignmentsDeskViews)[number];

const assignmentsPath = "/organize/assignments";
/** What /organize/assignments' forms go back to: the view, its filter and the table's page. */
const assignmentsKept = ["view", "team", "conflicts", "page"] as const;

/**
 * What /organize/assignments shows: what running the assignment would do
 * now (the confirmation step, `?confirm=run`), and one tab (issue 56): each
 * project's judges (filtered by team), each active judge's load, or the
 * conflicts (filtered by status), a page at a time, with every tab's count.
 */
export function assignmentsDeskView(desk: Desk, url: URL) {
  return notPastTheEnd((at) => assignmentsViewAt(desk, at), url);
}

async function assignmentsViewAt(desk: Desk, url: URL) {
  const { db, env, edition } = desk;
  const tab = viewOf(url, assignmentsDeskViews);
  const confirming = url.searchParams.get("confirm") === "run";
  const asked = askedPage(url, "page", judgingTablePageSize);
  const judgesPerProject = judgingRules.judgesPerProject;
  const countsQuery = assignmentsCountsQuery(db, edition.id, {
    judgesPerProject: tab === "projects" ? judgesPerProject : null,
    conflicts: tab === "conflicts",
  });
  const preview = confirming
    ? readSnapshot(env.DB, edition.id).then((snapshot) =>
        planSummary(planAssignments(snapshot), snapshot.projects.length),
      )
    : Promise.resolve(null);
  // Read beside the tab's batch; a page past its table's end is read again and never awaits this one.
  preview.catch(() => undefined);
  const common = async (counts: Awaited<typeof countsQuery>[number] | undefined) => {
    const n = (value: number | undefined) => Number(value ?? 0);
    // The conflicts are counted on their own tab only (thousands in a large edition, each checked for its account).
    const tabCounts: Record<AssignmentsDeskTab, number | null> = {
      projects: n(counts?.projects),
      judges: n(counts?.judges),
      conflicts: tab === "conflicts" ? n(counts?.live) : null,
    };
    // The run's confirmation and its cancel keep the tab, its filter and its page.
    const here = [...new URL(backTo(assignmentsPath, url, assignmentsKept, "run"), url).searchParams];
    return {
      header: deskHeader(desk),
      editionName: edition.name,
      judgesPerProject,
      tab,
      tabs: assignmentsDeskViews.map((view) => ({
        view,
        href: tabHref(assignmentsPath, assignmentsDeskViews, view),
        count: tabCounts[view],
        unit: view === "conflicts" ? "live" : undefined,
      })),
      canRun: desk.can("run:assignment"),
      hasRun: Boolean(Number(counts?.hasRun ?? 0)),
      preview: await preview,
      here,
      runCancelHref: `${without(url, "confirm")}#run`,
      counts: {
        judges: n(counts?.judges),
        projects: n(counts?.projects),
        short: n(counts?.short),
        live: n(counts?.live),
        dismissed: n(counts?.dismissed),
      },
    };
  };
  const page = <T>(items: T[], total: number) => judgingTablePage(items, total, asked.page, url);

  if (tab === "judges") {
    const [rowsQuery] = judgesPageQueries(db, edition.id, "active", "", asked);
    const [[counts], rows] = await db.batch([countsQuery, rowsQuery]);
    const judgesPage = page(
      rows.map((j) => ({
        userId: j.userId,
        name: j.name,
        email: j.email,
        load: Number(j.assigned),
        scored: Number(j.scored),
      })),
      Number(counts?.judges ?? 0),
    );
    if (judgesPage instanceof URL) return judgesPage;
    return { ...(await common(counts)), view: "judges" as const, judges: judgesPage };
  }

  if (tab === "conflicts") {
    const askedStatus = url.searchParams.get("conflicts");
    const conflictStatus: ConflictStatusFilter = conflictStatusFilters.includes(askedStatus as ConflictStatusFilter)
      ? (askedStatus as ConflictStatusFilter)
      : "live";
    const [[counts], rows] = await db.batch([countsQuery, conflictsPageQuery(db, edition.id, conflictStatus, asked)]);
    const live = Number(counts?.live ?? 0);
    const dismissed = Number(counts?.dismissed ?? 0);
    const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
    const conflictsPage = page(
      rows.map(({ createdAt, createdBy, dismissedAt, dismissedBy, dismissedReason, ...row }) => ({
        ...row,
        status: dismissedAt === null ? ("live" as const) : ("dismissed" as const),
        createdBy,
        dismissedBy,
        dismissedReason,
        created: when(createdAt),
        dismissed: dismissedAt ? when(dismissedAt) : null,
      })),
      conflictStatus === "live" ? live : conflictStatus === "dismissed" ? dismissed : live + dismissed,
    );
    if (conflictsPage instanceof URL) return conflictsPage;
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
    return {
      ...(await common(counts)),
      view: "conflicts" as const,
      canDismiss,
      dismissing,
      dismissCancelHref: `${without(url, "dismiss")}#conflicts`,
      canAdd: desk.can("add:conflict"),
      filter: { conflicts: conflictStatus },
      conflicts: {
        ...conflictsPage,
        items: conflictsPage.items.map((c) => ({
          ...c,
          dismissHref: canDismiss && c.status === "live" ? dismissHref(c.id) : null,
        })),
      },
    };
  }

  const team = (url.searchParams.get("team") ?? "").trim().slice(0, 100);
  const projects = projectsPageQueries(db, edition.id, team, asked);
  // Unfiltered, the count of the page's projects is the aggregate's; a search counts its matches.
  const [[counts], rows, assigned, matching] = team
    ? await db.batch([countsQuery, projects.rows, projects.assigned, projects.matching])
    : await db.batch([countsQuery, projects.rows, projects.assigned]).then(([c, r, a]) => [c, r, a, null] as const);
  const projectsPage = page(
    projectsWithJudges(rows, assigned),
    matching ? (matching[0]?.n ?? 0) : Number(counts?.projects ?? 0),
  );
  if (projectsPage instanceof URL) return projectsPage;
  return { ...(await common(counts)), view: "projects" as const, filter: { team }, projects: projectsPage };
}

export type AssignmentsDeskView = Awaited<ReturnType<typeof assignmentsDeskView>>;

/**
 * /organize/judges' forms; each goes back to the view, filter and page it
 * was posted from (`posted`, the URL the form posted to), at its section.
 */
export function judgesDeskIntents(posted: URL) {
  const back = (anchor: string) => backTo(judgesPath, posted, judgesKept, anchor);
  const tab = viewOf(posted, judgesDeskViews);
  return {
    invite: actionIntent(inviteJudge, {
      title: "Invitation sent",
      redirectTo: back(tab === "interests" || tab === "advisor-interests" ? tab : "invite"),
    }),
    "revoke-invitation": actionIntent(revokeJudgeInvitation, {
      title: "Invitation revoked",
      redirectTo: back("invitations"),
    }),
    remove: actionIntent(removeJudge, { title: "Judge removed", redirectTo: back("judges") }),
  };
}

/** /organize/appeals' one form, repeated per open appeal: the answer goes back to the appeal that was posted. */
const decide: Intent<typeof DecideAppealSchema, Desk> = {
  ...actionIntent(decideAppeal, { title: "Appeal decided", redirectTo: "/organize/appeals#appeals" }),
  instanceField: "appealId",
};

export const appealsDeskIntents = { decide };

/**
 * /organize/assignments' forms: running the assignment, dismissing and
 * adding a conflict; each goes back to the tab, filter and page it was
 * posted from (`posted`), at its section.
 */
export function assignmentsDeskIntents(posted: URL) {
  const back = (anchor: string) => backTo(assignmentsPath, posted, assignmentsKept, anchor);
  const dismiss: Intent<typeof DismissConflictSchema, Desk> = {
    ...actionIntent(dismissConflict, { title: "Conflict dismissed", redirectTo: back("conflicts") }),
    instanceField: "conflictId",
  };
  return {
    run: actionIntent(assignJudges, { title: "Assignment run", redirectTo: back("run") }),
    dismiss,
    "add-conflict": actionIntent(addConflict, { title: "Conflict recorded", redirectTo: back("add-conflict") }),
  };
}

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
  const page = paged(matching, url, "page", deskRules.listPageSize);
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
