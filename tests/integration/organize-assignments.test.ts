/**
 * /organize/assignments, the organizer API's assignments and conflicts, and
 * their audit rows (issues 24 and 32), through the built worker and real D1:
 * the run (a confirmation step first; idempotent), each judge's load and
 * each project's judges, dismissing a conflict (a reason required; the
 * judge becomes assignable), adding one (the project reassigned at once),
 * refusals for roles without the permission, and the JavaScript-off posts
 * answering with the page's own messages.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { planAssignments } from "~/judging/assign";
import { readSnapshot } from "~/judging/assign.server";
import {
  addConflict,
  assignJudges,
  dismissConflict,
  editionConflicts,
  projectJudges,
} from "~/judging/assignment-actions.server";
import { conflictMessages } from "~/content/judging";
import { executeAction, type AnyOrganizerAction } from "~/organize/action.server";
import { decodeEntities } from "./html";
import { bareUser, judge, openAssignments, submittedProject } from "./judging-helpers";
import {
  actionContext,
  api,
  auditSince,
  deskGet,
  deskPost,
  lastAuditId,
  organizer,
  personActor,
  tokenOf,
} from "./organize-helpers";

const text = async (response: Response) => decodeEntities(await response.text());
const short = () => crypto.randomUUID().slice(0, 8);

/** Whether the judge may take the project now: with no limit on judges per project, the plan would give it to them. */
async function assignable(judgeId: string, teamId: string) {
  const plan = planAssignments(await readSnapshot(env.DB, "2026"), 10_000);
  return plan.adds.some((a) => a.judgeUserId === judgeId && a.teamId === teamId);
}

