// The admin CLI as a client of the organizer API (issue 32, ADR 018),
// against one real local server (`npm start` without its build) and its own
// database: the first director by the bootstrap step (refused the second
// time), a token created on the desk by that director signed in with a real
// authenticator code, `invite-judge` (by address, from an interest form, a
// bad address), `judges` (table and CSV) and `remove-judge` through it, each
// change with its audit row; `appeals` (text and CSV) and `decide-appeal`
// (the decision once, the team's e-mails, the audit row); `requeue-dead`
// (dead e-mails pending again, the others not, its audit row; refused without
// a token); `announce` (a preview with the recipients' fingerprint, a bare
// --confirm refused, then with --confirm <fingerprint> the site's batches,
// continued, never twice, the list's ids as before); `publish-edition` and
// `change-edition` (each proposes, printing its preview; a passed deadline
// refused with the reason); then the token revoked on the desk and the CLI refused. One server for the whole file: each start costs seconds.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { execFile } from "node:child_process";
import { query } from "./local-d1.mjs";
import { migratedState } from "../migrated-state.mjs";
import { authApi, cookies, startLocalServer, turnOnTwoStep } from "./local-server.mjs";

// Node 22 reads the TypeScript module as is (the admin CLI's hooks resolve its imports).
const { judgeSql, registrationSql, submittedTeamSql } = /** @type {typeof import("../judging-seed.ts")} */ (
  await import(new URL("../judging-seed.ts", import.meta.url).href)
);

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), "organize-cli-"));
const target = { remote: false, stateDir };
// Inside the 2026 judging window: the server's clock (the CLI sends none).
const APP_NOW = "2026-03-25T12:00:00-06:00";
const PASSWORD = "a good passphrase";

let base = "";
let stopServer = () => {};

/**
 * `npm run admin -- …` with the environment given (never the caller's token).
 * @param {string[]} args @param {Record<string, string>} extra
 */
