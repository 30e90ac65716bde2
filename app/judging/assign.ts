/**
 * Fair assignments and conflicts of interest (issue 24), as a pure module:
 * the plan computed from an edition's judging state (`planAssignments`).
 * ./assign.server.ts reads that state from D1 and writes the plan, in
 * drizzle (the daily job, a judge's declaration; the organizer actions of
 * ./assignment-actions.server.ts and ./actions.server.ts: the desk, the API
 * and the CLI). Plain TypeScript, relative imports only.
 *
 * The rules:
 * - Every submitted project of the edition gets `judgesPerProject` judges,
 *   the least-loaded eligible ones first, so loads stay within one project of
 *   each other when conflicts allow it. Running again only fills what is
 *   missing: nothing already assigned moves.
 * - A judge is not eligible for a project when an undismissed conflict links
 *   them: detected here from our own data (the judge belongs to a team
 *   member's organization, shares a non-webmail e-mail domain with a team
 *   member, or takes part in the edition), declared by the judge, or added by
 *   an organizer. A dismissed conflict stays dismissed: it is never detected
 *   again (one row per judge, team and source).
 * - An open assignment is released when its judge left before completing it
 *   (a complete one keeps counting) or when a conflict now links them; the
 *   project then gets a replacement.
 * - Projects that cannot get enough judges are reported, never skipped silently.
 */
import { isSharedMailDomain, judgingRules, rubricCriteria } from "../content/judging";

export interface Snapshot {
  judges: { userId: string; email: string; name: string; leftAt: string | null }[];
  projects: { teamId: string; name: string }[];
  members: { teamId: string; userId: string; email: string }[];
  organizations: { userId: string; orgId: string; orgName: string }[];
  participants: { userId: string }[];
  conflicts: { id: number; judgeUserId: string; teamId: string; source: string; dismissedAt: string | null }[];
  assignments: { id: number; teamId: string; judgeUserId: string; scored: number }[];
}

export interface NewConflict {
  judgeUserId: string;
  teamId: string;
  source: "organization" | "domain" | "participant";
  detail: string;
}

export interface Plan {
  conflicts: NewConflict[];
  releases: { id: number; teamId: string; judgeUserId: string; reason: "judge-left" | "conflict" }[];
  adds: { teamId: string; judgeUserId: string }[];
  /** Projects left with fewer than `judgesPerProject` judges, and how many are missing. */
  shortfall: { teamId: string; name: string; missing: number }[];
  /** Open assignments per active judge after the plan. */
  loads: Record<string, number>;
}

const key = (judgeUserId: string, teamId: string) => `${judgeUserId}|${teamId}`;
const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1);

/** A judge's assignment is complete once every criterion has a score. */
export const criteriaCount = rubricCriteria.length;

/**
 * The conflicts our own data shows, for the edition's active judges and submitted projects.
 * Each project's organizations and address domains are gathered once, so a
 * judge and a project cost a few lookups (an edition of thousands of
 * projects and hundreds of judges is millions of pairs).
 */
export function detectConflicts(snapshot: Snapshot): NewConflict[] {
  const orgsOf = new Map<string, Map<string, string>>();
  for (const o of snapshot.organizations) {
    const orgs = orgsOf.get(o.userId) ?? new Map<string, string>();
    orgs.set(o.orgId, o.orgName);
    orgsOf.set(o.userId, orgs);
  }
  const participants = new Set(snapshot.participants.map((p) => p.userId));
  const membersOf = new Map<string, Snapshot["members"]>();
  for (const m of snapshot.members) {
    const members = membersOf.get(m.teamId);
    if (members) members.push(m);
    else membersOf.set(m.teamId, [m]);
  }
  const projects = snapshot.projects.map((project) => {
    const members = membersOf.get(project.teamId) ?? [];
    /** Each address domain of the team, with the members who have it. */
    const domains = new Map<string, string[]>();
    for (const m of members) {
      const domain = domainOf(m.email);
      domains.set(domain, [...(domains.get(domain) ?? []), m.userId]);
    }
    return {
      teamId: project.teamId,
      memberIds: new Set(members.map((m) => m.userId)),
      /** The members' organizations, in member order: the first the judge belongs to is named. */
      orgs: members.flatMap((m) => [...(orgsOf.get(m.userId)?.entries() ?? [])]),
      domains,
    };
  });
  const found: NewConflict[] = [];
  for (const judge of snapshot.judges) {
    if (judge.leftAt) continue;
    const judgeOrgs = orgsOf.get(judge.userId);
    const judgeDomain = domainOf(judge.email);
    const employerDomain = isSharedMailDomain(judgeDomain) ? null : judgeDomain;
    const participant = participants.has(judge.userId);
    for (const project of projects) {
      const org = judgeOrgs ? project.orgs.find(([orgId]) => judgeOrgs.has(orgId)) : undefined;
      if (org) {
        found.push({
          judgeUserId: judge.userId,
          teamId: project.teamId,
          source: "organization",
          detail: `belongs to ${org[1]}, a team member's organization`,
        });
      }
      if (employerDomain && project.domains.get(employerDomain)?.some((userId) => userId !== judge.userId)) {
        found.push({
          judgeUserId: judge.userId,
          teamId: project.teamId,
          source: "domain",
          detail: `shares the e-mail domain ${employerDomain} with a team member`,
        });
      }
      if (participant) {
        found.push({
          judgeUserId: judge.userId,
          teamId: project.teamId,
          source: "participant",
          detail: project.memberIds.has(judge.userId)
            ? "is a member of this team"
            : "takes part in this edition as a participant",
        });
      }
    }
  }
  return found;
}

