/**
 * The third audit's findings that are not about credentials (issue 31,
 * ADR 017 "The audit's other findings"), each reproduced through the built
 * worker and real D1: a returning judge and last edition's project, a judge's
 * file downloads, control characters in what people type, `.data` responses'
 * cache rule, display-name changes, judging data in the account's download
 * and deletion, and an appeal without a submitted project. The daily jobs'
 * isolation and the judging retention rule are in daily-jobs.test.ts (they
 * purge a whole edition).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { formerAccount } from "~/content/events";
import { rubricCriteria } from "~/content/judging";
import { getDb } from "~/db/client.server";
import { historyOf } from "~/events/history.server";
import { saveReview } from "~/judging/judge.server";
import { PRIVATE_NO_STORE, PUBLIC_HTML_CACHE } from "../../workers/cache";
import {
  createConflict,
  createJudge,
  createJudgeInvitation,
  createPublishedResult,
  createReview,
  createScores,
  createSubmission,
  createTeam,
} from "./factories";
import { postAuthApi, uniqueEmail, uniqueIp } from "./auth-helpers";
import { decodeEntities } from "./html";
import {
  account,
  assignDirectly,
  invitation,
  judge,
  judgingGet,
  judgingPost,
  projectFile,
  submittedProject,
  JUDGING,
  type Account,
} from "./judging-helpers";
import { get, person, post, type Person } from "./portal-helpers";
import { fetchWithEnv } from "./worker";

const text = async (response: Response) => decodeEntities(await response.text());

/** The fixture edition's judging (Apr 17–29, 2027), a year after 2026's scores were final. */
const FIXTURE_JUDGING: Partial<Env> = { APP_NOW: "2027-04-20T12:00:00-06:00", APP_EDITION_FIXTURE: "1" };
const AT_2026_FINAL = { APP_NOW: "2026-04-03T00:00:00-06:00" };
/** After 2026's finalists were published (Apr 3, 9:00 AM MT), inside the appeal window. */
const APPEALS_OPEN = { APP_NOW: "2026-04-06T10:00:00-06:00" };

function getAt(path: string, who: Account | Person | null, clock: Partial<Env>, headers: Record<string, string> = {}) {
  return fetchWithEnv(path, clock, {
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    redirect: "manual",
  });
}