async function admin(args, extra = {}) {
  const env = { ...process.env, STATE_DIR: stateDir, ORGANIZER_API_URL: base, ...extra };
  if (!("ORGANIZER_API_TOKEN" in extra)) delete env.ORGANIZER_API_TOKEN;
  delete env.ORGANIZER_BOOTSTRAP_SECRET;
  try {
    const { stdout, stderr } = await run("node", ["scripts/admin.mjs", ...args], { cwd: root, env });
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = /** @type {{ code: number, stdout: string, stderr: string }} */ (error);
    return { status: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** @param {string} sql */
const one = (sql) => query(sql, target)[0];

/** A desk form posted as a browser without JavaScript. @param {string} path @param {Record<string, string>} fields @param {string} cookie */
function deskPost(path, fields, cookie) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
      cookie,
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

before(async () => {
  migratedState(stateDir);
  ({ base, stop: stopServer } = await startLocalServer({ stateDir, appNow: APP_NOW }));
});

after(() => {
  stopServer();
  rmSync(stateDir, { recursive: true, force: true });
});

describe("the CLI through the organizer API", () => {
  const director = "dana.director@example.com";
  /** A session of the director's that passed the second factor. */
  let session = "";
  let token = "";

  test("grant-organizer makes the first director once (the bootstrap step), then refuses the same again", async () => {
    const signUp = await authApi(base, "/sign-up/email", { email: director, password: PASSWORD, name: "" });
    const cookie = cookies(signUp);
    query(`UPDATE "user" SET email_verified = 1 WHERE email = '${director}'`, target);
    // Two-step sign-in on, for real: the session that turns it on passed the second factor.
    ({ session } = await turnOnTwoStep(base, cookie, PASSWORD));

    const first = await admin(["grant-organizer", director, "--role", "director"]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /is the first director/);
    assert.deepEqual(
      one(
        `SELECT r.role, r.granted_by FROM organizer_roles r JOIN "user" u ON u.id = r.user_id WHERE u.email = '${director}'`,
      ),
      {
        role: "director",
        granted_by: "system:bootstrap",
      },
    );
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'organizers.bootstrap'")?.n, 1);

    const again = await admin(["grant-organizer", director, "--role", "director"]);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /already a director/);
  });

  test("the director's token, created on the desk, runs invite-judge, judges and remove-judge, each with its audit row", async () => {
    const created = await deskPost("/organize/tokens", { intent: "create", name: "CLI test" }, session);
    assert.equal(created.status, 200);
    token = /ORGANIZER_API_TOKEN=(iac_org_[A-Za-z0-9_-]{43})/.exec(await created.text())?.[1] ?? "";
    assert.ok(token, "the token is shown once on the answer");
    const withToken = { ORGANIZER_API_TOKEN: token };

    const invited = await admin(["invite-judge", "Casey.Judge@Boise-Widgets.com", "--name", "Casey Judge"], withToken);
    assert.equal(invited.status, 0, invited.stderr);
    assert.match(invited.stdout, /Invitation for casey\.judge@boise-widgets\.com sent/);
    const invitation = one(
      "SELECT name, edition_id, invited_by, created_at FROM judge_invitations WHERE email = 'casey.judge@boise-widgets.com'",
    );
    assert.deepEqual(invitation, {
      name: "Casey Judge",
      edition_id: "2026",
      invited_by: `organizer:${director}`,
      created_at: "2026-03-25T18:00:00.000Z",
    });
    const audit = one(
      "SELECT actor_kind, actor_label, actor_role, token_id FROM events WHERE action = 'judges.invite'",
    );
    assert.equal(audit?.actor_kind, "token");
    assert.equal(audit?.actor_label, director);
    assert.ok(audit?.token_id);

    query(
      `INSERT INTO judge_advisor_interests (id, role, first_name, last_name, email, phone, organization, title, expertise, experience, motivation)
       VALUES (41, 'judge', 'Riley', 'Park', 'Riley@Gem-Labs.com', '208-555-0188', 'Gem Labs', 'CTO', 'ML', '10 years', 'Help')`,
      target,
    );
    const fromInterest = await admin(["invite-judge", "--interest", "41"], withToken);
    assert.equal(fromInterest.status, 0, fromInterest.stderr);
    assert.deepEqual(one("SELECT name, interest_id FROM judge_invitations WHERE email = 'riley@gem-labs.com'"), {
      name: "Riley Park",
      interest_id: 41,
    });
    const badAddress = await admin(["invite-judge", "not-an-address"], withToken);
    assert.equal(badAddress.status, 2);
    assert.match(badAddress.stderr, /valid email/);
    assert.equal((await admin(["invite-judge", "--interest", "999"], withToken)).status, 1);

    // Two judges, as accepting leaves them.
    query(
      [
        `INSERT INTO "user" (id, name, email, email_verified) VALUES ('ja', '', 'a@judges.example.org', 1), ('jb', '', 'b@judges.example.org', 1)`,
        `INSERT INTO judge_invitations (id, edition_id, email, token_hash, invited_by, created_at, expires_at, accepted_at, accepted_by)
         VALUES ('ia', '2026', 'a@judges.example.org', 'ha', 'x', '2026-03-01', '2026-04-30', '2026-03-02', 'ja'),
                ('ib', '2026', 'b@judges.example.org', 'hb', 'x', '2026-03-01', '2026-04-30', '2026-03-02', 'jb')`,
        `INSERT INTO judges (edition_id, user_id, name, invitation_id, joined_at) VALUES ('2026', 'ja', 'Judge A', 'ia', '2026-03-02'), ('2026', 'jb', 'Judge B', 'ib', '2026-03-02')`,
      ].join(";\n"),
      target,
    );
    const list = await admin(["judges"], withToken);
    assert.equal(list.status, 0, list.stderr);
    assert.match(
      list.stdout.split("\n").find((l) => l.includes("a@judges.example.org")) ?? "",
      /Judge A\s+a@judges\.example\.org\s+active\s+0\s+0\s+0/,
    );
    const out = join(stateDir, "judges.csv");
    assert.equal((await admin(["judges", "--out", out], withToken)).status, 0);
    assert.match(
      readFileSync(out, "utf8").split("\r\n")[0] ?? "",
      /"name","email","status","assigned","scored","left"/,
    );

    const removed = await admin(["remove-judge", "a@judges.example.org"], withToken);
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(removed.stdout, /no longer judges/);
    assert.equal(one("SELECT left_by FROM judges WHERE user_id = 'ja'")?.left_by, `organizer:${director}`);
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'judges.remove'")?.n, 1);
    const twice = await admin(["remove-judge", "a@judges.example.org"], withToken);
    assert.equal(twice.status, 1);
    assert.match(twice.stderr, /not an active judge/);
  });

  test("appeals lists the edition's appeals (text and CSV); decide-appeal records a decision once and e-mails the team", async () => {
    const withToken = { ORGANIZER_API_TOKEN: token };
    const empty = await admin(["appeals"], withToken);
    assert.equal(empty.status, 0, empty.stderr);
    assert.match(empty.stdout, /No appeals in edition 2026/);
    query(
      [
        `INSERT INTO "user" (id, name, email, email_verified) VALUES ('u-dee', '', 'dee@example.com', 1), ('u-cy', '', 'cy@example.com', 1)`,
        registrationSql({ editionId: "2026", userId: "u-dee", email: "dee@example.com", first: "Dee", last: "Ray" }),
        registrationSql({ editionId: "2026", userId: "u-cy", email: "cy@example.com", first: "Cy", last: "Young" }),
        ...submittedTeamSql({ editionId: "2026", teamId: "t-three", name: "Trout Tech", members: ["u-dee", "u-cy"] }),
        `INSERT INTO judging_appeals (id, edition_id, team_id, submitted_by, body, created_at)
         VALUES ('2026-t-three', '2026', 't-three', 'u-dee', 'Our ethics score does not match the rubric:
we documented every safeguard.', '2026-03-23T16:00:00.000Z')`,
      ].join(";\n"),
      target,
    );
    const out = join(stateDir, "appeals.csv");
    const listed = await admin(["appeals", "--out", out], withToken);
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(
      listed.stdout,
      /2026-t-three — Trout Tech \(t-three\), filed Mar 23, 2026, 10:00 AM MT by dee@example\.com/,
    );
    // Ten business days after Monday Mar 23: Monday Apr 6, end of day.
    assert.match(listed.stdout, /open: a committee of 3 decides by Apr 6, 2026, 11:59 PM MT/);
    assert.match(listed.stdout, /\| we documented every safeguard\./);
    const csv = readFileSync(out, "utf8");
    assert.match(csv.split("\r\n")[0] ?? "", /"id","team","team_id","submitted_by","created_at","decide_by"/);
    assert.match(csv, /"2026-t-three","Trout Tech","t-three","dee@example\.com"/);

    const noDecision = await admin(["decide-appeal", "2026-t-three"], withToken);
    assert.equal(noDecision.status, 2);
    assert.match(noDecision.stderr, /usage/);
    const blank = await admin(["decide-appeal", "2026-t-three", "--decision", "\u0007 "], withToken);
    assert.equal(blank.status, 2);
    assert.match(blank.stderr, /Write the committee's decision/);
    const decided = await admin(
      ["decide-appeal", "2026-t-three", "--decision", "Upheld: the ethics score is corrected."],
      withToken,
    );
    assert.equal(decided.status, 0, decided.stderr);
    assert.match(decided.stdout, /Appeal 2026-t-three decided; .* 2 member\(s\) are told by e-mail/);
    assert.deepEqual(one("SELECT decided_at, decided_by, decision FROM judging_appeals"), {
      decided_at: "2026-03-25T18:00:00.000Z",
      decided_by: `organizer:${director}`,
      decision: "Upheld: the ethics score is corrected.",
    });
    assert.deepEqual(
      query("SELECT recipient FROM notifications WHERE kind = 'appeal-decided' ORDER BY recipient", target),
      [{ recipient: "cy@example.com" }, { recipient: "dee@example.com" }],
    );
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'appeals.decide'")?.n, 1);

    const twice = await admin(["decide-appeal", "2026-t-three", "--decision", "Changed our mind"], withToken);
    assert.equal(twice.status, 1);
    assert.match(twice.stderr, /already decided/);
    const unknown = await admin(["decide-appeal", "nope", "--decision", "x"], withToken);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /No appeal nope/);
    assert.match(
      (await admin(["appeals"], withToken)).stdout,
      new RegExp(`decided Mar 25, 2026, 12:00 PM MT by organizer:${director.replace(/\./g, "\\.")}: Upheld`),
    );
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'appeals.decide'")?.n, 1);
  });

  test("assign, conflicts, dismiss-conflict and add-conflict: the assignment's rules run in the worker, each change with its audit row", async () => {
    const withToken = { ORGANIZER_API_TOKEN: token };
    // A team name an attacker chose, printed by `conflicts`: it reaches the terminal escaped.
    const ESC = "\u001b";
    const hostile = `Mallory${ESC}[2K${ESC}]0;owned\u0007\r\u202eSpoofed`;
    query(
      [
        `INSERT INTO "user" (id, name, email, email_verified) VALUES ('jc', '', 'c@boise-widgets.com', 1), ('jd', '', 'd@gmail.com', 1),
           ('je', '', 'e@judges.example.org', 1), ('m1', '', 'lead1@boise-widgets.com', 1), ('m2', '', 'm2@example.net', 1)`,
        ...judgeSql({ editionId: "2026", userId: "jc", name: "Judge C", email: "c@boise-widgets.com" }),
        ...judgeSql({ editionId: "2026", userId: "jd", name: "Judge D", email: "d@gmail.com" }),
        ...judgeSql({ editionId: "2026", userId: "je", name: "Judge E", email: "e@judges.example.org" }),
        ...submittedTeamSql({ editionId: "2026", teamId: "t-one", name: "Team One", members: ["m1"] }),
        ...submittedTeamSql({ editionId: "2026", teamId: "t-evil", name: "placeholder", members: ["m2"] }),
        `UPDATE teams SET name = CAST(X'${Buffer.from(hostile, "utf8").toString("hex")}' AS TEXT) WHERE id = 't-evil'`,
        `INSERT INTO judging_conflicts (edition_id, judge_user_id, team_id, source, detail, created_at, created_by)
         VALUES ('2026', 'jd', 't-evil', 'organizer', 'knows the team', '2026-03-02', 'organizer:x')`,
      ].join(";\n"),
      target,
    );
    const openJudges = (/** @type {string} */ teamId) =>
      query(
        `SELECT judge_user_id AS j FROM judging_assignments WHERE team_id = '${teamId}' AND released_at IS NULL ORDER BY j`,
        target,
      ).map((r) => String(r.j));

    const ran = await admin(["assign"], withToken);
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(
      ran.stdout,
      /3 submitted project\(s\), 4 active judge\(s\): 9 new assignment\(s\), 0 released, 1 new conflict\(s\) detected/,
    );
    assert.match(
      ran.stdout,
      /conflict: c@boise-widgets\.com \/ t-one \(domain: shares the e-mail domain boise-widgets\.com with a team member\)/,
    );
    assert.match(ran.stdout, /c@boise-widgets\.com: \d/);
    assert.ok(!openJudges("t-one").includes("jc"));
    assert.equal(
      one("SELECT created_by FROM judging_conflicts WHERE judge_user_id = 'jc'")?.created_by,
      `organizer:${director}`,
    );
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'assignments.run'")?.n, 1);
    // Idempotent.
    const again = await admin(["assign"], withToken);
    assert.match(again.stdout, /0 new assignment\(s\), 0 released, 0 new conflict/);

    const listed = await admin(["conflicts"], withToken);
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /c@boise-widgets\.com\s+t-one\s+Team One\s+domain\s+live/);
    assert.match(listed.stdout, /Mallory\\x1b\[2K\\x1b\]0;owned\\x07\\x0d\\u202eSpoofed/);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    assert.doesNotMatch(listed.stdout + listed.stderr, /[\u001b\u0007\r\u202e]/);

    const id = String(one("SELECT id FROM judging_conflicts WHERE judge_user_id = 'jc'")?.id);
    assert.equal((await admin(["dismiss-conflict", id], withToken)).status, 2, "a reason is required");
    const dismissed = await admin(
      ["dismiss-conflict", id, "--reason", "Different company; shared mail host"],
      withToken,
    );
    assert.equal(dismissed.status, 0, dismissed.stderr);
    assert.match(dismissed.stdout, /dismissed; it will not be detected again/);
    assert.deepEqual(one(`SELECT dismissed_reason, dismissed_by FROM judging_conflicts WHERE id = ${id}`), {
      dismissed_reason: "Different company; shared mail host",
      dismissed_by: `organizer:${director}`,
    });
    assert.match((await admin(["assign"], withToken)).stdout, /0 new conflict/);
    assert.equal((await admin(["dismiss-conflict", id, "--reason", "again"], withToken)).status, 1);

    const mentor = openJudges("t-one")[0] ?? "";
    const mentorEmail = String(one(`SELECT email FROM "user" WHERE id = '${mentor}'`)?.email);
    assert.equal((await admin(["add-conflict", mentorEmail, "t-one"], withToken)).status, 2, "a reason is required");
    const added = await admin(["add-conflict", mentorEmail, "t-one", "--reason", "Mentored the team"], withToken);
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /Conflict recorded/);
    assert.ok(!openJudges("t-one").includes(mentor));
    assert.equal(
      one(`SELECT released_reason FROM judging_assignments WHERE team_id = 't-one' AND judge_user_id = '${mentor}'`)
        ?.released_reason,
      "conflict",
    );
    assert.equal((await admin(["add-conflict", mentorEmail, "no-such-team", "--reason", "x"], withToken)).status, 1);
    assert.deepEqual(
      query(
        "SELECT action, count(*) AS n FROM events WHERE action LIKE 'conflicts.%' GROUP BY action ORDER BY action",
        target,
      ),
      [
        { action: "conflicts.add", n: 1 },
        { action: "conflicts.dismiss", n: 1 },
      ],
    );
    const out = join(stateDir, "conflicts.csv");
    assert.equal((await admin(["conflicts", "--out", out], withToken)).status, 0);
    assert.match(
      readFileSync(out, "utf8").split("\r\n")[0] ?? "",
      /"id","judge","team_id","team","source","detail","status"/,
    );
  });

  test("requeue-dead hands dead e-mails back to the outbox through the API, with its audit row, and leaves the others alone", async () => {
    const withToken = { ORGANIZER_API_TOKEN: token };
    query(
      `INSERT INTO notifications (id, kind, recipient, subject, payload, status, attempts)
       VALUES ('dead-1', 'contact', 'a@example.com', 's', '{}', 'dead', 6), ('dead-2', 'contact', 'b@example.com', 's', '{}', 'dead', 6),
              ('sent-1', 'contact', 'a@example.com', 's', '{}', 'sent', 1), ('failed-1', 'contact', 'a@example.com', 's', '{}', 'failed', 1)`,
      target,
    );
    const requeued = await admin(["requeue-dead"], withToken);
    assert.equal(requeued.status, 0, requeued.stderr);
    assert.match(requeued.stdout, /^2 dead e-mail\(s\) handed back to the outbox/);
    assert.deepEqual(
      query(
        "SELECT id, status, attempts FROM notifications WHERE id IN ('dead-1', 'dead-2', 'sent-1', 'failed-1') ORDER BY id",
        target,
      ).map((r) => [r.id, r.status, r.attempts]),
      [
        ["dead-1", "pending", 6],
        ["dead-2", "pending", 6],
        ["failed-1", "failed", 1],
        ["sent-1", "sent", 1],
      ],
    );
    assert.deepEqual(
      query(
        "SELECT actor_kind, actor_label, token_id IS NOT NULL AS by_token, facts_after FROM events WHERE action = 'notifications.requeue'",
        target,
      ),
      [{ actor_kind: "token", actor_label: director, by_token: 1, facts_after: JSON.stringify({ requeued: 2 }) }],
    );

    const nothingDead = await admin(["requeue-dead"], withToken);
    assert.equal(nothingDead.status, 1);
    assert.match(nothingDead.stderr, /No e-mail is dead/);
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'notifications.requeue'")?.n, 1);
  });

  test("requeue-dead without a token says where to get one and changes nothing", async () => {
    query("UPDATE notifications SET status = 'dead' WHERE id = 'dead-1'", target);
    const refused = await admin(["requeue-dead"]);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /ORGANIZER_API_TOKEN.*\/organize\/tokens/);
    assert.equal(refused.stdout, "");
    assert.equal(one("SELECT status FROM notifications WHERE id = 'dead-1'")?.status, "dead");
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'notifications.requeue'")?.n, 1);
  });

  test("announce writes an announcement through the API in the site's batches, continues when run again, never writes twice", async () => {
    const withToken = { ORGANIZER_API_TOKEN: token };
    // One more confirmed subscriber than a batch (500), and one who left.
    query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 501)
       INSERT INTO next_edition_subscribers (id, email, interests, status, unsubscribe_nonce)
       SELECT printf('sub-%04d', i), printf('reader%04d@example.org', i), '[]', 'confirmed', 'n' || i FROM n`,
      target,
    );
    query(
      "INSERT INTO next_edition_subscribers (id, email, interests, status, unsubscribe_nonce) VALUES ('sub-left', 'left@example.org', '[]', 'unsubscribed', 'x')",
      target,
    );
    const file = join(stateDir, "open.md");
    writeFileSync(file, "# Enrollment is open; don't miss it\n\nHello!\n\nIt's 'open' now; \"really\".\n", "utf8");
    const rows = () =>
      query(
        "SELECT id, recipient, payload, updated_at FROM notifications WHERE kind = 'next-edition-announcement' ORDER BY id",
        target,
      );

    // Without --confirm, a preview: the count, the e-mail and the recipients' fingerprint; nothing written.
    const preview = await admin(["announce", file], withToken);
    assert.equal(preview.status, 0, preview.stderr);
    assert.match(preview.stdout, /501 recipient\(s\), 0 already written/);
    assert.match(preview.stdout, /Unsubscribe with one click/);
    const fingerprint = String(/Fingerprint of the recipients: ([0-9a-f]{64})/.exec(preview.stdout)?.[1]);
    assert.match(preview.stdout, new RegExp(`--confirm ${fingerprint}`));
    assert.equal(rows().length, 0);
    // A bare --confirm (issue 50) is refused: it would send to whoever is in the segment by then.
    const bare = await admin(["announce", file, "--confirm"], withToken);
    assert.equal(bare.status, 2);
    assert.match(bare.stderr, /--confirm takes the fingerprint the preview printed/);
    assert.equal(rows().length, 0);

    const first = await admin(["announce", file, "--max-batches", "1", "--confirm", fingerprint], withToken);
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /500 new e-mail\(s\) for 501 recipient\(s\); stopped early/);
    assert.equal(rows().length, 500);
    for (const expected of [
      /1 new e-mail\(s\) for 501 recipient\(s\); every recipient has one/,
      /0 new e-mail\(s\) for 501/,
    ]) {
      const run = await admin(["announce", file, "--confirm", fingerprint], withToken);
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, expected);
    }
    const all = rows();
    assert.equal(all.length, 501);
    assert.equal(new Set(all.map((row) => row.recipient)).size, 501);
    assert.ok(!all.some((row) => row.recipient === "left@example.org"));
    // The id is the text's hash, as the command computed it before it used the API: a half-sent announcement continues.
    const id = createHash("sha256")
      .update("Enrollment is open; don't miss it\nHello!\n\nIt's 'open' now; \"really\".")
      .digest("hex")
      .slice(0, 16);
    assert.equal(all[0]?.id, `announcement:${id}:sub-0001`);
    const { origin, ...payload } = JSON.parse(String(all[0]?.payload));
    assert.deepEqual(payload, {
      announcementId: id,
      subscriberId: "sub-0001",
      subject: "Enrollment is open; don't miss it",
      body: "Hello!\n\nIt's 'open' now; \"really\".",
    });
    assert.ok(String(origin).startsWith("http"));
    // Handed to the outbox sweep, which paces them.
    assert.ok(all.every((row) => row.updated_at === "1970-01-01T00:00:00.000Z"));
    assert.equal(one("SELECT count(*) AS n FROM events WHERE action = 'announcements.send'")?.n, 3);

    assert.equal((await admin(["announce", file, "--remote"], withToken)).status, 2);
    assert.equal((await admin(["announce", file, "--segment", "everyone"], withToken)).status, 2);
    const noToken = await admin(["announce", file]);
    assert.equal(noToken.status, 2);
    assert.match(noToken.stderr, /ORGANIZER_API_TOKEN/);
    const bad = join(stateDir, "bad.md");
    writeFileSync(bad, "No heading here.\n", "utf8");
    const refused = await admin(["announce", bad], withToken);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /# Subject/);
  });

  test("publish-edition and change-edition propose through the API, printing the preview; a passed deadline is refused with the reason", async () => {
    const withToken = { ORGANIZER_API_TOKEN: token };
    // A draft of 2027, saved through the API as the desk's prices form saves it.
    const drafted = await fetch(`${base}/api/organize/actions/editions.draft-prices`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        editionId: "2027",
        "individual-earlyBird": "275",
        "individual-regular": "325",
        "workforce-earlyBird": "5000",
        "workforce-regular": "6000",
      }),
    });
    assert.equal(drafted.status, 200, await drafted.clone().text());

    const published = await admin(
      ["publish-edition", "2027", "--version", "1", "--rules-version", "2027-1"],
      withToken,
    );
    assert.equal(published.status, 0, published.stderr);
    assert.match(
      published.stdout,
      /Proposed: Publish the 2027 Challenge \(version 1\): enrollment opens Tuesday, November 10, 2026/,
    );
    assert.match(published.stdout, /\$275/);
    assert.match(published.stdout, /Contest rules version reviewed by counsel: 2027-1\./);
    assert.equal(
      one("SELECT action FROM organizer_proposals ORDER BY created_at DESC, rowid DESC LIMIT 1").action,
      "editions.publish",
    );

    const moved = await admin(
      [
        "change-edition",
        "2026",
        "--milestone",
        "finals",
        "--date",
        "2026-04-27",
        "--end-date",
        "2026-04-27",
        "--note",
        "The Capitol is booked.",
      ],
      withToken,
    );
    assert.equal(moved.status, 0, moved.stderr);
    assert.match(moved.stdout, /Proposed: Change the 2026 Challenge: State Capital Finals → Apr 27, 2026/);
    assert.match(moved.stdout, /Judges/);

    const late = await admin(
      [
        "change-edition",
        "2026",
        "--milestone",
        "submission-deadline",
        "--date",
        "2026-03-30",
        "--time",
        "23:59",
        "--note",
        "Too late.",
      ],
      withToken,
    );
    assert.equal(late.status, 2);
    assert.match(late.stderr, /has already begun or passed: people relied on it, so it cannot change now/);
    const usage = await admin(["publish-edition", "2027"], withToken);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /usage: npm run admin -- publish-edition <id> --version N --rules-version V/);
  });

  test("without a token the CLI says where to get one; a token revoked on the desk is refused", async () => {
    const none = await admin(["judges"]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /ORGANIZER_API_TOKEN/);

    const id = one("SELECT id FROM organizer_tokens WHERE name = 'CLI test'")?.id;
    const revoked = await deskPost("/organize/tokens", { intent: "revoke", tokenId: String(id) }, session);
    assert.equal(revoked.status, 303);
    const refused = await admin(["judges"], { ORGANIZER_API_TOKEN: token });
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /token is not valid/);
    // No token grants a role (ADR 021): grant-organizer is the bootstrap step only, which makes directors.
    const notGranted = await admin(["grant-organizer", "x@example.com", "--role", "viewer"], {
      ORGANIZER_API_TOKEN: token,
    });
    assert.equal(notGranted.status, 2);
    assert.match(notGranted.stderr, /The first organizer is a director/);
  });
});