/** What to write so every submitted project has its judges: new conflicts, releases, new assignments. */
export function planAssignments(snapshot: Snapshot, judgesPerProject: number = judgingRules.judgesPerProject): Plan {
  const known = new Set(snapshot.conflicts.map((c) => `${key(c.judgeUserId, c.teamId)}|${c.source}`));
  const conflicts = detectConflicts(snapshot).filter((c) => !known.has(`${key(c.judgeUserId, c.teamId)}|${c.source}`));
  const live = new Set([
    ...snapshot.conflicts.filter((c) => c.dismissedAt === null).map((c) => key(c.judgeUserId, c.teamId)),
    ...conflicts.map((c) => key(c.judgeUserId, c.teamId)),
  ]);
  const active = snapshot.judges.filter((j) => !j.leftAt).map((j) => j.userId);
  const isActive = new Set(active);
  const submitted = new Set(snapshot.projects.map((p) => p.teamId));

  const releases: Plan["releases"] = [];
  const open = new Map<string, Set<string>>();
  for (const a of snapshot.assignments) {
    const complete = a.scored >= criteriaCount;
    if (!isActive.has(a.judgeUserId) && !complete) {
      releases.push({ id: a.id, teamId: a.teamId, judgeUserId: a.judgeUserId, reason: "judge-left" });
      continue;
    }
    if (live.has(key(a.judgeUserId, a.teamId))) {
      releases.push({ id: a.id, teamId: a.teamId, judgeUserId: a.judgeUserId, reason: "conflict" });
      continue;
    }
    open.set(a.teamId, (open.get(a.teamId) ?? new Set()).add(a.judgeUserId));
  }

  const loads: Record<string, number> = Object.fromEntries(active.map((id) => [id, 0]));
  for (const [teamId, judges] of open) {
    if (!submitted.has(teamId)) continue;
    for (const judge of judges) if (judge in loads) loads[judge] = loads[judge]! + 1;
  }

  const liveByTeam = new Map<string, Set<string>>();
  for (const liveKey of live) {
    const [judge, teamId] = liveKey.split("|") as [string, string];
    liveByTeam.set(teamId, (liveByTeam.get(teamId) ?? new Set()).add(judge));
  }
  const isEligible = (judge: string, teamId: string) =>
    !liveByTeam.get(teamId)?.has(judge) && !open.get(teamId)?.has(judge);
  // How many active judges each project may still take, counted once (the sort below compares it often).
  const eligibleCount = new Map<string, number>();
  for (const { teamId } of snapshot.projects) {
    const blocked = new Set([...(liveByTeam.get(teamId) ?? []), ...(open.get(teamId) ?? [])]);
    eligibleCount.set(teamId, active.length - [...blocked].filter((judge) => isActive.has(judge)).length);
  }
  // The most constrained projects choose first, so a project few judges may take still finds them free.
  const order = [...snapshot.projects].sort(
    (a, b) => eligibleCount.get(a.teamId)! - eligibleCount.get(b.teamId)! || (a.teamId < b.teamId ? -1 : 1),
  );
  // The active judges, least loaded first (then by id), kept in that order as loads grow: each project
  // takes the first eligible ones, without sorting every judge again for every project.
  const byLoad = (a: string, b: string) => loads[a]! - loads[b]! || (a < b ? -1 : a > b ? 1 : 0);
  const ranked = [...active].sort(byLoad);
  const addLoad = (judge: string) => {
    ranked.splice(ranked.indexOf(judge), 1);
    loads[judge] = loads[judge]! + 1;
    // Back in its place: after every judge that comes before it (binary search).
    let low = 0;
    let high = ranked.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byLoad(ranked[middle]!, judge) < 0) low = middle + 1;
      else high = middle;
    }
    ranked.splice(low, 0, judge);
  };
  const adds: Plan["adds"] = [];
  const shortfall: Plan["shortfall"] = [];
  for (const project of order) {
    const assigned = open.get(project.teamId) ?? new Set<string>();
    let missing = judgesPerProject - assigned.size;
    if (missing <= 0) continue;
    const chosen: string[] = [];
    for (const judge of ranked) {
      if (chosen.length === missing) break;
      if (isEligible(judge, project.teamId)) chosen.push(judge);
    }
    for (const judge of chosen) {
      adds.push({ teamId: project.teamId, judgeUserId: judge });
      assigned.add(judge);
      addLoad(judge);
      missing -= 1;
    }
    open.set(project.teamId, assigned);
    if (missing > 0) shortfall.push({ teamId: project.teamId, name: project.name, missing });
  }
  return { conflicts, releases, adds, shortfall, loads };
}
