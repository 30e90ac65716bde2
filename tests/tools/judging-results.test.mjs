// Judging's results commands (issue 24) against a real local D1, run as an
// organizer runs them, all clients of the organizer API (issue 32, ADR 018),
// against one real local server: judging-report with a viewer's token (the
// report is the viewer's to read), then publish-finalists and
// publish-awards, for which a director's token
// PROPOSES each publication and the CLI prints its preview; nothing is
// written until a second director, signed in with a real authenticator
// code, confirms it on the desk. The server's clock is after the finals'
// start (the CLI sends none); the phase rules are tested in
// tests/integration/organize-results.test.ts.
// (appeals and decide-appeal: tests/tools/organize.test.mjs.)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query } from "./local-d1.mjs";
import { migratedState } from "../migrated-state.mjs";
import { authApi, confirmPrintedProposal, cookies, startLocalServer, turnOnTwoStep } from "./local-server.mjs";

// Node 22 reads the TypeScript module as is (the admin CLI's hooks resolve its imports).
const { judgeSql, organizerSql, registrationSql, reviewSql, submittedTeamSql, userSql } =
  /** @type {typeof import("../judging-seed.ts")} */ (
    await import(new URL("../judging-seed.ts", import.meta.url).href)
  );

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "judging-results-cli-"));
const target = { remote: false, stateDir };
const edition = "2026";

const ANNOUNCEMENT = "2026-04-03T09:00:00-06:00";
// The server's clock: after the finals' start, so both publications are open.
const SERVER_NOW = "2026-04-25T10:00:00-06:00";
const PASSWORD = "a good passphrase";
// The proposing director's API token, stored hashed as the desk stores one.
const TOKEN = `iac_org_${"A".repeat(43)}`;

let base = "";
let stopServer = () => {};

/** @param {string[]} args @param {string} [now] @param {Record<string, string>} [extra] */
function admin(args, now, extra = {}) {
  const env = { ...process.env, STATE_DIR: stateDir, ORGANIZER_API_URL: base, ORGANIZER_API_TOKEN: TOKEN, ...extra };
  if (now) env.APP_NOW = now;
  else delete env.APP_NOW;
  return spawnSync("node", ["scripts/admin.mjs", ...args], { cwd: root, encoding: "utf8", env });
}

/** The second director: signed up, two-step sign-in turned on with a real code (that session passed it). */
const confirmer = { email: "cam.confirm@example.com", session: "", secret: "" };

/** The proposal the CLI printed, confirmed on the desk by the second director. @param {string} stdout */
const confirm = (stdout) => confirmPrintedProposal(base, confirmer, stdout);

/** @param {string[]} statements */
function run(statements) {
  query(statements.join(";\n"), target);
}

/** @param {string} sql */
const count = (sql) => Number(query(sql, target)[0]?.n);

