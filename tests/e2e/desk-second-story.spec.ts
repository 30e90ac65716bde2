import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueIp } from "./auth-helpers";
import { SEED_PASSWORD } from "../../scripts/seed-projects.mjs";
import { importCompletionsOnDesk, revokeOnDesk } from "./desk-steps/credentials";
import { announceToSubmittedTeams } from "./desk-steps/messages";
import { confirmExtensionStep, hideProjectStep, proposeExtensionStep } from "./desk-steps/showcase";
import { excludeFlag, proposeAudienceChoice, seeAudienceChoicePublished, seeFlag } from "./desk-steps/votes";
import { localSql } from "./local-d1";
import { organizerAccount, signInToDesk } from "./organizer";
import { secondStoryBaseURL as baseURL, secondStoryPort } from "./servers";
import { freshTotp } from "./two-step";

/**
 * The organizers' desk, second half (issue 33's "done when"), on the third
 * e2e server's own database: six submitted projects are seeded (`npm run
 * seed -- projects`); a registrar uploads the training provider's
 * completions file, sees its preview (an unverified account refused, an
 * unknown certification), confirms, and two participants find their
 * credentials on /account; the registrar revokes one with a reason. On the
 * showcase's first day a coordinator hides one project and proposes a
 * late-submission exception for a team still writing, which a second
 * director (without JavaScript) confirms with their code. After the vote's
 * close twenty votes from one subnet are flagged; the coordinator excludes
 * them with a reason and proposes the Audience Choice; the second director
 * confirms. The registrar previews, test-sends and sends an announcement to
 * the teams that submitted. The audit log lists every step with who took it.
 *
 * Each organizer works in a browser of their own, signed in again each day
 * (a desk session lapses after a working day); every step is one of
 * ./desk-steps/, which the single-area specs run too. It covers both modes
 * itself, so it runs in the "chromium" project only (@both-modes).
 */

test.use({ baseURL, actionTimeout: 60_000 });

const stateDir = `.wrangler/e2e-state-${secondStoryPort}`;
const BEFORE_SHOWCASE = "2026-03-12T12:00:00-06:00";
/** The showcase's first day: the gallery is open, and a 48-hour exception still runs until 11:59 PM. */
const SHOWCASE_DAY = "2026-03-20T10:00:00-06:00";
const NEW_DEADLINE = "Mar 20, 2026, 11:59 PM MT";
const AFTER_CLOSE = "2026-03-31T10:00:00-06:00";
const SUBNET_FLAG = "network:198.51.100.0/24";

const sql = (command: string) => localSql(stateDir, command);

/** A browser of one's own, from an address of one's own, at a time of the story (`at` moves it). */
async function newBrowser(browser: Browser, javaScriptEnabled: boolean, now: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  const ip = uniqueIp();
  // On the context: its API requests (page.request) say the same time and address as its pages.
  const at = (when: string) => context.setExtraHTTPHeaders({ "x-app-now": when, "cf-connecting-ip": ip });
  await at(now);
  return { page, at };
}

/** An organizer of `role` with a browser of their own, signed in on the desk. */
async function organizer(browser: Browser, role: string, javaScriptEnabled: boolean) {
  const { page, at } = await newBrowser(browser, javaScriptEnabled, BEFORE_SHOWCASE);
  const account = await organizerAccount(page.request, { stateDir, baseURL, role });
  /** Signs in again on the story's next day. */
  const dayOf = async (when: string) => {
    await at(when);
    await signInToDesk(page, account.email, account.secret);
  };
  return { page, ...account, dayOf };
}

/** The seeded projects and their members, in seed order. */
function seededProjects() {
  const rows = sql(
    `SELECT s.team_id AS teamId, s.title, s.slug, u.email FROM submissions s
     JOIN team_members m ON m.team_id = s.team_id JOIN "user" u ON u.id = m.user_id
     WHERE s.team_id LIKE 'seed-2026-team-%' ORDER BY s.team_id, m.role = 'lead' DESC, u.email`,
  );
  const projects = new Map<string, { teamId: string; title: string; slug: string; members: string[] }>();
  for (const row of rows) {
    const teamId = String(row.teamId);
    const project = projects.get(teamId) ?? { teamId, title: String(row.title), slug: String(row.slug), members: [] };
    project.members.push(String(row.email));
    projects.set(teamId, project);
  }
  return [...projects.values()];
}

