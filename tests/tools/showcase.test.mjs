// The showcase's organizer commands and the seed script against a real local
// D1 (issues 25 and 33), run as an operator runs them: `npm run seed --
// projects`, then `votes-review`, `exclude-votes` and
// `publish-audience-choice` on a stuffing attempt (twenty new accounts from
// one /24 within a minute), as clients of the organizer API of one real local
// server whose clock is after the vote's close (the CLI sends none; the rules
// before the close are tested in tests/integration/organize-votes.test.ts).
// publish-audience-choice PROPOSES; a second director, signed in with a real
// authenticator code, confirms it on the desk.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { SEED_PASSWORD, seedPasswordHash } from "../../scripts/seed-projects.mjs";
import { query } from "./local-d1.mjs";
import { authApi, confirmPrintedProposal, cookies, startLocalServer, turnOnTwoStep } from "./local-server.mjs";
// Node 22 reads the TypeScript module as is.
const { organizerSql } = /** @type {typeof import("../judging-seed.ts")} */ (
  await import(new URL("../judging-seed.ts", import.meta.url).href)
);

const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "showcase-cli-"));
const target = { remote: false, stateDir };
const IN_SHOWCASE = "2026-03-29T22:00:00-06:00";
const AFTER_CLOSE = "2026-03-31T10:00:00-06:00";

/** @param {string} script @param {string[]} args @param {string} appNow */
function run(script, args, appNow = IN_SHOWCASE) {
  return spawnSync("node", [script, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir, APP_NOW: appNow, CI: "true" },
  });
}
// A coordinator's and a director's API tokens, stored hashed as /organize/tokens stores them.
const COORDINATOR_TOKEN = `iac_org_${"C".repeat(43)}`;
const DIRECTOR_TOKEN = `iac_org_${"D".repeat(43)}`;
const PASSWORD = "a good passphrase";
let base = "";
let stopServer = () => {};

/** `npm run admin -- …` against the local server with `token` (the CLI sends no time). @param {string[]} args @param {string} token */
function admin(args, token = COORDINATOR_TOKEN) {
  const env = { ...process.env, STATE_DIR: stateDir, ORGANIZER_API_URL: base, ORGANIZER_API_TOKEN: token, CI: "true" };
  delete env.APP_NOW;
  return spawnSync("node", ["scripts/admin.mjs", ...args], { cwd: root, encoding: "utf8", env });
}

/** The second director: signed up, two-step sign-in turned on with a real code (that session passed it). */
const confirmer = { email: "cam.confirm@example.com", session: "", secret: "" };

/** The proposal the CLI printed, confirmed on the desk by the second director. @param {string} stdout */
const confirm = (stdout) => confirmPrintedProposal(base, confirmer, stdout);

/** @param {string} sql */
const count = (sql) => Number(query(sql, target)[0]?.n);

before(() => {
  const seeded = run("scripts/seed-projects.mjs", ["projects", "--count", "3", "--no-files"]);
  assert.equal(seeded.status, 0, seeded.stderr);
  assert.match(seeded.stdout, /Edition 2026: 3 submitted project\(s\)/);
  assert.match(seeded.stdout, new RegExp(SEED_PASSWORD));
});

