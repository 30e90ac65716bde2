/**
 * Judging's judges' half (issue 24) through the built worker and real D1:
 * invitations (used, expired, revoked, another account, no second factor,
 * unverified), assignments with conflicts from our own data (organization,
 * domain and not webmail, participant, declared, dismissed), load balance,
 * reassignment after a judge leaves and after a declaration, /judging and
 * project pages only for assigned judges, files through the portal's route,
 * and scores a minute either side of "scores final".
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { judgingMessages, rubricCriteria, rubricWeights } from "~/content/judging";
import { planAssignments } from "~/judging/assign";
import { runAssignments } from "~/judging/assign.server";
import { renderNotification } from "~/notifications/kinds.server";
import { DATA_LIFECYCLE_CRON } from "~/retention/records.server";
import { createOrganizationAdmin, createScores } from "./factories";
import { seedRegistration } from "./account-helpers";
import { decodeEntities } from "./html";
import {
  account,
  assignDirectly,
  bareUser,
  employeeOf,
  invitation,
  judge,
  judgingGet,
  judgingPost,
  openAssignments,
  projectFile,
  submittedProject,
  JUDGING,
} from "./judging-helpers";
import { builtWorker } from "./worker";

const MINUTE_BEFORE_FINAL = { APP_NOW: "2026-04-02T23:59:00-06:00" };
const AT_FINAL = { APP_NOW: "2026-04-03T00:00:00-06:00" };
const now = new Date("2026-03-25T18:00:00.000Z");
const newEdition = () => `test-${crypto.randomUUID().slice(0, 8)}`;
const text = async (response: Response) => decodeEntities(await response.text());

async function conflictsOf(editionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, judge_user_id AS judgeUserId, team_id AS teamId, source, dismissed_at AS dismissedAt FROM judging_conflicts WHERE edition_id = ? ORDER BY id",
  )
    .bind(editionId)
    .all<{ id: number; judgeUserId: string; teamId: string; source: string; dismissedAt: string | null }>();
  return results;
}

async function organization(editionId: string, companyName = "Acme Manufacturing") {
  const buyer = await bareUser("buyer");
  const id = await seedRegistration(buyer.id, {
    type: "workforce",
    companyName,
    amountCents: 500000,
    email: buyer.email,
  });
  await env.DB.prepare("UPDATE registrations SET edition_id = ? WHERE id = ?").bind(editionId, id).run();
  return id;
}

const run = (editionId: string) => runAssignments(env.DB, editionId, { actor: "test", now, reason: "test" });

describe("invitations", { timeout: 30_000 }, () => {
  it("a verified account with the invited address and two-step sign-in accepts once; the link never works again", async () => {
    const who = await account("judge");
    const token = await invitation(who.email);
    // The header's account menu links /judging only to a judge (issue 35).
    expect(await text(await judgingGet("/", who))).not.toContain('href="/judging"');
    const page = await judgingGet(`/judging/invitation?token=${token}`, who);
    expect(page.status).toBe(200);
    expect(await text(page)).toContain("Accept and become a judge");
    const accepted = await judgingPost("/judging/invitation", { intent: "accept", token }, who);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/judging");
    expect(await text(await judgingGet("/", who))).toContain('href="/judging"');
    const row = await env.DB.prepare("SELECT name, left_at FROM judges WHERE user_id = ? AND edition_id = '2026'")
      .bind(who.id)
      .first<{ name: string; left_at: string | null }>();
    expect(row).toEqual({ name: "Jordan Judge", left_at: null });
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM events WHERE actor_user_id = ? AND actor_kind = 'account' AND action = 'judging.invitation-accepted'",
    )
      .bind(who.id)
      .first<{ n: number }>();
    expect(events?.n).toBe(1);

    const again = await judgingPost("/judging/invitation", { intent: "accept", token }, who);
    expect(again.status).toBe(410);
    expect(await text(again)).toContain(judgingMessages.invitationUsed);
    expect(await text(await judgingGet(`/judging/invitation?token=${token}`, who))).toContain(
      judgingMessages.invitationUsed,
    );
    const queue = await judgingGet("/judging", who);
    expect(await text(queue)).toContain("0 of 0 scored, 0 left");
  });

  it("refuses an expired, a revoked and an unknown link", async () => {
    const who = await account("judge");
    const expired = await invitation(who.email, { expiresAt: "2026-03-20T00:00:00.000Z" });
    const answer = await judgingPost("/judging/invitation", { intent: "accept", token: expired }, who);
    expect(answer.status).toBe(410);
    expect(await text(answer)).toContain("This invitation expired on Mar 19, 2026");
    const revoked = await invitation(who.email, { revoked: true });
    const refused = await judgingPost("/judging/invitation", { intent: "accept", token: revoked }, who);
    expect(refused.status).toBe(410);
    expect(await text(refused)).toContain(judgingMessages.invitationRevoked);
    const unknown = await judgingPost("/judging/invitation", { intent: "accept", token: "x".repeat(43) }, who);
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain(judgingMessages.invitationUnknown);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM judges WHERE user_id = ?").bind(who.id).first("n")).toBe(0);
  });

  it("refuses another account, an account without two-step sign-in, and an unverified one, saying what to do", async () => {
    const invited = await account("invited");
    const other = await account("other");
    const token = await invitation(invited.email);
    const page = await text(await judgingGet(`/judging/invitation?token=${token}`, other));
    expect(page).toContain(judgingMessages.invitationOtherAccount(other.email));
    expect(page).not.toContain("Accept and become a judge");
    const byOther = await judgingPost("/judging/invitation", { intent: "accept", token }, other);
    expect(byOther.status).toBe(403);

    const noSecondFactor = await account("no2fa", { twoFactor: false });
    const token2 = await invitation(noSecondFactor.email);
    const refused = await judgingPost("/judging/invitation", { intent: "accept", token: token2 }, noSecondFactor);
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain(judgingMessages.invitationNoSecondFactor);
    expect(await text(await judgingGet(`/judging/invitation?token=${token2}`, noSecondFactor))).toContain("/account");

    const unverified = await account("unverified", { verified: false });
    const token3 = await invitation(unverified.email);
    const refused3 = await judgingPost("/judging/invitation", { intent: "accept", token: token3 }, unverified);
    expect(refused3.status).toBe(403);
    expect(await text(refused3)).toContain(judgingMessages.invitationUnverified);

    const judges = await env.DB.prepare("SELECT count(*) AS n FROM judges WHERE user_id IN (?, ?, ?, ?)")
      .bind(invited.id, other.id, noSecondFactor.id, unverified.id)
      .first("n");
    expect(judges).toBe(0);
    // The invitation is still open for the right account.
    const accepted = await judgingPost("/judging/invitation", { intent: "accept", token }, invited);
    expect(accepted.status).toBe(303);
  });

  it("the e-mail carries the link, points at BASE_URL when set, and says what accepting needs", () => {
    const payload = JSON.stringify({
      name: "Riley Park",
      editionName: "2026 Challenge",
      path: "/judging/invitation?token=abc",
      origin: "http://localhost:8787",
      expires: "Apr 8, 2026, 12:00 PM MT",
      scoresFinal: "Apr 2, 2026, 11:59 PM MT",
    });
    const email = renderNotification("judge-invitation", payload);
    expect(email.subject).toBe("You're invited to judge the 2026 Challenge");
    expect(email.text).toContain("http://localhost:8787/judging/invitation?token=abc");
    expect(email.text).toContain("two-step sign-in");
  });

  it("signed out, the invitation page sends to /auth; /judging says judging is by invitation", async () => {
    const page = await judgingGet("/judging/invitation?token=abc");
    expect([302, 303]).toContain(page.status);
    expect(page.headers.get("location")).toMatch(/^\/auth/);
    const visitor = await account("visitor");
    const judging = await judgingGet("/judging", visitor);
    expect(judging.status).toBe(200);
    expect(await text(judging)).toContain(judgingMessages.byInvitation);
  });
});

// These judges never sign in: user rows only, so the tests stay quick.
describe("assignments and conflicts of interest", { timeout: 30_000 }, () => {
  it("gives every project three judges with loads within one, and running again changes nothing", async () => {
    const edition = newEdition();
    const judges = await Promise.all([1, 2, 3, 4, 5].map((n) => judge(`j${n}`, edition, { signedIn: false })));
    const projects = [];
    for (let i = 0; i < 7; i++) projects.push(await submittedProject(edition));
    const plan = await run(edition);
    expect(plan.shortfall).toEqual([]);
    expect(plan.adds).toHaveLength(21);
    for (const teamId of projects) expect(await openAssignments(teamId)).toHaveLength(3);
    const loads = Object.values(plan.loads);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(Object.keys(plan.loads).sort()).toEqual(judges.map((j) => j.id).sort());
    const again = await run(edition);
    expect(again.adds).toEqual([]);
    expect(again.releases).toEqual([]);
  });

  it("detects an organization, an employer domain and a participant; a webmail domain is not a conflict", async () => {
    const edition = newEdition();
    const org = await organization(edition);
    // A co-administrator of the organization (not enrolled: an enrolled employee is a participant).
    const orgJudge = await judge("org", edition, { signedIn: false });
    await createOrganizationAdmin({ registrationId: org, userId: orgJudge.id, addedBy: "buyer" });
    const colleague = await bareUser("colleague");
    await employeeOf(org, colleague, edition);
    const domainJudge = await judge("dom", edition, { domain: "gemstate-energy.com", signedIn: false });
    const domainMember = await bareUser("engineer", { domain: "gemstate-energy.com" });
    const gmailJudge = await judge("mail", edition, { domain: "gmail.com", signedIn: false });
    const gmailMember = await bareUser("student", { domain: "gmail.com" });
    const participantJudge = await judge("part", edition, { signedIn: false });
    await seedRegistration(participantJudge.id, { email: participantJudge.email });
    await env.DB.prepare("UPDATE registrations SET edition_id = ? WHERE user_id = ?")
      .bind(edition, participantJudge.id)
      .run();
    const free = await Promise.all([1, 2, 3].map((n) => judge(`free${n}`, edition, { signedIn: false })));

    const orgTeam = await submittedProject(edition, { members: [colleague] });
    const domainTeam = await submittedProject(edition, { members: [domainMember] });
    const gmailTeam = await submittedProject(edition, { members: [gmailMember] });
    const plan = await run(edition);

    const found = (await conflictsOf(edition)).map((c) => `${c.judgeUserId}|${c.teamId}|${c.source}`);
    expect(found).toContain(`${orgJudge.id}|${orgTeam}|organization`);
    expect(found).toContain(`${domainJudge.id}|${domainTeam}|domain`);
    for (const team of [orgTeam, domainTeam, gmailTeam])
      expect(found).toContain(`${participantJudge.id}|${team}|participant`);
    expect(found.some((c) => c.startsWith(`${gmailJudge.id}|`))).toBe(false);
    expect(found.filter((c) => c.startsWith(`${orgJudge.id}|`))).toHaveLength(1);

    const judgesOf = async (team: string) => (await openAssignments(team)).map((a) => a.judgeUserId);
    expect(await judgesOf(orgTeam)).not.toContain(orgJudge.id);
    expect(await judgesOf(domainTeam)).not.toContain(domainJudge.id);
    for (const team of [orgTeam, domainTeam, gmailTeam]) {
      expect(await judgesOf(team)).not.toContain(participantJudge.id);
      expect(await judgesOf(team)).toHaveLength(3);
    }
    expect(plan.loads[participantJudge.id]).toBe(0);
    expect(free).toHaveLength(3);
  });

  it("with too few judges free of conflict, assigns what it can and reports the shortfall", async () => {
    const edition = newEdition();
    const [a, b] = await Promise.all([
      judge("a", edition, { signedIn: false }),
      judge("b", edition, { signedIn: false }),
    ]);
    const member = await bareUser("member", { domain: "boise-widgets.com" });
    const c = await judge("c", edition, { domain: "boise-widgets.com", signedIn: false });
    const team = await submittedProject(edition, { members: [member] });
    const plan = await run(edition);
    expect((await openAssignments(team)).map((x) => x.judgeUserId).sort()).toEqual([a.id, b.id].sort());
    expect(plan.shortfall).toEqual([{ teamId: team, name: expect.any(String), missing: 1 }]);
    expect(c.id).toBeTruthy();
    const event = await env.DB.prepare(
      "SELECT last_outcome AS detail FROM judging_assignment_runs WHERE edition_id = ?",
    )
      .bind(edition)
      .first<{ detail: string }>();
    expect(JSON.parse(event!.detail).shortfall).toHaveLength(1);
  });

  it("a dismissed conflict is kept, not detected again, and the judge becomes assignable", async () => {
    const edition = newEdition();
    const member = await bareUser("member", { domain: "treasure-valley.org" });
    const conflicted = await judge("c", edition, { domain: "treasure-valley.org", signedIn: false });
    await Promise.all([judge("a", edition, { signedIn: false }), judge("b", edition, { signedIn: false })]);
    const team = await submittedProject(edition, { members: [member] });
    await run(edition);
    const [conflict] = await conflictsOf(edition);
    expect(conflict?.source).toBe("domain");
    await env.DB.prepare(
      "UPDATE judging_conflicts SET dismissed_at = ?, dismissed_by = 'organizer:test', dismissed_reason = 'A shared university alumni domain' WHERE id = ?",
    )
      .bind(now.toISOString(), conflict!.id)
      .run();
    const plan = await run(edition);
    expect(plan.conflicts).toEqual([]);
    expect(plan.adds).toEqual([{ teamId: team, judgeUserId: conflicted.id }]);
    expect(await conflictsOf(edition)).toHaveLength(1);
  });

  it("after a judge leaves, only their unscored projects move; their complete scores stay", async () => {
    const edition = newEdition();
    const judges = await Promise.all([1, 2, 3, 4].map((n) => judge(`j${n}`, edition, { signedIn: false })));
    const teams = [];
    for (let i = 0; i < 4; i++) teams.push(await submittedProject(edition));
    await run(edition);
    const leaving = judges[0]!;
    const theirs = (await Promise.all(teams.map(async (t) => ({ t, a: await openAssignments(t) })))).filter(({ a }) =>
      a.some((x) => x.judgeUserId === leaving.id),
    );
    expect(theirs.length).toBe(3);
    // They completed one project.
    const done = theirs[0]!.t;
    await createScores({
      editionId: edition,
      teamId: done,
      judgeUserId: leaving.id,
      score: 7,
      updatedAt: now.toISOString(),
    });
    const before = new Map(await Promise.all(teams.map(async (t) => [t, await openAssignments(t)] as const)));
    await env.DB.prepare("UPDATE judges SET left_at = ?, left_by = 'organizer:test' WHERE user_id = ?")
      .bind(now.toISOString(), leaving.id)
      .run();
    const plan = await run(edition);
    expect(plan.releases.map((r) => r.teamId).sort()).toEqual(
      theirs
        .slice(1)
        .map(({ t }) => t)
        .sort(),
    );
    expect(plan.adds).toHaveLength(2);
    for (const t of teams) {
      const after = await openAssignments(t);
      const kept = before.get(t)!.filter((a) => a.judgeUserId !== leaving.id || t === done);
      // Everything else on the project is the same row as before.
      expect(after.filter((a) => kept.some((k) => k.id === a.id))).toHaveLength(kept.length);
      expect(after.length).toBe(t === done ? 3 : 3);
    }
    expect((await openAssignments(done)).map((a) => a.judgeUserId)).toContain(leaving.id);
  });

  it("the pure plan never assigns a judge with a live conflict and balances within one", () => {
    const judges = Array.from({ length: 4 }, (_, i) => ({
      userId: `j${i}`,
      email: `j${i}@x.test`,
      name: `J${i}`,
      leftAt: null,
    }));
    const projects = Array.from({ length: 6 }, (_, i) => ({ teamId: `t${i}`, name: `T${i}` }));
    const plan = planAssignments({
      judges,
      projects,
      members: [],
      organizations: [],
      participants: [],
      conflicts: [{ id: 1, judgeUserId: "j0", teamId: "t0", source: "declared", dismissedAt: null }],
      assignments: [],
    });
    expect(plan.adds.some((a) => a.judgeUserId === "j0" && a.teamId === "t0")).toBe(false);
    expect(plan.adds).toHaveLength(18);
    const loads = Object.values(plan.loads);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });
});

describe("/judging and a project's page", { timeout: 30_000 }, () => {
  it("shows the judge's queue with progress and when scores are final; never another judge's project", async () => {
    const who = await judge("queue", "2026");
    const mine = await submittedProject("2026", { name: "Permit Pilots" });
    const other = await submittedProject("2026", { name: "Hidden Hawks" });
    await assignDirectly(mine, who.id);
    const page = await text(await judgingGet("/judging", who));
    expect(page).toContain("0 of 1 scored, 1 left");
    expect(page).toContain("Scores final Apr 2, 2026, 11:59 PM MT");
    expect(page).toContain("Permit Pilots");
    expect(page).not.toContain("Hidden Hawks");
    expect((await judgingGet(`/judging/${other}`, who)).status).toBe(404);
    const project = await judgingGet(`/judging/${mine}`, who);
    expect(project.status).toBe(200);
    const html = await text(project);
    expect(html).toContain("Our abstract: an assistant that drafts permit letters.");
    for (const c of rubricCriteria) expect(html).toContain(`${c.name} (${rubricWeights[c.id]}%)`);
  });

  it("answers 404 to a signed-in non-judge and to a judge who stepped down; two-step sign-in off shows why", async () => {
    const visitor = await account("visitor");
    const team = await submittedProject("2026");
    expect((await judgingGet(`/judging/${team}`, visitor)).status).toBe(404);
    expect((await judgingPost(`/judging/${team}`, { intent: "save" }, visitor)).status).toBe(404);
    const gone = await judge("gone", "2026");
    await assignDirectly(team, gone.id);
    await env.DB.prepare("UPDATE judges SET left_at = '2026-03-24T00:00:00.000Z' WHERE user_id = ?")
      .bind(gone.id)
      .run();
    expect((await judgingGet(`/judging/${team}`, gone)).status).toBe(404);
    expect(await text(await judgingGet("/judging", gone))).toContain(judgingMessages.judgeLeft);
    expect(await text(await judgingGet("/", gone))).not.toContain('href="/judging"');
    const off = await judge("off", "2026");
    await assignDirectly(team, off.id);
    await env.DB.prepare("UPDATE user SET two_factor_enabled = 0 WHERE id = ?").bind(off.id).run();
    expect((await judgingGet(`/judging/${team}`, off)).status).toBe(404);
    expect(await text(await judgingGet("/judging", off))).toContain(judgingMessages.secondFactorOff);
    // Still a judge: the header keeps the way to /judging, which says what to turn back on.
    expect(await text(await judgingGet("/", off))).toContain('href="/judging"');
  });

  it("an assigned judge downloads the project's file; an unassigned one gets 404", async () => {
    const assigned = await judge("files", "2026");
    const unassigned = await judge("nofiles", "2026");
    const team = await submittedProject("2026");
    const fileId = await projectFile(team);
    await assignDirectly(team, assigned.id);
    const ok = await judgingGet(`/portal/files/${fileId}`, assigned);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toContain("attachment");
    expect((await ok.text()).startsWith("%PDF-")).toBe(true);
    expect((await judgingGet(`/portal/files/${fileId}`, unassigned)).status).toBe(404);
    expect(await text(await judgingGet(`/judging/${team}`, assigned))).toContain(`/portal/files/${fileId}`);
  });

  it("saves whole scores 1–10 with who and when, refuses anything else, and shows the saved total", async () => {
    const who = await judge("scores", "2026");
    const team = await submittedProject("2026");
    await assignDirectly(team, who.id);
    const scores = {
      "innovation-creativity": "8",
      "technical-proficiency": "7",
      "business-impact": "9",
      "ethical-ai": "6",
      presentation: "10",
    };
    const bad = await judgingPost(`/judging/${team}`, { intent: "save", ...scores, "ethical-ai": "11" }, who);
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain("Choose a whole number from 1 to 10.");
    const half = await judgingPost(`/judging/${team}`, { intent: "save", ...scores, presentation: "7.5" }, who);
    expect(half.status).toBe(400);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM judging_scores WHERE team_id = ?").bind(team).first("n"),
    ).toBe(0);
    const saved = await judgingPost(
      `/judging/${team}`,
      { intent: "save", ...scores, bogus: "10", privateNote: "Strong data story.", teamComment: "Great demo." },
      who,
    );
    expect(saved.status).toBe(303);
    const { results } = await env.DB.prepare(
      "SELECT criterion, score, updated_at, judge_user_id FROM judging_scores WHERE team_id = ?",
    )
      .bind(team)
      .all<{ criterion: string; score: number; updated_at: string; judge_user_id: string }>();
    expect(results).toHaveLength(5);
    expect(results.every((r) => r.judge_user_id === who.id && r.updated_at === "2026-03-25T18:00:00.000Z")).toBe(true);
    const page = await text(await judgingGet(`/judging/${team}`, who));
    // 8×2 + 7×2 + 9×3 + 6×1.5 + 10×1.5 = 81
    expect(page).toContain("Saved weighted total: 8.10 of 10");
    expect(page).toContain("Strong data story.");
    expect(await text(await judgingGet("/judging", who))).toContain("1 of 1 scored, 0 left");
  });

  it("accepts a write a minute before scores are final and refuses every write from that instant", async () => {
    const who = await judge("deadline", "2026");
    const team = await submittedProject("2026");
    await assignDirectly(team, who.id);
    const fields = {
      intent: "save",
      "innovation-creativity": "5",
      "technical-proficiency": "5",
      "business-impact": "5",
      "ethical-ai": "5",
      presentation: "5",
    };
    expect((await judgingPost(`/judging/${team}`, fields, who, MINUTE_BEFORE_FINAL)).status).toBe(303);
    const late = await judgingPost(`/judging/${team}`, { ...fields, presentation: "10" }, who, AT_FINAL);
    expect(late.status).toBe(403);
    expect(await text(late)).toContain("Scores were final Apr 2, 2026, 11:59 PM MT");
    const declare = await judgingPost(`/judging/${team}`, { intent: "declare", reason: "late" }, who, AT_FINAL);
    expect(declare.status).toBe(403);
    const score = await env.DB.prepare(
      "SELECT score FROM judging_scores WHERE team_id = ? AND criterion = 'presentation'",
    )
      .bind(team)
      .first("score");
    expect(score).toBe(5);
    expect(await text(await judgingGet(`/judging/${team}`, who, AT_FINAL))).not.toContain("Save scores");
  });
});

describe("the daily job and a judge's declaration", { timeout: 30_000 }, () => {
  it("assigns on the first day of judging if nobody ran it, once", async () => {
    const worker = await builtWorker();
    const judges = await Promise.all([1, 2, 3].map((n) => judge(`cron${n}`, "2026", { signedIn: false })));
    const team = await submittedProject("2026");
    const tick = async (at: string) => {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: new Date(at), cron: DATA_LIFECYCLE_CRON }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    };
    await tick("2026-03-20T09:17:00-06:00");
    expect(await openAssignments(team)).toHaveLength(0);
    await tick("2026-03-21T09:17:00-06:00");
    expect(await openAssignments(team)).toHaveLength(3);
    const runs = () =>
      env.DB.prepare("SELECT runs AS n FROM judging_assignment_runs WHERE edition_id = '2026'").first("n");
    expect(await runs()).toBe(1);
    await tick("2026-03-22T09:17:00-06:00");
    expect(await runs()).toBe(1);
    expect(judges).toHaveLength(3);
  });

  it("'I know this team' records the conflict, releases only that assignment and assigns a replacement", async () => {
    const a = await judge("decl-a", "2026");
    const [b, c, d] = await Promise.all([
      judge("decl-b", "2026", { signedIn: false }),
      judge("decl-c", "2026", { signedIn: false }),
      judge("decl-d", "2026", { signedIn: false }),
    ]);
    const team = await submittedProject("2026");
    for (const j of [a, b, c]) await assignDirectly(team, j.id);
    const before = await openAssignments(team);
    const declared = await judgingPost(
      `/judging/${team}`,
      { intent: "declare", reason: "My former colleague leads it" },
      a,
    );
    expect(declared.status).toBe(303);
    expect(declared.headers.get("location")).toBe("/judging");
    const conflict = await env.DB.prepare(
      "SELECT source, detail, created_by FROM judging_conflicts WHERE judge_user_id = ? AND team_id = ?",
    )
      .bind(a.id, team)
      .first<{ source: string; detail: string; created_by: string }>();
    expect(conflict).toEqual({
      source: "declared",
      detail: "declared by the judge: My former colleague leads it",
      created_by: a.id,
    });
    const after = await openAssignments(team);
    expect(after).toHaveLength(3);
    expect(after.map((x) => x.judgeUserId)).not.toContain(a.id);
    // B and C keep their very rows; one new judge joins.
    expect(
      after
        .filter((x) => before.some((y) => y.id === x.id))
        .map((x) => x.judgeUserId)
        .sort(),
    ).toEqual([b.id, c.id].sort());
    expect(d.id).toBeTruthy();
    const released = await env.DB.prepare(
      "SELECT released_by, released_reason FROM judging_assignments WHERE team_id = ? AND judge_user_id = ?",
    )
      .bind(team, a.id)
      .first();
    expect(released).toEqual({ released_by: a.id, released_reason: "conflict" });
    expect((await judgingGet(`/judging/${team}`, a)).status).toBe(404);
  });

  it("declaring again after an organizer dismissed the declaration makes the same row live again", async () => {
    const a = await judge("redecl-a", "2026");
    const [b, c] = await Promise.all([
      judge("redecl-b", "2026", { signedIn: false }),
      judge("redecl-c", "2026", { signedIn: false }),
    ]);
    const team = await submittedProject("2026");
    for (const j of [a, b, c]) await assignDirectly(team, j.id);
    const declaration = () =>
      env.DB.prepare(
        `SELECT id, detail, created_by, dismissed_at, dismissed_by, dismissed_reason FROM judging_conflicts
         WHERE judge_user_id = ? AND team_id = ? AND source = 'declared'`,
      )
        .bind(a.id, team)
        .all();
    expect((await judgingPost(`/judging/${team}`, { intent: "declare", reason: "First" }, a)).status).toBe(303);
    const [first] = (await declaration()).results as { id: number }[];
    // An organizer finds it is not one, and the judge is assigned the project again.
    await env.DB.prepare(
      "UPDATE judging_conflicts SET dismissed_at = '2026-03-25T19:00:00.000Z', dismissed_by = 'organizer:test', dismissed_reason = 'Not one' WHERE id = ?",
    )
      .bind(first!.id)
      .run();
    await assignDirectly(team, a.id);

    expect((await judgingPost(`/judging/${team}`, { intent: "declare", reason: "Second" }, a)).status).toBe(303);
    expect((await declaration()).results).toEqual([
      {
        id: first!.id,
        detail: "declared by the judge: Second",
        created_by: a.id,
        dismissed_at: null,
        dismissed_by: null,
        dismissed_reason: null,
      },
    ]);
    expect((await openAssignments(team)).map((x) => x.judgeUserId)).not.toContain(a.id);
  });
});

export { JUDGING };