/** A team of one still writing its project (a draft), as the portal leaves it. */
function draftTeam() {
  const id = randomUUID().slice(0, 8);
  const userId = `e2e-late-${id}`;
  const teamId = `e2e-late-team-${id}`;
  const team = `Late Starters ${id}`;
  const at = "2026-03-01T12:00:00.000Z";
  sql(
    [
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${userId}', 'Sam Late', '${userId}@example.com', 1)`,
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('${teamId}', '2026', '${team}', '${userId}', '${at}')`,
      `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('${teamId}', '${userId}', '2026', 'lead', '${at}')`,
      `INSERT INTO submissions (team_id, edition_id, status, created_at, updated_at, updated_by, title)
       VALUES ('${teamId}', '2026', 'draft', '${at}', '${at}', '${userId}', 'Not finished yet')`,
    ].join(";\n"),
  );
  return { team, email: `${userId}@example.com` };
}

/** Votes as the vote records them: `count` new accounts from one /24 within a minute, or old accounts from as many networks. */
function votes(teamId: string, count: number, stuffed: boolean) {
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const at = new Date(Date.parse("2026-03-29T21:00:00-06:00") + (stuffed ? i * 2_500 : i * 3_600_000)).toISOString();
    const ip = stuffed ? `198.51.100.${10 + i}` : `10.${60 + i}.0.1`;
    const prefix = stuffed ? "198.51.100.0/24" : `10.${60 + i}.0.0/24`;
    const created = stuffed ? "2026-03-29T20:59:00.000Z" : "2026-01-05T00:00:00.000Z";
    return `('${id}', '2026', 'e2e-voter-${id}', '${teamId}', '${ip}', '${prefix}', '${created}', 'example.net', '${at}', '${at}')`;
  });
  sql(
    `INSERT INTO showcase_votes (id, edition_id, user_id, team_id, client_ip, ip_prefix, account_created_at, email_domain, created_at, cast_at) VALUES ${rows.join(", ")}`,
  );
}

/** A participant signs in with the seeded accounts' development password and reads /account's credentials. */
async function credentialsOnAccount(page: Page, email: string, names: readonly string[]) {
  await page.goto("/auth?tab=signin&redirectTo=%2Faccount");
  const form = page.locator("form").filter({ has: page.getByLabel("Password") });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(SEED_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  const list = page.getByRole("list", { name: "Your credentials" });
  for (const name of names) await expect(list).toContainText(name);
}

test("@both-modes the desk's second half: credentials, moderation, a late exception, the vote review, an announcement, audit", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const seeded = spawnSync("node", ["scripts/seed-projects.mjs", "projects", "--count", "6", "--no-files"], {
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir, APP_NOW: BEFORE_SHOWCASE },
  });
  expect(seeded.status, `${seeded.stdout}\n${seeded.stderr}`).toBe(0);
  const projects = seededProjects();
  expect(projects).toHaveLength(6);
  const [stuffed, honest, hidden, first, second] = projects as [
    (typeof projects)[number],
    (typeof projects)[number],
    (typeof projects)[number],
    (typeof projects)[number],
    (typeof projects)[number],
  ];

  const registrar = await organizer(browser, "registrar", true);
  const coordinator = await organizer(browser, "coordinator", true);
  // The second director works without JavaScript.
  const director = await organizer(browser, "director", false);

  // Before the showcase: the registrar imports the training provider's completions, with a preview first.
  const unverified = `e2e-unverified-${randomUUID().slice(0, 8)}@example.com`;
  sql(`INSERT INTO "user" (id, name, email, email_verified) VALUES ('${randomUUID()}', '', '${unverified}', 0)`);
  const ada = first.members[0]!;
  const bo = second.members[0]!;
  await importCompletionsOnDesk(registrar.page, {
    csv: [
      "Email,Certification,Completion Date",
      `${ada},AI Communicator,2026-01-20`,
      `${ada},AI Creator,2026-02-03`,
      `${bo},AI Builder,2026-02-17`,
      `${unverified},AI Communicator,2026-01-20`,
      `${bo},AI Wizard,2026-02-17`,
    ].join("\r\n"),
    issuedTo: [ada, bo],
    refusedUnverified: unverified,
    unknownCertification: "AI Wizard",
  });
  const participant = await newBrowser(browser, false, BEFORE_SHOWCASE);
  await credentialsOnAccount(participant.page, ada, ["AI Communicator", "AI Creator"]);
  await participant.page.context().clearCookies();
  await credentialsOnAccount(participant.page, bo, ["AI Builder"]);
  await revokeOnDesk(registrar.page, {
    email: bo,
    credential: "AI Builder",
    reason: "Completion reported in error by the provider",
  });

  // The showcase's first day: one project hidden, one team's late-submission exception proposed and confirmed.
  await coordinator.dayOf(SHOWCASE_DAY);
  await hideProjectStep(coordinator.page, hidden, "The demo link shows a customer's private records.");
  const late = draftTeam();
  const exceptionId = await proposeExtensionStep(coordinator.page, {
    team: late.team,
    memberEmail: late.email,
    hours: 48,
    newDeadline: NEW_DEADLINE,
    reason: "The lead's laptop was stolen on the last day.",
  });
  await director.dayOf(SHOWCASE_DAY);
  await confirmExtensionStep(director.page, exceptionId, () => freshTotp(director.secret), {
    team: late.team,
    newDeadline: NEW_DEADLINE,
  });

  // After the close: twenty votes from one subnet flagged and excluded; the Audience Choice proposed and confirmed.
  votes(stuffed.teamId, 20, true);
  votes(honest.teamId, 5, false);
  await coordinator.dayOf(AFTER_CLOSE);
  await seeFlag(coordinator.page, {
    flagId: SUBNET_FLAG,
    description: "20 votes from the network 198.51.100.0/24",
    votes: 20,
  });
  await excludeFlag(coordinator.page, {
    flagId: SUBNET_FLAG,
    reason: "Twenty new accounts from one office subnet within a minute",
    votes: 20,
  });
  const audienceChoiceId = await proposeAudienceChoice(coordinator.page, {
    winner: honest.title,
    counted: 5,
    holder: honest.members[0]!,
    mayReadPeople: false,
  });
  await director.dayOf(AFTER_CLOSE);
  await director.page.goto(`/organize/proposals/${audienceChoiceId}`);
  await director.page.getByLabel("Your authenticator code or a recovery code").fill(await freshTotp(director.secret));
  await director.page.getByRole("button", { name: "Confirm and carry it out" }).click();
  await seeAudienceChoicePublished(director.page, { winner: honest.title, counted: 5 });

  // The registrar writes to the teams that submitted (the six seeded ones; the late team has not).
  await registrar.dayOf(AFTER_CLOSE);
  const members = projects.flatMap((p) => p.members);
  await announceToSubmittedTeams(registrar.page, {
    organizerEmail: registrar.email,
    subject: "The showcase has closed: thank you",
    body: "The Audience Choice is published on the showcase.\n\nFinalists are announced on April 3.",
    recipients: members.length,
    someRecipient: members[0]!,
  });

  // The audit log: every step, with who took it, on the desk and in its CSV.
  await director.page.goto("/organize/audit");
  const csv = await (await director.page.request.get("/organize/audit.csv")).text();
  const steps: [string, string][] = [
    ["credentials.import", registrar.email],
    ["credentials.revoke", registrar.email],
    ["showcase.hide", coordinator.email],
    ["proposals.propose", coordinator.email],
    ["deadlines.extend", director.email],
    ["votes.exclude", coordinator.email],
    ["votes.publish-audience-choice", director.email],
    ["announcements.test", registrar.email],
    ["announcements.send", registrar.email],
  ];
  const lines = csv.split(/\r?\n/);
  for (const [action, who] of steps)
    expect(
      lines.some((line) => line.includes(action) && line.includes(who)),
      `${action} by ${who}`,
    ).toBe(true);
  await expect(director.page.getByRole("main")).toContainText("votes.publish-audience-choice");
});