before(() => {
  migratedState(stateDir);
  const people = [
    ["u-ada", "ada@example.com", "Ada", "Lovelace", "Acme Analytics"],
    ["u-bob", "bob@example.com", "Bob", "Stone", null],
    ["u-cy", "cy@example.com", "Cy", "Young", "Boise Bakers"],
    ["u-dee", "dee@example.com", "Dee", "Ray", null],
    ["u-eve", "eve@example.com", "Eve", "Moss", null],
  ];
  run([
    ...people.map(([id, email]) => userSql({ id, email })),
    ...people.map(([userId, email, first, last, company]) =>
      registrationSql({
        editionId: edition,
        userId: String(userId),
        email: String(email),
        first: String(first),
        last: String(last),
        company,
      }),
    ),
    ...judgeSql({ editionId: edition, userId: "j-harsh", name: "Hana Harsh" }),
    ...judgeSql({ editionId: edition, userId: "j-kind", name: "Kip Kind" }),
    ...judgeSql({ editionId: edition, userId: "j-late", name: "Lou Late" }),
    ...submittedTeamSql({ editionId: edition, teamId: "t-one", name: "Spud Squad", members: ["u-ada", "u-bob"] }),
    ...submittedTeamSql({ editionId: edition, teamId: "t-two", name: null, members: ["u-cy"] }),
    ...submittedTeamSql({ editionId: edition, teamId: "t-three", name: "Trout Tech", members: ["u-dee"] }),
    ...submittedTeamSql({ editionId: edition, teamId: "t-four", name: "Sawtooth", members: ["u-eve"] }),
    // How each member chose to be shown (issue 31): Ada by name but not her
    // employer, Bob never chose (no name, no organization), Cy (alone, no team
    // name) by initial with his organization, Eve (alone) by her team's name only.
    ...[
      ["t-one", "u-ada", "full", 0],
      ["t-two", "u-cy", "initial", 1],
      ["t-four", "u-eve", "team", 0],
    ].map(
      ([team, user, display, showOrganization]) =>
        `INSERT INTO showcase_member_display (team_id, user_id, name_display, show_organization, updated_at) VALUES ('${team}', '${user}', '${display}', ${showOrganization}, '2026-03-01T00:00:00.000Z')`,
    ),
    // Three judges per project; Lou has not scored Sawtooth yet.
    ...reviewSql({ editionId: edition, teamId: "t-one", judgeId: "j-harsh", scores: 6 }),
    ...reviewSql({ editionId: edition, teamId: "t-one", judgeId: "j-kind", scores: 9 }),
    ...reviewSql({ editionId: edition, teamId: "t-one", judgeId: "j-late", scores: 8 }),
    ...reviewSql({ editionId: edition, teamId: "t-two", judgeId: "j-harsh", scores: 5 }),
    ...reviewSql({ editionId: edition, teamId: "t-two", judgeId: "j-kind", scores: 9 }),
    ...reviewSql({ editionId: edition, teamId: "t-two", judgeId: "j-late", scores: 7 }),
    ...reviewSql({ editionId: edition, teamId: "t-three", judgeId: "j-harsh", scores: 3 }),
    ...reviewSql({ editionId: edition, teamId: "t-three", judgeId: "j-kind", scores: 7 }),
    ...reviewSql({ editionId: edition, teamId: "t-three", judgeId: "j-late", scores: 5 }),
    ...reviewSql({ editionId: edition, teamId: "t-four", judgeId: "j-harsh", scores: 4 }),
    ...reviewSql({ editionId: edition, teamId: "t-four", judgeId: "j-kind", scores: 8 }),
    ...reviewSql({ editionId: edition, teamId: "t-four", judgeId: "j-late" }),
  ]);
});

before(async () => {
  ({ base, stop: stopServer } = await startLocalServer({ stateDir, appNow: SERVER_NOW }));
  // The proposer: a director with an API token (as /organize/tokens stores one).
  run([
    ...organizerSql({
      userId: "u-olu",
      email: "olu@example.com",
      name: "Olu",
      role: "director",
      tokenHash: createHash("sha256").update(TOKEN).digest("hex"),
    }),
  ]);
  const signUp = await authApi(base, "/sign-up/email", { email: confirmer.email, password: PASSWORD, name: "" });
  const cookie = cookies(signUp);
  query(`UPDATE "user" SET email_verified = 1 WHERE email = '${confirmer.email}'`, target);
  ({ secret: confirmer.secret, session: confirmer.session } = await turnOnTwoStep(base, cookie, PASSWORD));
  query(
    `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, 'director', 'test', '2026-03-01T00:00:00.000Z' FROM "user" WHERE email = '${confirmer.email}'`,
    target,
  );
});

after(() => {
  stopServer();
  rmSync(stateDir, { recursive: true, force: true });
});