function postAt(path: string, fields: Record<string, string>, who: Account | Person, clock: Partial<Env>) {
  return fetchWithEnv(path, clock, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "cf-connecting-ip": uniqueIp(),
      cookie: who.cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** An existing judge accepts an invitation to another edition too. */
async function judgeAgain(who: Account, editionId: string) {
  const { id: invitationId } = await createJudgeInvitation({
    editionId,
    email: who.email,
    createdAt: "2027-03-01T00:00:00.000Z",
    expiresAt: "2027-04-30T00:00:00.000Z",
    acceptedAt: "2027-03-02T00:00:00.000Z",
    acceptedBy: who.id,
  });
  await createJudge({
    editionId,
    userId: who.id,
    name: "Returning Judge",
    invitationId,
    joinedAt: "2027-03-02T00:00:00.000Z",
  });
}

async function scoreDirectly(editionId: string, teamId: string, judgeUserId: string, score: number) {
  const keys = { editionId, teamId, judgeUserId, updatedAt: "2026-04-01T12:00:00.000Z" };
  await createScores({ ...keys, score });
  await createReview({ ...keys, privateNote: "FINAL-NOTE", teamComment: "FINAL-COMMENT" });
}

async function scoresOf(teamId: string) {
  const { results } = await env.DB.prepare(
    "SELECT judge_user_id AS judge, criterion, score FROM judging_scores WHERE team_id = ? ORDER BY judge_user_id, criterion",
  )
    .bind(teamId)
    .all<{ judge: string; criterion: string; score: number }>();
  return results;
}

const allScores = (score: string) => Object.fromEntries(rubricCriteria.map((c) => [c.id, score]));

describe("medium: a returning judge and a closed edition's scores", { timeout: 60_000 }, () => {
  it("a judge invited again next edition cannot open, score, note or declare on last edition's project", async () => {
    const returning = await judge("returning", "2026");
    await judgeAgain(returning, "fixture");
    const last = await submittedProject("2026");
    const lastFile = await projectFile(last, "2026");
    await assignDirectly(last, returning.id, "2026");
    await scoreDirectly("2026", last, returning.id, 9);
    const current = await submittedProject("fixture");
    await assignDirectly(current, returning.id, "fixture");
    const before = await scoresOf(last);

    // This edition's project is theirs to judge…
    expect((await getAt(`/judging/${current}`, returning, FIXTURE_JUDGING)).status).toBe(200);
    const queue = await text(await getAt("/judging", returning, FIXTURE_JUDGING));
    expect(queue).toContain(`/judging/${current}`);
    expect(queue).not.toContain(`/judging/${last}`);
    // …last edition's is not, read or write.
    expect((await getAt(`/judging/${last}`, returning, FIXTURE_JUDGING)).status).toBe(404);
    const save = await postAt(
      `/judging/${last}`,
      { intent: "save", ...allScores("1"), privateNote: "REWRITTEN", teamComment: "REWRITTEN" },
      returning,
      FIXTURE_JUDGING,
    );
    expect(save.status).toBe(404);
    const declare = await postAt(
      `/judging/${last}`,
      { intent: "declare", reason: "REWRITTEN" },
      returning,
      FIXTURE_JUDGING,
    );
    expect(declare.status).toBe(404);
    expect((await getAt(`/portal/files/${lastFile}`, returning, FIXTURE_JUDGING)).status).toBe(404);

    expect(await scoresOf(last)).toEqual(before);
    const review = await env.DB.prepare("SELECT private_note, team_comment FROM judging_reviews WHERE team_id = ?")
      .bind(last)
      .first();
    expect(review).toEqual({ private_note: "FINAL-NOTE", team_comment: "FINAL-COMMENT" });
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM judging_conflicts WHERE team_id = ?").bind(last).first("n"),
    ).toBe(0);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM judging_assignments WHERE team_id = ? AND released_at IS NULL")
        .bind(last)
        .first("n"),
    ).toBe(1);
  });

  it("the writer itself refuses a write after its edition's scores are final, whoever calls it", async () => {
    const who = await judge("writer", "2026", { signedIn: false });
    const team = await submittedProject("2026");
    await assignDirectly(team, who.id, "2026");
    await scoreDirectly("2026", team, who.id, 9);
    const answer = await saveReview(
      getDb(env),
      { judgeUserId: who.id, edition: edition2026, teamId: team, now: new Date("2027-04-20T18:00:00.000Z") },
      { scores: allScores("1"), privateNote: "late", teamComment: "late" },
    );
    expect(answer).toMatchObject({ ok: false, status: 403 });
    expect((await scoresOf(team)).every((row) => row.score === 9)).toBe(true);
  });
});

describe("low: a judge's file downloads follow the judging guard", { timeout: 60_000 }, () => {
  it("refuses a judge whose two-step sign-in is off, one who stepped down, and every judge once scores are final", async () => {
    const who = await judge("downloads", "2026");
    const team = await submittedProject("2026");
    const fileId = await projectFile(team);
    await assignDirectly(team, who.id);
    const download = (clock = JUDGING) => judgingGet(`/portal/files/${fileId}`, who, clock);
    expect((await download()).status).toBe(200);

    await env.DB.prepare("UPDATE user SET two_factor_enabled = 0 WHERE id = ?").bind(who.id).run();
    expect((await download()).status).toBe(404);
    await env.DB.prepare("UPDATE user SET two_factor_enabled = 1 WHERE id = ?").bind(who.id).run();
    expect((await download()).status).toBe(200);

    // From the instant scores are final the project is read-only, and its files are no longer the judge's.
    expect((await download({ APP_NOW: "2026-04-02T23:59:00-06:00" })).status).toBe(200);
    expect((await download(AT_2026_FINAL)).status).toBe(404);
    const page = await text(await judgingGet(`/judging/${team}`, who, AT_2026_FINAL));
    expect(page).not.toContain(`/portal/files/${fileId}`);
    expect(page).toContain("Files are no longer available to judges once scores are final.");

    await env.DB.prepare("UPDATE judges SET left_at = '2026-03-26T00:00:00.000Z' WHERE user_id = ?").bind(who.id).run();
    expect((await download()).status).toBe(404);
  });
});

