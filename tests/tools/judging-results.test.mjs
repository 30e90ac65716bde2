// Judging's results commands (issue 24) against a real local D1, run as an
// organizer runs them: judging-report (a client of the organizer API: against a
// real local server on the same database, with a viewer's token), publish-finalists, publish-awards.
// (appeals and decide-appeal are the organizer API's now: tests/tools/organize.test.mjs.)
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query } from "../../scripts/admin.mjs";
import { applyMigrations } from "./local-d1.mjs";

// Node 22 reads the TypeScript module as is (the admin CLI's hooks resolve its imports).
const { judgeSql, registrationSql, reviewSql, submittedTeamSql } = /** @type {typeof import("../judging-seed.ts")} */ (
  await import(new URL("../judging-seed.ts", import.meta.url).href)
);

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "judging-results-cli-"));
const target = { remote: false, stateDir };
const edition = "2026";

const BEFORE_ANNOUNCEMENT = "2026-04-03T08:59:00-06:00";
const ANNOUNCEMENT = "2026-04-03T09:00:00-06:00";
const BEFORE_FINALS = "2026-04-25T08:59:00-06:00";
const FINALS = "2026-04-25T09:00:00-06:00";

/** @param {string[]} args @param {string} [now] @param {Record<string, string>} [extra] */
function admin(args, now, extra = {}) {
  const env = { ...process.env, STATE_DIR: stateDir, ...extra };
  if (now) env.APP_NOW = now;
  else delete env.APP_NOW;
  return spawnSync("node", ["scripts/admin.mjs", ...args], { cwd: root, encoding: "utf8", env });
}

/** @param {string[]} statements */
function run(statements) {
  query(statements.join(";\n"), target);
}

/** @param {string} sql */
const count = (sql) => Number(query(sql, target)[0]?.n);