describe("assignments and conflicts on the desk and the API", { timeout: 60_000 }, () => {
  it("runs after a confirmation, gives each project its judges, and a second run changes nothing", async () => {
    const coordinator = await organizer("coordinator");
    await Promise.all([1, 2, 3].map((n) => judge(`load${n}`, "2026", { signedIn: false })));
    const projects = [await submittedProject("2026"), await submittedProject("2026")];

    const confirm = await deskGet("/organize/assignments?confirm=run", coordinator);
    expect(confirm.status).toBe(200);
    const page = await text(confirm);
    expect(page).toContain("If you run it now:");
    expect(page).toContain("Yes, run the assignment");

    // Without the confirmation's field, nothing runs.
    const since = await lastAuditId();
    const bare = await deskPost("/organize/assignments", { intent: "run" }, coordinator);
    expect(bare.status).toBe(400);
    expect(await text(bare)).toContain(conflictMessages.confirmRequired);
    for (const teamId of projects) expect(await openAssignments(teamId)).toEqual([]);

    const ran = await deskPost("/organize/assignments", { intent: "run", confirm: "run" }, coordinator);
    expect(ran.status).toBe(303);
    expect(ran.headers.get("location")).toBe("/organize/assignments#run");
    expect(ran.headers.get("set-cookie")).toMatch(/^toast=/);
    for (const teamId of projects) expect(await openAssignments(teamId)).toHaveLength(3);
    const rows = await auditSince(since);
    expect(rows.map((r) => r.action)).toEqual(["assignments.run"]);

    const token = await tokenOf(coordinator);
    const again = await api("POST", "/actions/assignments.run", { token, body: { confirm: "run" } });
    expect(again.status).toBe(200);
    const body = (await again.json()) as { message: string; result: { assigned: number; released: number } };
    expect(body.result).toMatchObject({ assigned: 0, released: 0 });
    expect(body.message).toMatch(/0 new assignment\(s\), 0 released/);

    const listed = await api("GET", "/queries/assignments.list", { token });
    expect(listed.status).toBe(200);
    const { result } = (await listed.json()) as {
      result: { judges: { email: string; load: number }[]; projects: { teamId: string; judges: unknown[] }[] };
    };
    for (const teamId of projects) expect(result.projects.find((p) => p.teamId === teamId)?.judges).toHaveLength(3);
    const total = result.judges.reduce((sum, j) => sum + j.load, 0);
    expect(total).toBe(result.projects.reduce((sum, p) => sum + p.judges.length, 0));

    const shown = await text(await deskGet(`/organize/assignments?team=${projects[0]}`, coordinator));
    expect(shown).toContain("Each judge's load");
    expect(shown).toContain(projects[0]);
    expect(shown).not.toContain(projects[1]);
  });

  it("dismissing a conflict needs a reason; then the judge is assignable, and the run does not detect it again", async () => {
    const coordinator = await organizer("coordinator");
    const domain = `employer-${short()}.com`;
    const colleague = await judge("colleague", "2026", { domain, signedIn: false });
    const member = await bareUser("engineer", { domain });
    const teamId = await submittedProject("2026", { members: [member] });
    const token = await tokenOf(coordinator);
    expect((await api("POST", "/actions/assignments.run", { token, body: { confirm: "run" } })).status).toBe(200);
    const conflict = await env.DB.prepare(
      "SELECT id, source, dismissed_at FROM judging_conflicts WHERE judge_user_id = ? AND team_id = ?",
    )
      .bind(colleague.id, teamId)
      .first<{ id: number; source: string; dismissed_at: string | null }>();
    expect(conflict).toMatchObject({ source: "domain", dismissed_at: null });
    expect(await assignable(colleague.id, teamId)).toBe(false);

    const listed = (await (await api("GET", "/queries/conflicts.list", { token })).json()) as {
      result: { conflicts: { id: number; status: string }[] };
    };
    expect(listed.result.conflicts.find((c) => c.id === conflict!.id)?.status).toBe("live");

    const since = await lastAuditId();
    // The conflicts' forms are on the conflicts' tab: they post to its address (a form without an action).
    const noReason = await deskPost(
      "/organize/assignments?view=conflicts",
      { intent: "dismiss", conflictId: String(conflict!.id), reason: "  " },
      coordinator,
    );
    expect(noReason.status).toBe(400);
    expect(await text(noReason)).toContain(conflictMessages.reasonRequired);
    const viaApi = await api("POST", "/actions/conflicts.dismiss", {
      token,
      body: { conflictId: String(conflict!.id) },
    });
    expect(viaApi.status).toBe(400);
    expect(await auditSince(since)).toEqual([]);

    const dismissed = await deskPost(
      "/organize/assignments?view=conflicts",
      { intent: "dismiss", conflictId: String(conflict!.id), reason: "Shared mail host, different companies" },
      coordinator,
    );
    expect(dismissed.status).toBe(303);
    expect(
      await env.DB.prepare("SELECT dismissed_reason, dismissed_by FROM judging_conflicts WHERE id = ?")
        .bind(conflict!.id)
        .first(),
    ).toEqual({
      dismissed_reason: "Shared mail host, different companies",
      dismissed_by: `organizer:${coordinator.email}`,
    });
    expect(await assignable(colleague.id, teamId)).toBe(true);
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "conflicts.dismiss", reason: "Shared mail host, different companies" });

    // Dismissed once: a second post is refused, and a new run does not detect it again.
    const twice = await deskPost(
      "/organize/assignments?view=conflicts",
      { intent: "dismiss", conflictId: String(conflict!.id), reason: "Again" },
      coordinator,
    );
    expect(twice.status).toBe(404);
    expect(await text(twice)).toContain("There is no such live conflict");
    await api("POST", "/actions/assignments.run", { token, body: { confirm: "run" } });
    const count = await env.DB.prepare(
      "SELECT count(*) AS n FROM judging_conflicts WHERE judge_user_id = ? AND team_id = ? AND dismissed_at IS NULL",
    )
      .bind(colleague.id, teamId)
      .first<{ n: number }>();
    expect(
      count?.n,
      JSON.stringify(
        (await env.DB.prepare("SELECT * FROM judging_conflicts WHERE judge_user_id = ?").bind(colleague.id).all())
          .results,
      ),
    ).toBe(0);
  });

  it("adding a conflict needs a reason and reassigns that project at once", async () => {
    const coordinator = await organizer("coordinator");
    const token = await tokenOf(coordinator);
    const teamId = await submittedProject("2026");
    await Promise.all([1, 2, 3].map((n) => judge(`spare${n}`, "2026", { signedIn: false })));
    expect((await api("POST", "/actions/assignments.run", { token, body: { confirm: "run" } })).status).toBe(200);
    const before = await openAssignments(teamId);
    expect(before).toHaveLength(3);
    const mentor = (await env.DB.prepare('SELECT email FROM "user" WHERE id = ?')
      .bind(before[0]!.judgeUserId)
      .first<{ email: string }>())!;

    const noReason = await deskPost(
      "/organize/assignments?view=conflicts",
      { intent: "add-conflict", email: mentor.email, teamId },
      coordinator,
    );
    expect(noReason.status).toBe(400);
    expect(await text(noReason)).toContain(conflictMessages.reasonRequired);

    const since = await lastAuditId();
    const added = await deskPost(
      "/organize/assignments?view=conflicts",
      { intent: "add-conflict", email: mentor.email, teamId, reason: "Mentored the team" },
      coordinator,
    );
    expect(added.status).toBe(303);
    const after = await openAssignments(teamId);
    expect(after).toHaveLength(3);
    expect(after.map((a) => a.judgeUserId)).not.toContain(before[0]!.judgeUserId);
    expect(
      await env.DB.prepare("SELECT released_reason FROM judging_assignments WHERE id = ?").bind(before[0]!.id).first(),
    ).toEqual({ released_reason: "conflict" });
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "conflicts.add", reason: "Mentored the team" });

    const unknownTeam = await deskPost(
      "/organize/assignments?view=conflicts",
      { intent: "add-conflict", email: mentor.email, teamId: "no-such-team", reason: "x" },
      coordinator,
    );
    expect(unknownTeam.status).toBe(404);
    expect(await text(unknownTeam)).toContain("There is no team no-such-team");
  });

  it("shows one tab at a time with its count, and a form goes back to the tab, filter and page it was posted from", async () => {
    const coordinator = await organizer("coordinator");
    const domain = `tabbed-${short()}.com`;
    const colleague = await judge("tabbed", "2026", { domain, signedIn: false });
    const teamId = await submittedProject("2026", { members: [await bareUser("tabbed-member", { domain })] });
    const token = await tokenOf(coordinator);
    expect((await api("POST", "/actions/assignments.run", { token, body: { confirm: "run" } })).status).toBe(200);
    const conflict = (await env.DB.prepare(
      "SELECT id FROM judging_conflicts WHERE judge_user_id = ? AND team_id = ? AND dismissed_at IS NULL",
    )
      .bind(colleague.id, teamId)
      .first<{ id: number }>())!;

    const projects = await text(await deskGet("/organize/assignments", coordinator));
    expect(projects).toContain('data-testid="projects-table"');
    expect(projects).not.toContain('data-testid="loads-table"');
    expect(projects).not.toContain('data-testid="conflicts-table"');
    expect(projects).toMatch(/href="\/organize\/assignments" aria-current="page"/);
    expect(projects).toMatch(/href="\/organize\/assignments\?view=judges"[^>]*>Each judge's load<span[^>]*> \(\d+\)/);
    const loads = await text(await deskGet("/organize/assignments?view=judges", coordinator));
    expect(loads).toContain('data-testid="loads-table"');
    expect(loads).not.toContain('data-testid="projects-table"');
    expect(loads).toContain(colleague.email);
    const conflicts = await text(await deskGet("/organize/assignments?view=conflicts&conflicts=all", coordinator));
    expect(conflicts).toContain('data-testid="conflicts-table"');
    expect(conflicts).not.toContain('data-testid="projects-table"');
    expect(conflicts).toContain(`id="conflict-${conflict.id}"`);
    expect(conflicts).toMatch(
      /href="\/organize\/assignments\?view=conflicts" aria-current="page"[^>]*>Conflicts of interest<span[^>]*> \(\d+ live\)/,
    );
    // The filter keeps the tab; the run's confirmation keeps the tab and its filter.
    expect(conflicts).toContain('<input type="hidden" name="view" value="conflicts"/>');
    expect(conflicts).toContain('<input type="hidden" name="conflicts" value="all"/>');

    const dismissed = await deskPost(
      `/organize/assignments?view=conflicts&conflicts=all&page=1&dismiss=${conflict.id}`,
      { intent: "dismiss", conflictId: String(conflict.id), reason: "Same mail host only" },
      coordinator,
    );
    expect(dismissed.status).toBe(303);
    expect(dismissed.headers.get("location")).toBe(
      "/organize/assignments?view=conflicts&conflicts=all&page=1#conflicts",
    );
    const ran = await deskPost(
      "/organize/assignments?view=judges&page=1&confirm=run",
      { intent: "run", confirm: "run" },
      coordinator,
    );
    expect(ran.headers.get("location")).toBe("/organize/assignments?view=judges&page=1#run");
  });

  it("is refused to a viewer and a registrar, on the desk (404) and the API (403)", async () => {
    for (const role of ["viewer", "registrar"] as const) {
      const who = await organizer(role);
      expect((await deskGet("/organize/assignments", who)).status).toBe(404);
      expect((await deskPost("/organize/assignments", { intent: "run", confirm: "run" }, who)).status).toBe(404);
      const token = await tokenOf(who);
      for (const id of ["assignments.run", "conflicts.dismiss", "conflicts.add"]) {
        const response = await api("POST", `/actions/${id}`, { token, body: { confirm: "run" } });
        expect(response.status, `${role} ${id}`).toBe(403);
      }
      expect((await api("GET", "/queries/conflicts.list", { token })).status).toBe(403);
    }
  });
});