describe("judging-report", () => {
  // A viewer's API token, stored as the desk stores one (its SHA-256).
  const viewerToken = `iac_org_${randomBytes(32).toString("base64url").slice(0, 43)}`;

  before(() => {
    run([
      ...organizerSql({
        userId: "u-viv",
        email: "viv.viewer@example.com",
        role: "viewer",
        tokenName: "CLI test",
        tokenHash: createHash("sha256").update(viewerToken).digest("hex"),
      }),
    ]);
  });

  test("refuses without a token", () => {
    const refused = admin(["judging-report"], ANNOUNCEMENT, { ORGANIZER_API_TOKEN: "" });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /Set ORGANIZER_API_TOKEN/);
  });

  test("shows coverage (projects missing scores, judges behind) and the ranking; --out writes the CSV", () => {
    const out = join(stateDir, "report.csv");
    const report = admin(["judging-report", "--out", out], ANNOUNCEMENT, { ORGANIZER_API_TOKEN: viewerToken });
    assert.equal(report.status, 0, report.stderr);
    assert.match(report.stdout, /4 submitted project\(s\)/);
    assert.match(
      report.stdout,
      /1 project\(s\) missing complete score sets:\n {2}Sawtooth \(t-four\): 1 missing — 2 complete, 3 assigned/,
    );
    assert.match(report.stdout, /Judges behind: 1\n {2}Lou Late: 3 of 4 complete/);
    // Fewer than 5 sets each: nobody is rescaled, raw totals stand.
    assert.match(report.stdout, /Not rescaled \(raw totals kept\): .*Hana Harsh \(4 set\(s\)\)/);
    const ranking = report.stdout.split("Ranking")[1] ?? "";
    const order = ["Spud Squad", "Cy Young", "Sawtooth", "Trout Tech"].map((name) => ranking.indexOf(name));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
      ranking,
    );
    const csv = readFileSync(out, "utf8").split("\r\n");
    assert.match(
      csv[0] ?? "",
      /^"rank","team_id","team","judges_assigned","judges_complete","sets_missing","normalized_total","raw_total"/,
    );
    // Spud Squad: (6 + 9 + 8) / 3.
    assert.match(csv[1] ?? "", /^"1","t-one","Spud Squad","3","3","0","7.6667","7.6667"/);
    assert.match(csv[3] ?? "", /^"3","t-four","Sawtooth","3","2","1","6","6"/);
  });
});

describe("publish-finalists", () => {
  test("is refused while scores are missing, unless --force; it proposes and prints the preview; nothing is written before a second director confirms", async () => {
    const refused = admin(["publish-finalists", "--top", "2"]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /Scores are missing for 1 project\(s\): Sawtooth \(1 missing\)/);

    const proposed = admin(["publish-finalists", "--top", "2", "--force"]);
    assert.equal(proposed.status, 0, proposed.stderr);
    assert.match(
      proposed.stdout,
      /Proposed: Publish 2 finalist\(s\) of the 2026 Challenge, send 3 e-mail\(s\) and issue 3 credential\(s\)/,
    );
    // The rows the site will show, each team named as its members chose.
    assert.match(proposed.stdout, /Finalist\s+1\s+Spud Squad\s+—\s+—\s+t-one\s+new/);
    assert.match(proposed.stdout, /Finalist\s+2\s+Cy Y\.\s+Boise Bakers\s+—\s+t-two\s+new/);
    assert.match(proposed.stdout, /Published with scores missing for 1 project\(s\): Sawtooth/);
    assert.match(proposed.stdout, /bob@example\.com/);
    assert.match(proposed.stdout, /A different director confirms it on the desk/);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 0);
    assert.equal(count("SELECT count(*) AS n FROM notifications WHERE kind = 'finalist-announced'"), 0);
    assert.equal(count("SELECT count(*) AS n FROM credentials"), 0);

    await confirm(proposed.stdout);
    const rows = query(
      "SELECT award, team_id, place, team_name, organization, published_at, published_by FROM published_results ORDER BY place",
      target,
    );
    assert.deepEqual(rows, [
      {
        award: "finalist",
        team_id: "t-one",
        place: 1,
        team_name: "Spud Squad",
        // Ada hid her employer; Bob never chose to show one.
        organization: null,
        published_at: "2026-04-25T16:00:00.000Z",
        published_by: `organizer:${confirmer.email}`,
      },
      // A participant working alone, without a team name, as they chose to be named.
      {
        award: "finalist",
        team_id: "t-two",
        place: 2,
        team_name: "Cy Y.",
        organization: "Boise Bakers",
        published_at: "2026-04-25T16:00:00.000Z",
        published_by: `organizer:${confirmer.email}`,
      },
    ]);
    const mail = query(
      "SELECT id, kind, recipient, payload FROM notifications WHERE kind = 'finalist-announced' ORDER BY recipient",
      target,
    );
    assert.deepEqual(
      mail.map((m) => [m.id, m.recipient]),
      [
        ["finalist-announced:2026:t-one:u-ada", "ada@example.com"],
        ["finalist-announced:2026:t-one:u-bob", "bob@example.com"],
        ["finalist-announced:2026:t-two:u-cy", "cy@example.com"],
      ],
    );
    assert.deepEqual(JSON.parse(String(mail[0]?.payload)), {
      editionName: "2026 Challenge",
      teamName: "Spud Squad",
      finals: "State Capital Finals, April 25, 2026 in Boise, Idaho",
      origin: base,
    });
    assert.equal(count("SELECT count(*) AS n FROM events WHERE action = 'results.publish-finalists'"), 1);
    // Every member of a finalist team holds the finalist credential, signed when issued (issue 26, issue 32).
    assert.deepEqual(
      query(
        "SELECT user_id, achievement, signed_json IS NOT NULL AS signed FROM credentials ORDER BY user_id",
        target,
      ).map((r) => [r.user_id, r.achievement, r.signed]),
      [
        ["u-ada", "finalist", 1],
        ["u-bob", "finalist", 1],
        ["u-cy", "finalist", 1],
      ],
    );
  });

  test("proposing the same again is refused (nothing new); named ids add a finalist at its rank", async () => {
    const again = admin(["publish-finalists", "--top", "2", "--force"]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /Nothing new to publish/);

    const unknown = admin(["publish-finalists", "t-nope", "--force"]);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /Not a submitted project of the 2026 Challenge: t-nope/);

    const named = admin(["publish-finalists", "t-four", "--force"]);
    assert.equal(named.status, 0, named.stderr);
    await confirm(named.stdout);
    assert.deepEqual(query("SELECT place, team_name FROM published_results WHERE team_id = 't-four'", target), [
      { place: 3, team_name: "Sawtooth" },
    ]);
    assert.equal(count("SELECT count(*) AS n FROM notifications WHERE kind = 'finalist-announced'"), 4);
  });

  test("names the finalists one way: --top N or ids, not both, not neither", () => {
    assert.equal(admin(["publish-finalists", "--force"]).status, 2);
    assert.equal(admin(["publish-finalists", "--top", "2", "t-one", "--force"]).status, 2);
    assert.equal(admin(["publish-finalists", "--top", "zero", "--force"]).status, 2);
  });
});

