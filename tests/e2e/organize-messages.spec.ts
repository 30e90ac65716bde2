import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueIp, uniqueEmail, verifyEmailFromMailbox } from "./auth-helpers";
import { announceToSubmittedTeams } from "./desk-steps/messages";
import { localSql } from "./local-d1";
import { signUpThroughApi } from "./people";
import { baseURL, port } from "./servers";
import { turnOnTwoStep } from "./two-step";

/**
 * Messages on the organizers' desk (issue 33), on the first e2e server: a
 * registrar (signed up, verified, two-step sign-in on, the role granted)
 * announces to the teams that submitted, with JavaScript and without: the
 * preview, the test that reaches the registrar alone, the send that writes
 * one e-mail per member to the outbox. It opens its own context without
 * JavaScript, so it runs once, in the chromium project (@both-modes).
 * The page's axe and 320-1440 px checks are layout.spec.ts's.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const sql = (command: string) => localSql(stateDir, command);

/** Two submitted projects of the 2026 edition (the server's clock is in its enrollment), three members. */
function seedSubmittedTeams(): string[] {
  const members: string[] = [];
  for (const size of [1, 2]) {
    const team = randomUUID();
    const people = Array.from({ length: size }, () => `e2e-member-${randomUUID().slice(0, 8)}`);
    members.push(...people.map((id) => `${id}@example.com`));
    sql(
      [
        ...people.map(
          (id) => `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${id}', '', '${id}@example.com', 1)`,
        ),
        `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('${team}', '2026', 'Team ${team.slice(0, 6)}', '${people[0]}', '2026-01-10T00:00:00.000Z')`,
        ...people.map(
          (id, i) =>
            `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('${team}', '${id}', '2026', '${i === 0 ? "lead" : "member"}', '2026-01-10T00:00:00.000Z')`,
        ),
        `INSERT INTO submissions (team_id, edition_id, status, submitted_at, submitted_by, created_at, updated_at, updated_by)
         VALUES ('${team}', '2026', 'submitted', '2026-03-10T00:00:00.000Z', '${people[0]}', '2026-03-10T00:00:00.000Z', '2026-03-10T00:00:00.000Z', '${people[0]}')`,
      ].join(";\n"),
    );
  }
  return members;
}

/** Everyone in the segment today, by the database (other specs on this server may have submitted projects too). */
const submittedMembers = () =>
  Number(
    sql(`SELECT count(DISTINCT m.user_id) AS n FROM team_members m JOIN submissions s ON s.team_id = m.team_id
         WHERE s.status = 'submitted' AND s.edition_id = '2026' AND m.edition_id = '2026'`)[0]?.n,
  );

async function withoutJavaScript(browser: Browser, page: Page) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "cf-connecting-ip": uniqueIp() },
  });
  return context.newPage();
}

test("an announcement to the teams that submitted is previewed, test-sent and sent @both-modes", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const registrar = uniqueEmail("registrar");
  await signUpThroughApi(page, testInfo, registrar);
  await verifyEmailFromMailbox(page, testInfo, registrar);
  await turnOnTwoStep(page, "a good passphrase");
  sql(
    `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, 'registrar', 'e2e', '2026-01-01T00:00:00.000Z' FROM "user" WHERE email = '${registrar}'`,
  );
  const members = seedSubmittedTeams();
  const recipients = submittedMembers();

  for (const [mode, browserPage] of [
    ["with JavaScript", page],
    ["without JavaScript", await withoutJavaScript(browser, page)],
  ] as const) {
    const subject = `Showcase week ${mode} ${randomUUID().slice(0, 6)}`;
    await announceToSubmittedTeams(browserPage, {
      organizerEmail: registrar,
      subject,
      body: "Your project is in the showcase from Friday.\n\nShare its page with your colleagues.",
      recipients,
      someRecipient: members[0]!,
    });
    // The test reached the registrar alone; the send wrote one e-mail per member, none twice.
    expect(sql(`SELECT recipient FROM notifications WHERE subject = '[Test] ${subject}'`)).toEqual([
      { recipient: registrar },
    ]);
    const written = sql(`SELECT recipient FROM notifications WHERE subject = '${subject}'`).map((r) => r.recipient);
    expect(written).toHaveLength(recipients);
    expect(new Set(written).size).toBe(recipients);
    expect(written).toEqual(expect.arrayContaining(members));
    // The text came back from the preview's hidden fields unchanged, line breaks included: one announcement id.
    const idOf = (row: Record<string, unknown>) => String(row.id).split(":")[1];
    const tested = sql(`SELECT id FROM notifications WHERE subject = '[Test] ${subject}'`).map(idOf);
    const sent = new Set(sql(`SELECT id FROM notifications WHERE subject = '${subject}'`).map(idOf));
    expect([...sent]).toEqual(tested);
  }
  // The audit log: each test and each send, by the registrar.
  const actions = sql(
    `SELECT action FROM events WHERE actor_label = '${registrar}' AND action LIKE 'announcements.%' ORDER BY id`,
  ).map((r) => r.action);
  expect(actions).toEqual(["announcements.test", "announcements.send", "announcements.test", "announcements.send"]);
});
