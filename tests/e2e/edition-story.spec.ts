import type { Browser, BrowserContext, Page } from "@playwright/test";
import { editionCheckMessages } from "../../app/content/edition-desk";
import { expect, test } from "./fixtures";
import { uniqueEmail, uniqueIp } from "./auth-helpers";
import { localSql } from "./local-d1";
import { organizerAccount, ORGANIZER_PASSWORD, signInToDesk } from "./organizer";
import { fillPerson } from "./people";
import { editionStoryBaseURL as baseURL, editionStoryPort } from "./servers";
import { freshTotp } from "./two-step";

/**
 * Issue 52's "done when", in one run on a server and database of its own
 * (tests/e2e/servers.ts): a coordinator drafts the 2027 edition from the
 * copy of 2026 the desk offers, with new dates and prices, and is told
 * beside the field that a milestone is out of order; fixes it. A director
 * previews the home page and /register on 2027's early-bird day and on its
 * finals day through the desk's preview, leaves it and proposes
 * publication; a second director confirms with a code. On 2027's early-bird
 * day a new participant registers and pays 2027's early price on the local
 * stand-in checkout. Months later the first director, signed in again,
 * extends the submission deadline by two days for everyone and the
 * director on duty that day confirms with a code: one
 * e-mail in the outbox per member of a team still working, and the calendar
 * feed moves the event with a higher SEQUENCE. The audit log names every
 * step. No edition file in the code is involved: 2027 is data only.
 *
 * It opens its own contexts, with JavaScript (the proposing director) and
 * without (the coordinator, the confirming director, the participant), so
 * it runs in the "chromium" project only (@both-modes).
 */

const stateDir = `.wrangler/e2e-state-${editionStoryPort}`;
const sql = (command: string) => localSql(stateDir, command);

/** After the 2026 finals: 2027 is drafted, previewed and published. */
const DRAFT_DAY = "2026-05-10T12:00:00-06:00";
/** 2027's early-bird enrollment (it opens Nov 10, 2026; regular prices from the drafted Jan 12, 2027). */
const EARLY_BIRD_DAY = "2026-11-20T12:00:00-07:00";
/** Before 2027's submission deadline (Mar 18, 2027, 11:59 PM MT), when a storm makes it move. */
const CHANGE_DAY = "2027-03-15T12:00:00-06:00";

const EARLY_PRICE = "275";
const REGULAR_PRICE = "325";
const FEED_UID = "UID:2027-submission-deadline@idahoaichallenge.org";

async function personContext(
  browser: Browser,
  now: string,
  javaScriptEnabled = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp(), "x-app-now": now });
  return { context, page: await context.newPage() };
}

/** One event of a calendar feed, by its UID line. */
function feedEvent(feed: string, uid: string): string {
  const start = feed.indexOf(`${uid}\r\n`);
  expect(start, `${uid} in the feed`).toBeGreaterThanOrEqual(0);
  return feed.slice(start, feed.indexOf("END:VEVENT", start));
}