before(() => {
  applyMigrations(stateDir);
  const people = [
    ["u-ada", "ada@example.com", "Ada", "Lovelace", "Acme Analytics"],
    ["u-bob", "bob@example.com", "Bob", "Stone", null],
    ["u-cy", "cy@example.com", "Cy", "Young", "Boise Bakers"],
    ["u-dee", "dee@example.com", "Dee", "Ray", null],
    ["u-eve", "eve@example.com", "Eve", "Moss", null],
  ];
  run([
    ...people.map(
      ([id, email]) => `INSERT INTO user (id, name, email, email_verified) VALUES ('${id}', '', '${email}', 1)`,
    ),
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

after(() => rmSync(stateDir, { recursive: true, force: true }));

/** A port nobody listens on now. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return typeof address === "object" && address ? address.port : 0;
}

describe("judging-report", () => {
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let server;
  let base = "";
  // A viewer's API token, stored as the desk stores one (its SHA-256): the report is the viewer's to read.
  const token = `iac_org_${randomBytes(32).toString("base64url").slice(0, 43)}`;

  before(async () => {
    run([
      "INSERT INTO user (id, name, email, email_verified, two_factor_enabled) VALUES ('u-viv', '', 'viv.viewer@example.com', 1, 1)",
      "INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) VALUES ('u-viv', 'viewer', 'test', '2026-03-01T00:00:00.000Z')",
      `INSERT INTO organizer_tokens (id, user_id, name, token_hash, created_at) VALUES ('tok-viv', 'u-viv', 'CLI test', '${createHash("sha256").update(token).digest("hex")}', '2026-03-01T00:00:00.000Z')`,
    ]);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn("node", ["scripts/start.mjs"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), STATE_DIR: stateDir, SKIP_BUILD: "1", APP_NOW: ANNOUNCEMENT },
      stdio: "ignore",
      detached: true,
    });
    for (let attempt = 0; ; attempt++) {
      const health = await fetch(`${base}/api/health`)
        .then((r) => r.json())
        .catch(() => null);
      if (health?.service === "idaho-ai-challenge" && health.database?.migrationsApplied > 0) break;
      assert.ok(attempt < 240, "the local server did not start");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  after(() => {
    // The server and its workerd children are one process group.
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
  });

  test("refuses without a token", () => {
    const refused = admin(["judging-report"], ANNOUNCEMENT, { ORGANIZER_API_URL: base, ORGANIZER_API_TOKEN: "" });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /Set ORGANIZER_API_TOKEN/);
  });

  test("shows coverage (projects missing scores, judges behind) and the ranking; --out writes the CSV", () => {
    const out = join(stateDir, "report.csv");
    const report = admin(["judging-report", "--out", out], ANNOUNCEMENT, {
      ORGANIZER_API_URL: base,
      ORGANIZER_API_TOKEN: token,
    });
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
  test("is refused before the announcement time, whatever else is right", () => {
    const early = admin(["publish-finalists", "--top", "2", "--force"], BEFORE_ANNOUNCEMENT);
    assert.equal(early.status, 1);
    assert.match(early.stderr, /Refused: the 2026 Challenge's finalists are announced Apr 3, 2026, 9:00 AM MT/);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 0);
  });

  test("is refused while scores are missing, unless --force (with a warning)", () => {
    const refused = admin(["publish-finalists", "--top", "2"], ANNOUNCEMENT);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /scores are missing for 1 project\(s\): Sawtooth \(1 missing\)/);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 0);

    const forced = admin(["publish-finalists", "--top", "2", "--force", "--by", "Organizer Olu"], ANNOUNCEMENT);
    assert.equal(forced.status, 0, forced.stderr);
    assert.match(forced.stderr, /Warning: publishing with scores missing/);
    assert.match(forced.stdout, /2 new finalist\(s\), 3 new e-mail\(s\)/);
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
        published_at: "2026-04-03T15:00:00.000Z",
        published_by: "Organizer Olu",
      },
      // A participant working alone, without a team name, as they chose to be named.
      {
        award: "finalist",
        team_id: "t-two",
        place: 2,
        team_name: "Cy Y.",
        organization: "Boise Bakers",
        published_at: "2026-04-03T15:00:00.000Z",
        published_by: "Organizer Olu",
      },
    ]);
    const mail = query(
      "SELECT id, kind, recipient, status, payload FROM notifications WHERE kind = 'finalist-announced' ORDER BY recipient",
      target,
    );
    assert.deepEqual(
      mail.map((m) => [m.id, m.recipient, m.status]),
      [
        ["finalist-announced:2026:t-one:u-ada", "ada@example.com", "pending"],
        ["finalist-announced:2026:t-one:u-bob", "bob@example.com", "pending"],
        ["finalist-announced:2026:t-two:u-cy", "cy@example.com", "pending"],
      ],
    );
    assert.deepEqual(JSON.parse(String(mail[0]?.payload)), {
      editionName: "2026 Challenge",
      teamName: "Spud Squad",
      finals: "State Capital Finals, April 25, 2026 in Boise, Idaho",
      origin: "http://localhost:8787",
    });
    assert.equal(count("SELECT count(*) AS n FROM judging_events WHERE kind = 'finalists-published'"), 1);
    // Every member of a finalist team holds the finalist credential (issue 26).
    assert.match(forced.stdout, /3 new finalist or award credential\(s\) issued/);
    assert.deepEqual(
      query("SELECT user_id, achievement FROM credentials ORDER BY user_id", target).map((r) => [
        r.user_id,
        r.achievement,
      ]),
      [
        ["u-ada", "finalist"],
        ["u-bob", "finalist"],
        ["u-cy", "finalist"],
      ],
    );
  });

  test("a second run adds nothing and sends nothing twice; named ids add a finalist at its rank", () => {
    const again = admin(["publish-finalists", "--top", "2", "--force"], "2026-04-03T10:00:00-06:00");
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /already published: #1 Spud Squad/);
    assert.match(again.stdout, /0 new finalist\(s\), 0 new e-mail\(s\)/);
    assert.match(again.stdout, /0 new finalist or award credential\(s\) issued/);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 2);
    assert.equal(count("SELECT count(*) AS n FROM notifications WHERE kind = 'finalist-announced'"), 3);
    assert.equal(count("SELECT count(*) AS n FROM judging_events WHERE kind = 'finalists-published'"), 1);

    const unknown = admin(["publish-finalists", "t-nope", "--force"], ANNOUNCEMENT);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /not a submitted project of the 2026 Challenge: t-nope/);

    const named = admin(["publish-finalists", "t-four", "--force"], ANNOUNCEMENT);
    assert.equal(named.status, 0, named.stderr);
    assert.deepEqual(query("SELECT place, team_name FROM published_results WHERE team_id = 't-four'", target), [
      { place: 3, team_name: "Sawtooth" },
    ]);
    assert.equal(count("SELECT count(*) AS n FROM notifications WHERE kind = 'finalist-announced'"), 4);
  });

  test("names the finalists one way: --top N or ids, not both, not neither", () => {
    assert.equal(admin(["publish-finalists", "--force"], ANNOUNCEMENT).status, 1);
    assert.equal(admin(["publish-finalists", "--top", "2", "t-one", "--force"], ANNOUNCEMENT).status, 1);
    assert.equal(admin(["publish-finalists", "--top", "zero", "--force"], ANNOUNCEMENT).status, 1);
  });
});

describe("publish-awards", () => {
  test("is refused before the finals start, then records each award once", () => {
    const early = admin(["publish-awards", "grand-champion", "t-one"], BEFORE_FINALS);
    assert.equal(early.status, 1);
    assert.match(early.stderr, /Refused: awards are presented at the State Capital Finals/);

    assert.equal(admin(["publish-awards", "best-pie", "t-one"], FINALS).status, 1);
    assert.equal(admin(["publish-awards", "grand-champion"], FINALS).status, 1);
    assert.match(
      admin(["publish-awards", "grand-champion", "t-ghost"], FINALS).stderr,
      /not a team of the 2026 Challenge/,
    );

    const done = admin(
      ["publish-awards", "grand-champion", "t-one", "certified-innovators", "t-one", "certified-innovators", "t-two"],
      FINALS,
    );
    assert.equal(done.status, 0, done.stderr);
    assert.match(done.stdout, /3 new award result\(s\)/);
    const again = admin(["publish-awards", "grand-champion", "t-one"], FINALS);
    assert.match(again.stdout, /already published: grand-champion → t-one/);
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
    assert.equal(count("SELECT count(*) AS n FROM judging_events WHERE kind = 'awards-published'"), 1);
    // The award credentials: Spud Squad's two members for two awards, Cy for one.
    assert.equal(
      count("SELECT count(*) AS n FROM credentials WHERE achievement IN ('grand-champion', 'certified-innovators')"),
      5,
    );
  });
});