describe("low: control characters never reach what is stored", { timeout: 60_000 }, () => {
  const ESC = "\u001b";
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const hostile = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it("a project's title and summary", async () => {
    const lead = await person("controls");
    const saved = await post(
      "/portal/submission",
      {
        intent: "public-face",
        title: `Snow${ESC}[2J Day\u202e Planner\u0007`,
        summary: `A planner\u009b31m that decides when to plow\u2066 the lot.`,
        track: "process-automation",
      },
      lead,
    );
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare(
      "SELECT s.title, s.summary FROM submissions s JOIN team_members m ON m.team_id = s.team_id WHERE m.user_id = ?",
    )
      .bind(lead.id)
      .first<{ title: string; summary: string }>();
    expect(row).toEqual({ title: "Snow[2J Day Planner", summary: "A planner31m that decides when to plow the lot." });
  });

  it("an appeal keeps its lines and loses its control sequences", async () => {
    const lead = await person("appeal-controls");
    await publishFinalist();
    await submittedTeam(lead, "appeal-controls");
    const body = `Our business-impact score${ESC}]0;pwned\u0007 misses the savings we measured.\nSee the reflection log, page 3.\r\nThank you.`;
    const filed = await post("/portal", { intent: "appeal", body }, lead, APPEALS_OPEN);
    expect(filed.status).toBe(303);
    const stored = await env.DB.prepare("SELECT body FROM judging_appeals WHERE submitted_by = ?")
      .bind(lead.id)
      .first<string>("body");
    expect(stored).toBe(
      "Our business-impact score]0;pwned misses the savings we measured.\nSee the reflection log, page 3.\nThank you.",
    );
  });

  it("a display name, from /account or from the sign-up API", async () => {
    const holder = await person("display-controls");
    const saved = await postAt(
      "/account",
      { intent: "display-name", displayName: `Jo${ESC}[31m Ramírez\u202e` },
      holder,
      {},
    );
    expect(saved.status).toBe(303);
    expect(await nameOf(holder.id)).toBe("Jo[31m Ramírez");

    const email = uniqueEmail("api-name");
    const signUp = await postAuthApi(
      "/sign-up/email",
      { email, password: "a good passphrase", name: `Mallory${ESC}[8m\u2067` },
      { ip: uniqueIp() },
    );
    expect(signUp.status).toBe(200);
    const row = await env.DB.prepare("SELECT name FROM user WHERE email = ?").bind(email).first<string>("name");
    expect(row).toBe("Mallory[8m");
  });

  it("a judge's name from an invitation", async () => {
    const who = await account("judge-name");
    const token = await invitation(who.email, { name: `Jordan${ESC}[2K\u0085 Judge` });
    const accepted = await judgingPost("/judging/invitation", { intent: "accept", token }, who);
    expect(accepted.status).toBe(303);
    const name = await env.DB.prepare("SELECT name FROM judges WHERE user_id = ?").bind(who.id).first<string>("name");
    expect(name).toBe("Jordan[2K Judge");
    expect(hostile.test(name ?? "")).toBe(false);
  });
});

describe("low: single-fetch data follows the page's cache rule", { timeout: 60_000 }, () => {
  it("a signed-in visitor's .data answer is private and never stored; a visitor's is cached like the page", async () => {
    const visitor = await person("data-cache");
    const signedIn = await getAt("/about.data", visitor, {});
    const body = await signedIn.text();
    expect(signedIn.status).toBe(200);
    expect(body).toContain(visitor.email);
    expect(signedIn.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
    expect(signedIn.headers.get("vary")).toMatch(/cookie/i);

    const anonymous = await getAt("/about.data", null, {});
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get("cache-control")).toBe(PUBLIC_HTML_CACHE);
    const page = await getAt("/about", null, {});
    await page.arrayBuffer();
    expect(anonymous.headers.get("cache-control")).toBe(page.headers.get("cache-control"));
  });
});

describe("informational: display-name changes are limited", { timeout: 60_000 }, () => {
  it("takes five changes in 30 days, then says when the next one is possible; the same name again is no change", async () => {
    const holder = await person("display-limit");
    const day1 = { APP_NOW: "2026-05-01T12:00:00-06:00" };
    for (const name of ["Jo", "Jo R.", "Jo Ramírez", "Dr. Jo Ramírez", "Jo Ramirez"]) {
      expect((await postAt("/account", { intent: "display-name", displayName: name }, holder, day1)).status).toBe(303);
    }
    // Saving the name it already has changes nothing, and costs nothing.
    expect((await postAt("/account", { intent: "display-name", displayName: "Jo Ramirez" }, holder, day1)).status).toBe(
      303,
    );
    const refused = await postAt("/account", { intent: "display-name", displayName: "Someone Else" }, holder, day1);
    expect(refused.status).toBe(429);
    expect(await text(refused)).toContain(
      "You can change your display name 5 times in 30 days. You can change it again from May 31, 2026, 12:00 PM MT.",
    );
    expect(await nameOf(holder.id)).toBe("Jo Ramirez");

    const laterOn = { APP_NOW: "2026-05-31T12:01:00-06:00" };
    expect(
      (await postAt("/account", { intent: "display-name", displayName: "Someone Else" }, holder, laterOn)).status,
    ).toBe(303);
    expect(await nameOf(holder.id)).toBe("Someone Else");
  });

  it("the display name cannot be changed around the limit through better-auth's update-user", async () => {
    const holder = await person("display-api");
    const changed = await postAuthApi(
      "/update-user",
      { name: "Not Through Here" },
      {
        ip: uniqueIp(),
        cookie: holder.cookie,
      },
    );
    expect(changed.status).toBe(404);
    expect(await nameOf(holder.id)).not.toBe("Not Through Here");
  });
});

