import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueIp, uniqueEmail } from "./auth-helpers";
import { axeViolations } from "./axe";
import { excludeFlag, proposeAudienceChoice, seeAudienceChoicePublished, seeFlag } from "./desk-steps/votes";
import { layoutFindings } from "./layout";
import { localSql } from "./local-d1";
import { confirmingDirector } from "./organizer";
import { baseURL, port } from "./servers";
import { turnOnTwoStep } from "./two-step";

/**
 * The vote review on the organizers' desk (issue 33), the second story's
 * step "after the close twenty votes from one subnet are flagged, excluded
 * with a reason, and the Audience Choice is proposed and confirmed", on the
 * first e2e server's database: two projects are seeded, one stuffed by twenty
 * new accounts from one /24 within a minute, the other with five honest
 * votes; after the close a coordinator without JavaScript sees the subnet
 * flagged and excludes it with a reason; a director with JavaScript proposes
 * the Audience Choice, whose preview names the honest project and its
 * member's credential; a second director confirms with their code; the desk
 * and /showcase show it published. The desk's forms are plain POSTs either
 * way; each mode takes one of them. It opens its own contexts, so it runs in
 * the "chromium" project only.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const AFTER_CLOSE = "2026-03-31T10:00:00-06:00";
const PASSWORD = "a good passphrase";
const SUBNET_FLAG = "network:198.51.100.0/24";
const REASON = "Twenty new accounts from one office subnet within a minute";

const sql = (command: string) => localSql(stateDir, command);

/** A verified account with a submitted, shown project of 2026 of its own; answers the member's address. */
function shownProject(title: string): { teamId: string; email: string } {
  const id = randomUUID();
  const teamId = `e2e-team-${id.slice(0, 8)}`;
  const userId = `e2e-member-${id.slice(0, 8)}`;
  const email = `${userId}@example.com`;
  const at = "2026-03-10T12:00:00.000Z";
  sql(
    [
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${userId}', 'Riley Member', '${email}', 1)`,
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('${teamId}', '2026', 'Team ${title}', '${userId}', '${at}')`,
      `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('${teamId}', '${userId}', '2026', 'lead', '${at}')`,
      `INSERT INTO submissions (team_id, edition_id, prototype_url, abstract, video_url, video_confirmed, ai_use_log, status,
         submitted_at, submitted_by, created_at, updated_at, updated_by, title, summary, track, public_consent, slug)
       VALUES ('${teamId}', '2026', 'https://demo.example.com/app', 'What it does.', 'https://www.loom.com/share/abc', 1,
         'How AI was used.', 'submitted', '${at}', '${userId}', '${at}', '${at}', '${userId}', '${title}', '${title} in one sentence.',
         'generative-ai', 1, 'e2e-${id.slice(0, 8)}')`,
    ].join(";\n"),
  );
  return { teamId, email };
}

/** Votes as the vote records them: `count` from `network` (new accounts within a minute), or from as many networks (old accounts). */
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

/** An organizer's own browser after the close: signed up, verified, two-step sign-in on (the session passed it), the role granted. */
async function organizerBrowser(browser: Browser, role: "coordinator" | "director", javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.setExtraHTTPHeaders({ "x-app-now": AFTER_CLOSE, "cf-connecting-ip": uniqueIp() });
  const page = await context.newPage();
  const email = uniqueEmail(role);
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "" },
    headers: { origin: baseURL },
  });
  expect(signUp.status()).toBe(200);
  sql(`UPDATE "user" SET email_verified = 1 WHERE email = '${email}'`);
  await turnOnTwoStep(page, PASSWORD);
  sql(
    `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, '${role}', 'e2e', '2026-01-01T00:00:00.000Z' FROM "user" WHERE email = '${email}'`,
  );
  return { page, email };
}

test("@both-modes after the close twenty votes from one subnet are flagged, excluded with a reason, and the Audience Choice is proposed and confirmed", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  // The edition's Audience Choice is published once: a retry starts from an unpublished one.
  sql(
    "DELETE FROM showcase_ledger WHERE edition_id = '2026'; DELETE FROM published_results WHERE edition_id = '2026' AND award = 'audience-choice'; DELETE FROM showcase_votes WHERE user_id LIKE 'e2e-voter-%'",
  );
  const tag = randomUUID().slice(0, 6);
  const stuffed = shownProject(`Stuffed Ballot ${tag}`);
  const honestTitle = `Honest Planner ${tag}`;
  const honest = shownProject(honestTitle);
  votes(stuffed.teamId, 20, true);
  votes(honest.teamId, 5, false);

  // The review with its flags' forms open fits 320 px and is axe-clean (layout.spec.ts sees it without votes).
  const director = await organizerBrowser(browser, "director", true);
  await director.page.setViewportSize({ width: 320, height: 800 });
  await seeFlag(director.page, { flagId: SUBNET_FLAG, description: "20 votes from the network", votes: 20 });
  await director.page.evaluate(() =>
    document.querySelectorAll<HTMLDetailsElement>("main details").forEach((d) => (d.open = true)),
  );
  expect(await director.page.evaluate(layoutFindings, { minTarget: 24 })).toEqual([]);
  expect(await axeViolations(director.page)).toEqual([]);
  await director.page.setViewportSize({ width: 1280, height: 800 });

  const coordinator = await organizerBrowser(browser, "coordinator", false);
  await seeFlag(coordinator.page, {
    flagId: SUBNET_FLAG,
    description: "20 votes from the network 198.51.100.0/24",
    votes: 20,
  });
  await excludeFlag(coordinator.page, { flagId: SUBNET_FLAG, reason: REASON, votes: 20 });

  const proposalId = await proposeAudienceChoice(director.page, {
    winner: honestTitle,
    counted: 5,
    holder: honest.email,
  });
  const secondsRequests = await playwright.request.newContext({ baseURL });
  const second = await confirmingDirector(secondsRequests, stateDir, baseURL);
  await second.confirm(proposalId, AFTER_CLOSE);
  await secondsRequests.dispose();
  await seeAudienceChoicePublished(director.page, { winner: honestTitle, counted: 5 });

  expect(
    sql(
      `SELECT count(*) AS n FROM credentials WHERE achievement = 'audience-choice' AND user_id = (SELECT id FROM "user" WHERE email = '${honest.email}') AND signed_json IS NOT NULL`,
    )[0]?.n,
  ).toBe(1);
  // The audit log: the exclusion with its reason, the proposal, the confirmation.
  const audit = sql(
    `SELECT action, actor_label, reason FROM events WHERE actor_label IN ('${coordinator.email}', '${director.email}', '${second.email}') ORDER BY id`,
  );
  expect(audit).toEqual([
    { action: "votes.exclude", actor_label: coordinator.email, reason: REASON },
    { action: "proposals.propose", actor_label: director.email, reason: null },
    { action: "votes.publish-audience-choice", actor_label: second.email, reason: null },
  ]);
  await coordinator.page.context().close();
  await director.page.context().close();
});

// The first server's showcase is showcase.spec.ts's: no published Audience Choice, only its twenty seeded projects.
test.afterAll(() => {
  sql(
    [
      "DELETE FROM showcase_ledger WHERE edition_id = '2026'",
      "DELETE FROM published_results WHERE edition_id = '2026' AND award = 'audience-choice'",
      "DELETE FROM showcase_votes WHERE user_id LIKE 'e2e-voter-%'",
      "UPDATE submissions SET public_consent = 0 WHERE title LIKE 'Stuffed Ballot %' OR title LIKE 'Honest Planner %'",
    ].join(";\n"),
  );
});