test("@both-modes the 2027 edition: drafted, previewed, published, paid for and its deadline moved, on the desk alone", async ({
  browser,
}) => {
  test.setTimeout(90_000);

  // 1. The coordinator drafts 2027 from the copy of 2026, without JavaScript.
  const coordinator = await personContext(browser, DRAFT_DAY);
  const coordinatorAccount = await organizerAccount(coordinator.context.request, {
    stateDir,
    baseURL,
    role: "coordinator",
  });
  const draftPage = coordinator.page;
  await draftPage.goto("/organize/editions");
  await draftPage
    .getByRole("link", { name: "Draft the 2027 edition (a copy of 2026 Challenge, every date a year later)" })
    .click();
  await expect(draftPage).toHaveURL(`${baseURL}/organize/editions/2027`);
  const programStarts = draftPage.getByLabel("Program starts: start");
  await expect(programStarts).toHaveValue("2027-02-01");
  await programStarts.fill("2027-01-10");
  await draftPage.getByLabel("Regular prices from").fill("2027-01-12");
  await draftPage.getByRole("button", { name: "Save the dates" }).click();
  const outOfOrder = editionCheckMessages.outOfOrder(
    "Program starts",
    "Jan 10, 2027",
    "Organization enrollment opens",
    "Jan 15, 2027",
  );
  await expect(programStarts).toHaveAttribute("aria-invalid", "true");
  const beside = draftPage.locator(`[id="${await programStarts.getAttribute("aria-describedby")}"]`);
  await expect(beside).toContainText(outOfOrder);
  await expect(draftPage.getByLabel("Regular prices from")).toHaveValue("2027-01-12");
  expect(sql(`SELECT count(*) AS n FROM edition_versions WHERE edition_id = '2027'`)[0]?.n).toBe(0);
  // Fixed: the program starts two days later than 2026's a year on.
  await programStarts.fill("2027-02-03");
  await draftPage.getByLabel("Program starts: last day").fill("2027-02-03");
  await draftPage.getByRole("button", { name: "Save the dates" }).click();
  await expect(draftPage.getByRole("status")).toContainText("The dates saved as draft version 1.");
  await draftPage.getByLabel("Individual, early bird ($)").fill(EARLY_PRICE);
  await draftPage.getByLabel("Individual, regular ($)").fill(REGULAR_PRICE);
  await draftPage.getByLabel("Workforce Package, early bird ($)").fill("5500");
  await draftPage.getByLabel("Workforce Package, regular ($)").fill("6500");
  await draftPage.getByRole("button", { name: "Save the prices" }).click();
  await expect(draftPage.getByRole("status")).toContainText("saved as draft version 2.");
  await expect(draftPage.locator("#check")).toContainText("No problem found: the draft can be proposed.");
  expect(sql(`SELECT version, state FROM edition_versions WHERE edition_id = '2027' ORDER BY version`)).toEqual([
    { version: 1, state: "draft" },
    { version: 2, state: "draft" },
  ]);

  // 2. A director previews the draft's early-bird day and finals day, with JavaScript, then leaves the preview.
  const director = await personContext(browser, DRAFT_DAY, true);
  const directorAccount = await organizerAccount(director.context.request, { stateDir, baseURL, role: "director" });
  const desk = director.page;
  const previewKeyDay = async (label: RegExp) => {
    await desk.goto("/organize/preview");
    const draft = desk
      .getByTestId("preview-key-days")
      .getByRole("heading", { name: "2027 Challenge, version 2 (draft)" })
      .locator("xpath=..");
    await draft.getByRole("button", { name: label }).click();
    await expect(desk).toHaveURL(`${baseURL}/`);
  };
  const banner = desk.getByRole("complementary", { name: "Preview" });
  await previewKeyDay(/^Enrollment opens \(early bird\)/);
  await expect(banner).toContainText("2027 Challenge, version 2 (draft) as on Nov 10, 2026, 9:00 AM MT");
  await expect(desk.locator("main")).toContainText("2027");
  await desk.goto("/register");
  await expect(banner).toBeVisible();
  await expect(desk.getByTestId("pricing-badge")).toHaveText("Early Bird pricing");
  await expect(desk.getByTestId("register-price-individual")).toHaveText(`$${EARLY_PRICE}`);
  await previewKeyDay(/^Finals/);
  await expect(banner).toContainText("2027 Challenge, version 2 (draft) as on Apr");
  await expect(banner).toContainText("2027");
  await expect(desk.locator("main")).toContainText("2027");
  await desk.goto("/register");
  await expect(desk.getByTestId("enrollment-closed")).toBeVisible();
  await banner.getByRole("button", { name: "Leave preview" }).click();
  await expect(desk).toHaveURL(`${baseURL}/organize/preview`);
  await expect(desk.getByTestId("current-preview")).toContainText("You are not previewing the site.");
  // The live site still does not know 2027.
  await desk.goto("/register");
  await expect(banner).toHaveCount(0);
  await expect(desk.getByTestId("enrollment-closed")).toBeVisible();

  // 3. The director proposes publication; a second director confirms with a code (without JavaScript).
  await desk.goto("/organize/editions/2027");
  const propose = desk.locator("#propose");
  await propose.getByLabel("Contest rules version reviewed by counsel").fill("2027-1");
  await propose.getByRole("button", { name: "Propose version 2 for publication" }).click();
  await expect(desk).toHaveURL(/\/organize\/proposals\/[^/]+$/);
  const publication = new URL(desk.url()).pathname;
  const second = await personContext(browser, DRAFT_DAY);
  const secondAccount = await organizerAccount(second.context.request, { stateDir, baseURL, role: "director" });
  await second.page.goto(publication);
  await expect(second.page.locator("main")).toContainText(
    "Publish the 2027 Challenge (version 2): enrollment opens Tuesday, November 10, 2026",
  );
  await second.page
    .getByLabel("Your authenticator code or a recovery code")
    .fill(await freshTotp(secondAccount.secret));
  await second.page.getByRole("button", { name: "Confirm and carry it out" }).click();
  await expect(second.page.getByRole("status")).toContainText(
    "The 2027 Challenge, version 2, is published: the site shows it within a minute.",
  );
  expect(sql(`SELECT published_version FROM editions WHERE id = '2027'`)).toEqual([{ published_version: 2 }]);

  // 4. On 2027's early-bird day a new participant registers and pays 2027's early price (no JavaScript).
  const participant = await personContext(browser, EARLY_BIRD_DAY);
  const participantEmail = uniqueEmail("edition-2027");
  const signUp = await participant.context.request.post("/api/auth/sign-up/email", {
    data: { email: participantEmail, password: ORGANIZER_PASSWORD, name: "" },
    headers: { origin: baseURL },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  await participant.page.goto("/register");
  await expect(participant.page.getByTestId("pricing-badge")).toHaveText("Early Bird pricing");
  await expect(participant.page.getByTestId("register-price-individual")).toHaveText(`$${EARLY_PRICE}`);
  await fillPerson(participant.page, participantEmail);
  await participant.page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(participant.page).toHaveURL(/\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
  await expect(participant.page.getByTestId("checkout-plan")).toContainText("Individual (Early Bird)");
  await expect(participant.page.getByTestId("checkout-amount")).toHaveText(`$${EARLY_PRICE}`);
  await participant.page.getByRole("button", { name: `Pay $${EARLY_PRICE}` }).click();
  await expect(participant.page).toHaveURL(/\/registration-success\?session_id=cs_local_/);
  await expect(participant.page.getByTestId("paid-amount")).toHaveText(`$${EARLY_PRICE}`);
  expect(
    sql(
      `SELECT r.edition_id, r.status FROM registrations r JOIN "user" u ON u.id = r.user_id WHERE u.email = '${participantEmail}'`,
    ),
  ).toEqual([{ edition_id: "2027", status: "paid" }]);

  // Months on, the participant's team works on its project with a teammate; another team has submitted.
  const ids = (email: string) => String(sql(`SELECT id FROM "user" WHERE email = '${email}'`)[0]?.id);
  const teammateEmail = uniqueEmail("edition-2027-teammate");
  const doneEmail = uniqueEmail("edition-2027-done");
  for (const email of [teammateEmail, doneEmail]) {
    const made = await participant.context.request.post("/api/auth/sign-up/email", {
      data: { email, password: ORGANIZER_PASSWORD, name: "" },
      headers: { origin: baseURL },
    });
    expect(made.status(), await made.text()).toBe(200);
  }
  const at = "2027-02-10T12:00:00.000Z";
  const [lead, teammate, done] = [participantEmail, teammateEmail, doneEmail].map(ids);
  sql(
    [
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('story-2027-working', '2027', 'Storm Chasers', '${lead}', '${at}')`,
      `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('story-2027-working', '${lead}', '2027', 'lead', '${at}'), ('story-2027-working', '${teammate}', '2027', 'member', '${at}')`,
      `INSERT INTO submissions (team_id, edition_id, status, created_at, updated_at, updated_by) VALUES ('story-2027-working', '2027', 'draft', '${at}', '${at}', '${lead}')`,
      `INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES ('story-2027-done', '2027', 'Early Birds', '${done}', '${at}')`,
      `INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES ('story-2027-done', '${done}', '2027', 'lead', '${at}')`,
      `INSERT INTO submissions (team_id, edition_id, status, submitted_at, submitted_by, created_at, updated_at, updated_by) VALUES ('story-2027-done', '2027', 'submitted', '${at}', '${done}', '${at}', '${at}', '${done}')`,
    ].join(";\n"),
  );

  // 5. A storm: the director extends the submission deadline by two days, the second director confirms.
  const feedBefore = await (
    await participant.context.request.get("/timeline.ics?milestone=submission-deadline", {
      headers: { "x-app-now": CHANGE_DAY },
    })
  ).text();
  const eventBefore = feedEvent(feedBefore, FEED_UID);
  expect(eventBefore).toContain("SEQUENCE:0\r\n");
  expect(eventBefore).toContain("DTSTART;TZID=America/Boise:20270318T235900");

  const stormDesk = await personContext(browser, CHANGE_DAY, true);
  await signInToDesk(stormDesk.page, directorAccount.email, directorAccount.secret);
  await stormDesk.page.goto("/organize/editions/2027");
  const change = stormDesk.page.locator("#change");
  await change.getByLabel("Milestone", { exact: true }).selectOption("submission-deadline");
  await change.getByLabel("New date (or first day)").fill("2027-03-20");
  await change.getByLabel("New time (MT)").fill("23:59");
  await change.getByLabel("What changed and why").fill("A storm closed offices on the 18th.");
  await change.getByRole("button", { name: "Preview and propose the change" }).click();
  await expect(stormDesk.page).toHaveURL(/\/organize\/proposals\/[^/]+$/);
  const changeProposal = new URL(stormDesk.page.url()).pathname;

  const secondLater = await personContext(browser, CHANGE_DAY);
  // The director on duty that day (any director but the proposer confirms): a desk session of their own.
  const onDuty = await organizerAccount(secondLater.context.request, { stateDir, baseURL, role: "director" });
  await secondLater.page.goto(changeProposal);
  const proposalMain = secondLater.page.locator("main");
  await expect(proposalMain).toContainText("Project submission deadline");
  await expect(proposalMain).toContainText("Members of teams whose project is not submitted yet");
  await expect(proposalMain).toContainText("A storm closed offices on the 18th.");
  await secondLater.page.getByLabel("Your authenticator code or a recovery code").fill(await freshTotp(onDuty.secret));
  await secondLater.page.getByRole("button", { name: "Confirm and carry it out" }).click();
  await expect(secondLater.page.getByRole("status")).toContainText(
    "The 2027 Challenge is changed (version 3); 2 e-mail(s) in the outbox.",
  );

  // One e-mail in the outbox per person affected: the two members of the team still working, not the one done.
  expect(sql(`SELECT recipient FROM notifications WHERE kind = 'edition-changed' ORDER BY recipient`)).toEqual(
    [participantEmail, teammateEmail].sort().map((recipient) => ({ recipient })),
  );
  const feedAfter = await (
    await participant.context.request.get("/timeline.ics", { headers: { "x-app-now": CHANGE_DAY } })
  ).text();
  const eventAfter = feedEvent(feedAfter, FEED_UID);
  expect(eventAfter).toContain("SEQUENCE:1\r\n");
  expect(eventAfter).toContain("DTSTART;TZID=America/Boise:20270320T235900");

  // 6. The audit log names every step, and who took it.
  await secondLater.page.goto("/organize/audit");
  const audit = secondLater.page.getByRole("table", { name: "Audit log entries, newest first" });
  const steps: [string, string, string][] = [
    ["Saved the dates of the 2027 Challenge as draft version 1", "editions.draft-dates", coordinatorAccount.email],
    ["Saved the prices of the 2027 Challenge as draft version 2", "editions.draft-prices", coordinatorAccount.email],
    [
      "Started a preview of 2027 Challenge, version 2 (draft) on Nov 10, 2026",
      "site-preview.start",
      directorAccount.email,
    ],
    ["Started a preview of 2027 Challenge, version 2 (draft) on Apr", "site-preview.start", directorAccount.email],
    ["Left the preview of 2027 Challenge, version 2 (draft)", "site-preview.leave", directorAccount.email],
    ["Proposed: Publish the 2027 Challenge (version 2)", "proposals.propose", directorAccount.email],
    ["Published the 2027 Challenge, version 2", "editions.publish", secondAccount.email],
    [
      "Proposed: Change the 2027 Challenge: Project submission deadline → Mar 20, 2027",
      "proposals.propose",
      directorAccount.email,
    ],
    ["Changed the 2027 Challenge: Project submission deadline (version 3)", "editions.change", onDuty.email],
  ];
  for (const [step, action, who] of steps) {
    const row = audit.getByRole("row").filter({ hasText: step }).filter({ hasText: action }).filter({ hasText: who });
    await expect(row, step).toHaveCount(1);
  }

  for (const person of [coordinator, director, second, participant, stormDesk, secondLater])
    await person.context.close();
});