describe("informational: a judge's data in the account's download and its deletion", { timeout: 60_000 }, () => {
  it("the download lists the judge's roles, invitations, assignments, scores, notes, comments and conflicts", async () => {
    const { who, team, other, declined } = await judgeWithRecords("export");
    const response = await fetchWithEnv("/account/data.json", JUDGING, { headers: { cookie: who.cookie } });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { judging: Record<string, Record<string, unknown>[]> };
    expect(data.judging.judgeRoles).toEqual([expect.objectContaining({ edition: "2026", name: "Judge export" })]);
    expect(data.judging.invitations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ edition: "2026", acceptedAt: "2026-03-02T00:00:00.000Z" }),
        expect.objectContaining({ edition: "fixture", email: who.email, acceptedAt: null }),
      ]),
    );
    expect(data.judging.assignments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ edition: "2026", teamId: team }),
        expect.objectContaining({ edition: "2026", teamId: other }),
      ]),
    );
    expect(data.judging.scores).toHaveLength(rubricCriteria.length + 2);
    expect(data.judging.reviews).toEqual([
      expect.objectContaining({ teamId: team, privateNote: "FINAL-NOTE", teamComment: "FINAL-COMMENT" }),
    ]);
    expect(data.judging.conflicts).toEqual([expect.objectContaining({ teamId: declined, source: "declared" })]);
  });

  it("deleting the account removes the judge's name, invitations, notes and conflicts; scores and comments stay, under no name", async () => {
    const { who, team, other, declined } = await judgeWithRecords("deleted");
    const deleted = await postAt(
      "/account",
      { intent: "delete-account", password: "a good passphrase", confirm: "yes" },
      who,
      JUDGING,
    );
    expect(deleted.status).toBe(303);

    const count = async (sql: string, ...params: string[]) =>
      env.DB.prepare(sql)
        .bind(...params)
        .first<number>("n");
    expect(await count("SELECT count(*) AS n FROM judges WHERE user_id = ?", who.id)).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM judge_invitations WHERE email = ? OR accepted_by = ?", who.email, who.id),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM judging_conflicts WHERE judge_user_id = ?", who.id)).toBe(0);
    // The event log is never rewritten: the judge's own rows name no address, and read as a former judge's.
    const address = `%${who.email}%`;
    expect(
      await count(
        "SELECT count(*) AS n FROM events WHERE actor_label LIKE ? OR summary LIKE ? OR targets LIKE ? OR payload LIKE ?",
        address,
        address,
        address,
        address,
      ),
    ).toBe(0);
    const declaredHistory = await historyOf(getDb(env), { teamId: declined }, { limit: 10 });
    expect(declaredHistory).toEqual([
      expect.objectContaining({ action: "judging.conflict-declared", actorEmail: null, who: formerAccount.judge }),
    ]);
    for (const table of ["judging_assignments", "judging_scores", "judging_reviews"]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE judge_user_id = ?`, who.id)).toBe(0);
    }

    // The complete scores stay in the published record, under a pseudonym with no name.
    const kept = await scoresOf(team);
    expect(kept).toHaveLength(rubricCriteria.length);
    const pseudonym = kept[0]!.judge;
    expect(pseudonym).toMatch(/^deleted:/);
    expect(kept.every((row) => row.judge === pseudonym && row.score === 9)).toBe(true);
    expect(
      await env.DB.prepare("SELECT name, left_at IS NOT NULL AS left FROM judges WHERE user_id = ?")
        .bind(pseudonym)
        .first(),
    ).toEqual({ name: "Former judge", left: 1 });
    expect(
      await env.DB.prepare("SELECT private_note, team_comment FROM judging_reviews WHERE judge_user_id = ?")
        .bind(pseudonym)
        .first(),
    ).toEqual({ private_note: null, team_comment: "FINAL-COMMENT" });
    expect(
      await count(
        "SELECT count(*) AS n FROM judging_assignments WHERE judge_user_id = ? AND team_id = ? AND released_at IS NULL",
        pseudonym,
        team,
      ),
    ).toBe(1);
    // The project the judge had not finished goes to another judge, as when a judge steps down.
    expect(
      await env.DB.prepare("SELECT released_reason FROM judging_assignments WHERE judge_user_id = ? AND team_id = ?")
        .bind(pseudonym, other)
        .first("released_reason"),
    ).toBe("judge-left");
    expect(
      await count(
        "SELECT count(*) AS n FROM judging_assignments WHERE team_id = ? AND released_at IS NULL AND judge_user_id NOT LIKE 'deleted:%'",
        other,
      ),
    ).toBeGreaterThan(0);
  });
});

describe("informational: an appeal needs a submitted project", { timeout: 60_000 }, () => {
  it("refuses a team whose project was never submitted", async () => {
    const lead = await person("draft-appeal");
    await publishFinalist();
    await submittedTeam(lead, "draft-appeal", "draft");
    const body =
      "We never submitted, but we would like to appeal the results all the same, for the record and for fairness.";
    // The page offers no appeal form, and says why…
    const page = await text(await get("/portal", lead, APPEALS_OPEN));
    expect(page).toContain("Only a submitted project can be appealed.");
    expect(page).not.toContain('name="body"');
    // …and the server refuses one all the same.
    const refused = await post("/portal", { intent: "appeal", body }, lead, APPEALS_OPEN);
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain("Only a submitted project can be appealed.");
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM judging_appeals WHERE submitted_by = ?").bind(lead.id).first("n"),
    ).toBe(0);
  });
});

async function nameOf(userId: string) {
  return env.DB.prepare("SELECT name FROM user WHERE id = ?").bind(userId).first<string>("name");
}

/** 2026's finalists, published Apr 3, 9:00 AM MT (once per file). */
let published = false;
async function publishFinalist() {
  if (published) return;
  published = true;
  await createPublishedResult({ teamId: "someone-else", teamName: "Someone Else" });
}

/** The person's team of 2026 with a project in the given state. */
async function submittedTeam(lead: Person, name: string, status: "submitted" | "draft" = "submitted") {
  const { id: teamId } = await createTeam({ name: `Team ${name}`, members: [lead.id] });
  await createSubmission({
    teamId,
    prototypeUrl: null,
    abstract: "An abstract.",
    videoUrl: null,
    videoConfirmed: false,
    aiUseLog: null,
    status,
    updatedBy: lead.id,
  });
  return teamId;
}

/**
 * A judge of 2026 with one complete score set (note and comment), one project
 * half scored, a declared conflict, an event naming their address, and an
 * open invitation to the next edition; two other judges, one of them free for
 * the half-scored project, and the assignment already run.
 */
async function judgeWithRecords(tag: string) {
  const who = await judge(tag, "2026");
  const replacement = await judge(`${tag}-replacement`, "2026", { signedIn: false });
  const team = await submittedProject("2026");
  const other = await submittedProject("2026");
  const declined = await submittedProject("2026");
  await assignDirectly(team, who.id);
  await assignDirectly(other, who.id);
  await scoreDirectly("2026", team, who.id, 9);
  await createScores({
    teamId: other,
    judgeUserId: who.id,
    criteria: rubricCriteria.slice(0, 2).map((c) => c.id),
    score: 6,
    updatedAt: "2026-03-25T12:00:00.000Z",
  });
  await createConflict({
    judgeUserId: who.id,
    teamId: declined,
    source: "declared",
    detail: "declared by the judge: my neighbour",
    createdAt: "2026-03-22T00:00:00.000Z",
    createdBy: who.id,
  });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO events (created_at, actor_kind, actor_user_id, actor_label, actor_role, action, summary, targets, edition_id, team_id, payload) VALUES ('2026-03-22T00:00:00.000Z', 'account', ?, 'judge', 'judge', 'judging.conflict-declared', 'Declared a conflict of interest with a team', '{}', '2026', ?, ?)",
    ).bind(who.id, declined, JSON.stringify({ teamId: declined })),
    env.DB.prepare(
      "INSERT INTO judging_assignment_runs (edition_id, first_run_at, last_run_at) VALUES ('2026', '2026-03-21T08:00:00.000Z', '2026-03-21T08:00:00.000Z') ON CONFLICT DO NOTHING",
    ),
  ]);
  await invitation(who.email, { editionId: "fixture", expiresAt: "2027-04-30T00:00:00.000Z" });
  return { who, team, other, declined, replacement };
}