before(async () => {
  ({ base, stop: stopServer } = await startLocalServer({ stateDir, appNow: AFTER_CLOSE }));
  const hash = (/** @type {string} */ token) => createHash("sha256").update(token).digest("hex");
  query(
    [
      ...organizerSql({
        userId: "u-coco",
        email: "coco@example.com",
        role: "coordinator",
        tokenHash: hash(COORDINATOR_TOKEN),
      }),
      ...organizerSql({
        userId: "u-dora",
        email: "dora@example.com",
        role: "director",
        tokenHash: hash(DIRECTOR_TOKEN),
      }),
    ].join(";\n"),
    target,
  );
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

describe("npm run seed -- projects", () => {
  test("writes submitted, consenting projects with verified, enrolled accounts, once", async () => {
    assert.equal(
      count(
        "SELECT count(*) AS n FROM submissions WHERE status = 'submitted' AND public_consent = 1 AND slug IS NOT NULL",
      ),
      3,
    );
    assert.equal(count("SELECT count(*) AS n FROM submission_files"), 6);
    assert.equal(count("SELECT count(*) AS n FROM user WHERE email_verified = 0"), 0);
    assert.equal(
      count(
        "SELECT count(*) AS n FROM team_members m LEFT JOIN registrations r ON r.user_id = m.user_id AND r.status = 'paid' AND r.edition_id = '2026' WHERE r.id IS NULL",
      ),
      0,
    );
    // A company domain and webmail, for the judges' conflict checks.
    const domains = query("SELECT DISTINCT substr(email, instr(email, '@') + 1) AS d FROM user", target).map(
      (r) => r.d,
    );
    assert.ok(domains.includes("sawtooth-analytics.com") && domains.includes("snake-river-foods.com"), domains.join());
    const again = run("scripts/seed-projects.mjs", ["projects", "--count", "3", "--no-files"]);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(count("SELECT count(*) AS n FROM teams"), 3);
  });

  test("stores the development password as the site's hash, which the site's verifier accepts", async () => {
    const { verifyPassword } = await import("../../app/auth/password.server.ts");
    const stored = String(
      query("SELECT password FROM account WHERE user_id IN (SELECT user_id FROM team_members) LIMIT 1", target)[0]
        ?.password,
    );
    assert.equal(stored, seedPasswordHash());
    assert.equal(await verifyPassword(stored, SEED_PASSWORD), true);
    assert.equal(await verifyPassword(stored, "wrong password"), false);
  });
});

describe("reviewing, excluding and publishing the audience vote", () => {
  test("flags the stuffing attempt, records its exclusion with its audit row, and proposes the Audience Choice that a second director confirms", async () => {
    const teams = query("SELECT team_id, title FROM submissions ORDER BY team_id", target);
    const [stuffed, honest] = /** @type {{ team_id: string }[]} */ (teams);
    const rows = [];
    for (let i = 0; i < 20; i++) {
      const at = new Date(Date.parse("2026-03-29T21:00:00-06:00") + i * 2500).toISOString();
      rows.push(
        `('stuff-${i}', '2026', 'stuffer-${i}', '${stuffed?.team_id}', '198.51.100.${10 + i}', '198.51.100.0/24', '2026-03-29T20:59:00.000Z', 'example.net', '${at}', '${at}')`,
      );
    }
    for (let i = 0; i < 3; i++) {
      const at = new Date(Date.parse("2026-03-22T10:00:00-06:00") + i * 3_600_000).toISOString();
      rows.push(
        `('honest-${i}', '2026', 'honest-${i}', '${honest?.team_id}', '10.${40 + i}.0.1', '10.${40 + i}.0.0/24', '2026-01-10T00:00:00.000Z', 'gmail.com', '${at}', '${at}')`,
      );
    }
    query(
      `INSERT INTO showcase_votes (id, edition_id, user_id, team_id, client_ip, ip_prefix, account_created_at, email_domain, created_at, cast_at) VALUES ${rows.join(", ")}`,
      target,
    );

    const review = admin(["votes-review"]);
    assert.equal(review.status, 0, review.stderr);
    assert.match(review.stdout, /23 vote\(s\), 0 excluded/);
    assert.match(review.stdout, new RegExp(`burst:${stuffed?.team_id}@`));
    assert.match(review.stdout, /network:198\.51\.100\.0\/24\n {2}20 votes from the network/);
    assert.match(review.stdout, /new-account:showcase\n {2}20 votes from accounts created after the showcase opened/);
    assert.doesNotMatch(review.stdout, /burst:.*honest/);
    // Who voted is not the CLI's to print.
    assert.doesNotMatch(review.stdout, /stuffer-0|honest-0\b/);

    const noReason = admin(["exclude-votes", "--flag", "network:198.51.100.0/24"]);
    assert.equal(noReason.status, 2);
    assert.match(noReason.stderr, /usage/);
    const unknownFlag = admin(["exclude-votes", "--flag", "network:203.0.113.0/24", "--reason", "x"]);
    assert.equal(unknownFlag.status, 1);
    assert.match(unknownFlag.stderr, /There is no flag "network:203\.0\.113\.0\/24"/);
    const excluded = admin([
      "exclude-votes",
      "--flag",
      "network:198.51.100.0/24",
      "--reason",
      "Twenty new accounts from one subnet in a minute",
    ]);
    assert.equal(excluded.status, 0, excluded.stderr);
    assert.match(excluded.stdout, /20 votes excluded \(Many votes from one network\)/);
    assert.equal(
      count(
        "SELECT count(*) AS n FROM showcase_votes WHERE excluded_category = 'network' AND excluded_by = 'organizer:coco@example.com' AND excluded_reason = 'Twenty new accounts from one subnet in a minute' AND excluded_at = '2026-03-31T16:00:00.000Z'",
      ),
      20,
    );
    assert.deepEqual(
      query("SELECT actor_kind, actor_label, reason FROM events WHERE action = 'votes.exclude'", target),
      [
        {
          actor_kind: "token",
          actor_label: "coco@example.com",
          reason: "Twenty new accounts from one subnet in a minute",
        },
      ],
    );
    const byId = admin(["exclude-votes", "honest-2", "--reason", "The voter withdrew it", "--category", "other"]);
    assert.equal(byId.status, 0, byId.stderr);
    assert.match(byId.stdout, /1 vote excluded \(Other reason\)/);
    const again = admin(["exclude-votes", "honest-2", "--reason", "again", "--category", "other"]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /excluded already/);
    assert.match(admin(["votes-review"]).stdout, /20 of 20 excluded/);

    // A director's token proposes; nothing is written until a different director confirms on the desk.
    const proposed = admin(["publish-audience-choice"], DIRECTOR_TOKEN);
    assert.equal(proposed.status, 0, proposed.stderr);
    assert.match(
      proposed.stdout,
      /Proposed: Publish the Audience Choice of the 2026 Challenge: the ledger of 3 projects, won by "/,
    );
    assert.match(proposed.stdout, /A different director confirms it on the desk/);
    assert.equal(count("SELECT count(*) AS n FROM showcase_ledger"), 0);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 0);

    await confirm(proposed.stdout);
    const ledger = query(
      "SELECT team_id, votes_cast, votes_excluded, final_count, published_by FROM showcase_ledger ORDER BY final_count DESC, team_id",
      target,
    );
    assert.equal(ledger.length, 3);
    assert.deepEqual(
      ledger.find((r) => r.team_id === stuffed?.team_id),
      {
        team_id: stuffed?.team_id,
        votes_cast: 20,
        votes_excluded: '{"network":20}',
        final_count: 0,
        published_by: `organizer:${confirmer.email}`,
      },
    );
    assert.deepEqual(ledger[0], {
      team_id: honest?.team_id,
      votes_cast: 3,
      votes_excluded: '{"other":1}',
      final_count: 2,
      published_by: `organizer:${confirmer.email}`,
    });
    const results = query("SELECT award, team_id, place, published_by FROM published_results", target);
    assert.deepEqual(results, [
      { award: "audience-choice", team_id: honest?.team_id, place: 1, published_by: `organizer:${confirmer.email}` },
    ]);
    // Every verified member of the winning team holds the Audience Choice credential, signed when issued.
    const holders = query(
      "SELECT user_id, signed_json IS NOT NULL AS signed FROM credentials WHERE achievement = 'audience-choice' ORDER BY user_id",
      target,
    );
    const members = query(
      `SELECT user_id FROM team_members WHERE team_id = '${String(honest?.team_id)}' ORDER BY user_id`,
      target,
    );
    assert.ok(members.length > 0);
    assert.deepEqual(
      holders,
      members.map((r) => ({ user_id: r.user_id, signed: 1 })),
    );
    assert.equal(count("SELECT count(*) AS n FROM events WHERE action = 'votes.publish-audience-choice'"), 1);

    const twice = admin(["publish-audience-choice"], DIRECTOR_TOKEN);
    assert.equal(twice.status, 1);
    assert.match(twice.stderr, /The Audience Choice was published/);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 1);
  });
});
