// The showcase's organizer commands and the seed script against a real local
// D1 (issue 25), run as an operator runs them: `npm run seed -- projects`,
// then `votes-review`, `exclude-votes` and `publish-audience-choice` on a
// stuffing attempt (twenty new accounts from one /24 within a minute).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { query } from "../../scripts/admin.mjs";
import { SEED_PASSWORD, seedPasswordHash } from "../../scripts/seed-projects.mjs";

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
const admin = (/** @type {string[]} */ args, appNow = IN_SHOWCASE) => run("scripts/admin.mjs", args, appNow);

/** @param {string} sql */
const count = (sql) => Number(query(sql, target)[0]?.n);

before(() => {
  const seeded = run("scripts/seed-projects.mjs", ["projects", "--count", "3", "--no-files"]);
  assert.equal(seeded.status, 0, seeded.stderr);
  assert.match(seeded.stdout, /Edition 2026: 3 submitted project\(s\)/);
  assert.match(seeded.stdout, new RegExp(SEED_PASSWORD));
});

after(() => rmSync(stateDir, { recursive: true, force: true }));

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
    const stored = String(query("SELECT password FROM account LIMIT 1", target)[0]?.password);
    assert.equal(stored, seedPasswordHash());
    assert.equal(await verifyPassword(stored, SEED_PASSWORD), true);
    assert.equal(await verifyPassword(stored, "wrong password"), false);
  });
});

describe("reviewing, excluding and publishing the audience vote", () => {
  test("flags the stuffing attempt, records its exclusion, and publishes the winner and the ledger after the close", () => {
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

    const noReason = admin(["exclude-votes", "--flag", "network:198.51.100.0/24"]);
    assert.equal(noReason.status, 2);
    const excluded = admin([
      "exclude-votes",
      "--flag",
      "network:198.51.100.0/24",
      "--reason",
      "Twenty new accounts from one subnet in a minute",
      "--by",
      "casey",
    ]);
    assert.equal(excluded.status, 0, excluded.stderr);
    assert.match(excluded.stdout, /20 vote\(s\) excluded \(network: Twenty new accounts/);
    assert.equal(
      count(
        "SELECT count(*) AS n FROM showcase_votes WHERE excluded_category = 'network' AND excluded_by = 'casey' AND excluded_reason = 'Twenty new accounts from one subnet in a minute' AND excluded_at IS NOT NULL",
      ),
      20,
    );
    assert.match(admin(["votes-review"]).stdout, /20 of 20 excluded/);

    const early = admin(["publish-audience-choice"]);
    assert.equal(early.status, 1);
    assert.match(early.stderr, /only after the close/);
    assert.equal(count("SELECT count(*) AS n FROM showcase_ledger"), 0);

    const published = admin(["publish-audience-choice", "--by", "casey"], AFTER_CLOSE);
    assert.equal(published.status, 0, published.stderr);
    const ledger = query(
      "SELECT team_id, votes_cast, votes_excluded, final_count FROM showcase_ledger ORDER BY final_count DESC, team_id",
      target,
    );
    assert.equal(ledger.length, 3);
    assert.deepEqual(
      ledger.find((r) => r.team_id === stuffed?.team_id),
      { team_id: stuffed?.team_id, votes_cast: 20, votes_excluded: '{"network":20}', final_count: 0 },
    );
    assert.deepEqual(ledger[0], { team_id: honest?.team_id, votes_cast: 3, votes_excluded: "{}", final_count: 3 });
    const results = query("SELECT award, team_id, place, published_by FROM published_results", target);
    assert.deepEqual(results, [
      { award: "audience-choice", team_id: honest?.team_id, place: 1, published_by: "casey" },
    ]);
    // The Audience Choice credentials are the worker's publication's to issue, signed (issue 33): the CLI writes none.
    assert.equal(query("SELECT count(*) AS n FROM credentials", target)[0]?.n, 0);
    const twice = admin(["publish-audience-choice"], AFTER_CLOSE);
    assert.equal(twice.status, 1);
    assert.equal(count("SELECT count(*) AS n FROM published_results"), 1);
  });
});
