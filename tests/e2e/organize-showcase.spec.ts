import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { test } from "./fixtures";
import { uniqueIp } from "./auth-helpers";
import { confirmExtensionStep, hideProjectStep, proposeExtensionStep, showProjectStep } from "./desk-steps/showcase";
import { localSql } from "./local-d1";
import { baseURL, port } from "./servers";
import { organizerAccount } from "./organizer";
import { freshTotp } from "./two-step";

/**
 * Showcase moderation and a late-submission exception on the organizers'
 * desk (issue 33), once with JavaScript and once without: a coordinator
 * hides a project from the gallery with a reason and shows it again, then
 * proposes a 48-hour exception for one team (a number past the bound is
 * refused first), and a second director confirms it with their code. The
 * steps are ./desk-steps/showcase.ts, which the second story composes.
 * What the team and the server then do is organize-showcase.test.ts's.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
/** The showcase's first day: the gallery is open, and a 48-hour exception still runs until 11:59 PM. */
const SHOWCASE_DAY = "2026-03-20T10:00:00-06:00";
const NEW_DEADLINE = "Mar 20, 2026, 11:59 PM MT";
const sql = (command: string) => localSql(stateDir, command);

/** A submitted, consenting project of 2026 and its team of one, written as the portal leaves them. */
function seedProject(tag: string) {
  const id = randomUUID().slice(0, 8);
  const userId = `e2e-showcase-${id}`;
  const email = `${userId}@example.com`;
  const teamId = `e2e-team-${id}`;
  const title = `Moderated ${tag} ${id}`;
  const slug = `moderated-${tag}-${id}`.toLowerCase();
  const team = `Team ${tag} ${id}`;
  const at = "2026-03-10T12:00:00.000Z";
  sql(
    [
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${userId}', 'Casey Moderated', '${email}', 1)`,
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('${teamId}', '2026', '${team}', '${userId}', '${at}')`,
      `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('${teamId}', '${userId}', '2026', 'lead', '${at}')`,
      `INSERT INTO submissions (team_id, edition_id, prototype_url, abstract, video_url, video_confirmed, ai_use_log, status,
         submitted_at, submitted_by, created_at, updated_at, updated_by, title, summary, track, public_consent, slug)
       VALUES ('${teamId}', '2026', 'https://demo.example.com/app', 'What it does.', 'https://www.loom.com/share/abc', 1,
         'How AI was used.', 'submitted', '${at}', '${userId}', '${at}', '${at}', '${userId}', '${title}', 'In one sentence.',
         'generative-ai', 1, '${slug}')`,
    ].join(";\n"),
  );
  return { title, slug, team, email };
}

async function deskPage(browser: Browser, javaScriptEnabled: boolean, role: "director" | "coordinator") {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    extraHTTPHeaders: { "x-app-now": SHOWCASE_DAY, "cf-connecting-ip": uniqueIp() },
  });
  const page = await context.newPage();
  const who = await organizerAccount(page.request, { stateDir, baseURL, role });
  return { page, ...who };
}

test("@both-modes a coordinator hides and shows a project and proposes a late-submission exception a second director confirms", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "js" : "nojs";
    const project = seedProject(`gallery-${mode}`);
    const late = seedProject(`late-${mode}`);
    const coordinator = await deskPage(browser, javaScriptEnabled, "coordinator");
    const director = await deskPage(browser, javaScriptEnabled, "director");

    await hideProjectStep(coordinator.page, project, "The demo link shows a customer's private records.");
    await showProjectStep(coordinator.page, project, "The team replaced the link.");
    const proposalId = await proposeExtensionStep(coordinator.page, {
      team: late.team,
      memberEmail: late.email,
      hours: 48,
      newDeadline: NEW_DEADLINE,
      reason: "The lead's laptop was stolen on the last day.",
    });
    await confirmExtensionStep(director.page, proposalId, () => freshTotp(director.secret), {
      team: late.team,
      newDeadline: NEW_DEADLINE,
    });

    await coordinator.page.context().close();
    await director.page.context().close();
  }
});

// The first server's gallery is showcase.spec.ts's twenty seeded projects: these leave it as they found it.
test.afterAll(() => {
  sql("UPDATE submissions SET public_consent = 0 WHERE title LIKE 'Moderated %'");
});