describe("publish-awards", () => {
  test("checks its pairs, proposes, and once confirmed records each award once with its credentials", async () => {
    assert.equal(admin(["publish-awards", "best-pie", "t-one"]).status, 2);
    assert.equal(admin(["publish-awards", "grand-champion"]).status, 2);
    assert.match(admin(["publish-awards", "grand-champion", "t-ghost"]).stderr, /Not a team of the 2026 Challenge/);

    const proposed = admin([
      "publish-awards",
      "grand-champion",
      "t-one",
      "certified-innovators",
      "t-one",
      "certified-innovators",
      "t-two",
    ]);
    assert.equal(proposed.status, 0, proposed.stderr);
    assert.match(
      proposed.stdout,
      /Publish 3 award result\(s\) of the 2026 Challenge, send 0 e-mail\(s\) and issue 5 credential\(s\)/,
    );
    await confirm(proposed.stdout);
    const again = admin(["publish-awards", "grand-champion", "t-one"]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /Nothing new to publish/);
    assert.deepEqual(
      query(
        "SELECT award, place, team_name FROM published_results WHERE award != 'finalist' ORDER BY award, place",
        target,
      ),
      [
        { award: "certified-innovators", place: 1, team_name: "Spud Squad" },
        { award: "certified-innovators", place: 2, team_name: "Cy Y." },
        { award: "grand-champion", place: 1, team_name: "Spud Squad" },
      ],
    );
    assert.equal(count("SELECT count(*) AS n FROM events WHERE action = 'results.publish-awards'"), 1);
    // The award credentials, signed: Spud Squad's two members for two awards, Cy for one.
    assert.equal(
      count(
        "SELECT count(*) AS n FROM credentials WHERE achievement IN ('grand-champion', 'certified-innovators') AND signed_json IS NOT NULL",
      ),
      5,
    );
  });
});