describe("the assignment actions' writes, in an edition of their own", { timeout: 60_000 }, () => {
  const newEdition = () => `test-${short()}`;
  /** Runs an action as the coordinator in `editionId` (the clock's edition, renamed: only its id is read). */
  async function act(action: AnyOrganizerAction, input: Record<string, string>, editionId: string, at: string) {
    const coordinator = await organizer("coordinator");
    const ctx = actionContext(personActor(coordinator), new Date(at));
    const done = await executeAction(action, input, { ...ctx, edition: { ...edition2026, id: editionId } });
    if (!done.ok) throw new Error(`${action.id} refused: ${done.message}`);
    return done as typeof done & { result: Record<string, unknown> };
  }
  const events = async (editionId: string) =>
    (
      await env.DB.prepare(
        "SELECT action AS kind, actor_label AS actor, json_object('reason', reason) AS detail FROM events WHERE edition_id = ? ORDER BY id",
      )
        .bind(editionId)
        .all<{ kind: string; actor: string; detail: string }>()
    ).results.map((e) => ({ ...e, detail: JSON.parse(e.detail) as Record<string, unknown> }));

  it("dismissing a conflict assigns the judge it kept out, in the same action", async () => {
    const edition = newEdition();
    const domain = `employer-${short()}.com`;
    const colleague = await judge("colleague", edition, { domain, signedIn: false });
    await Promise.all([1, 2].map((n) => judge(`other${n}`, edition, { signedIn: false })));
    const teamId = await submittedProject(edition, { members: [await bareUser("engineer", { domain })] });

    const ran = await act(assignJudges, { confirm: "run" }, edition, "2026-03-25T18:00:00.000Z");
    expect(ran.result).toMatchObject({ assigned: 2, conflicts: 1, shortfall: [{ teamId, missing: 1 }] });
    expect((await openAssignments(teamId)).map((a) => a.judgeUserId)).not.toContain(colleague.id);
    const [conflict] = await editionConflicts(env.DB, edition);
    expect(conflict).toMatchObject({ judge: colleague.email.toLowerCase(), teamId, source: "domain", status: "live" });

    const since = await lastAuditId();
    const dismissed = await act(
      dismissConflict,
      { conflictId: String(conflict!.id), reason: "Same mail host, different companies" },
      edition,
      "2026-03-25T19:00:00.000Z",
    );
    expect(dismissed.result).toMatchObject({ conflictId: conflict!.id, assigned: 1, released: 0, shortfall: [] });
    expect((await openAssignments(teamId)).map((a) => a.judgeUserId)).toContain(colleague.id);
    expect((await projectJudges(env.DB, edition))[0]?.judges.map((j) => j.email)).toContain(
      colleague.email.toLowerCase(),
    );
    expect(await editionConflicts(env.DB, edition)).toEqual([
      expect.objectContaining({
        id: conflict!.id,
        status: "dismissed",
        dismissedAt: "2026-03-25T19:00:00.000Z",
        dismissedReason: "Same mail host, different companies",
      }),
    ]);
    // One row per action, the organizers' own: judging keeps no second copy (issue 51).
    expect((await events(edition)).map((e) => [e.kind, e.detail.reason])).toEqual([
      ["assignments.run", null],
      ["conflicts.dismiss", "Same mail host, different companies"],
    ]);
    const [audit] = await auditSince(since);
    expect(JSON.parse(audit!.facts_after!)).toMatchObject({ live: false, assigned: 1 });
  });

  it("adding a conflict the organizers dismissed before makes the same row live again, and releases only that assignment", async () => {
    const edition = newEdition();
    const judges = await Promise.all([1, 2, 3, 4].map((n) => judge(`pool${n}`, edition, { signedIn: false })));
    const teamId = await submittedProject(edition);
    await act(assignJudges, { confirm: "run" }, edition, "2026-03-25T18:00:00.000Z");
    const before = await openAssignments(teamId);
    const mentor = judges.find((j) => j.id === before[0]!.judgeUserId)!;

    const added = await act(
      addConflict,
      { email: mentor.email.toUpperCase(), teamId, reason: "Mentored the team" },
      edition,
      "2026-03-25T19:00:00.000Z",
    );
    expect(added.result).toMatchObject({ userId: mentor.id, teamId, released: 1, assigned: 1 });
    const after = await openAssignments(teamId);
    expect(after.map((a) => a.judgeUserId)).not.toContain(mentor.id);
    expect(after.filter((a) => before.some((b) => b.id === a.id))).toHaveLength(2);
    const [conflict] = await editionConflicts(env.DB, edition);
    expect(conflict).toMatchObject({ source: "organizer", detail: "Mentored the team", status: "live" });

    await act(
      dismissConflict,
      { conflictId: String(conflict!.id), reason: "Only met them once" },
      edition,
      "2026-03-25T20:00:00.000Z",
    );
    expect((await editionConflicts(env.DB, edition))[0]).toMatchObject({ status: "dismissed" });

    await act(
      addConflict,
      { email: mentor.email, teamId, reason: "Mentored them after all" },
      edition,
      "2026-03-25T21:00:00.000Z",
    );
    const conflicts = await editionConflicts(env.DB, edition);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      id: conflict!.id,
      detail: "Mentored them after all",
      status: "live",
      createdAt: "2026-03-25T21:00:00.000Z",
      dismissedAt: null,
      dismissedBy: null,
      dismissedReason: null,
    });
    // Nothing else moved: the project still has its three judges, none of them the mentor.
    expect((await openAssignments(teamId)).map((a) => a.id)).toEqual(after.map((a) => a.id));
  });
});
