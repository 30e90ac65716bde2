/**
 * What /organize/judges shows (issues 24 and 32): the edition's judges with
 * their progress (filtered and paged by a GET form), the invitations still
 * open, and the interest forms of people who offered to judge, each with
 * where it stands (a judge already, invited, or not yet).
 */
import { formatMountain } from "~/clock/format";
import { judgingRules } from "~/content/judging";
import type { Desk } from "~/organize/guard.server";
import { deskHeader } from "~/organize/desk-view.server";
import { paged } from "~/organize/paging";
import { judgeInterests, judgeProgress, openJudgeInvitations } from "./actions.server";
import { editionAppeals } from "./appeal-decisions.server";
import { scoresFinalText } from "./judge.server";
import { planAssignments } from "./assign";
import { assignmentsHaveRun, readSnapshot } from "./assign.server";
import { editionConflicts, planSummary, projectJudges } from "./assignment-actions.server";

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
