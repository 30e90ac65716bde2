import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  mailboxLink,
  open,
  openAccountMenu,
  uniqueIp,
  toast,
  uniqueEmail,
  verifyEmailFromMailbox,
  withJavaScript,
} from "./auth-helpers";
import { fillPerson, signUpThroughApi, submitToCheckout } from "./people";

/**
 * The Challenge Portal end to end (issue 15), with JavaScript and without, on
 * one server and one database: each person's browser sends X-App-Now (honored
 * outside production only), so the clock moves from the creation period to a
 * minute after the deadline. Two participants register and pay on the
 * stand-in, form a team by e-mailed invitation, save every component with
 * both uploads, submit, find the confirmation in /dev/mailbox, and then find
 * everything read-only.
 */

const CREATING = "2026-02-10T12:00:00-07:00";
const AFTER_DEADLINE = "2026-03-19T00:01:00-06:00";

const words = (n: number) => Array.from({ length: n }, (_, i) => `idea${i}`).join(" ");

function pdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  const objects = Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj<</Type /Page /Parent 2 0 R>>endobj\n`).join(
    "",
  );
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [${kids}] /Count ${pages}>>endobj\n${objects}trailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

interface Participant {
  email: string;
  context: BrowserContext;
  page: Page;
  ip: string;
}

async function at(person: Participant, now: string) {
  await person.context.setExtraHTTPHeaders({ "cf-connecting-ip": person.ip, "x-app-now": now });
}

/** A person in a browser context of their own, signed up, verified, registered and paid at the creation period's price. */
async function enrolledParticipant(browser: Browser, testInfo: TestInfo, tag: string): Promise<Participant> {
  const context = await browser.newContext({ ...testInfo.project.use });
  const person = {
    email: uniqueEmail(tag),
    context,
    page: await context.newPage(),
    ip: uniqueIp(),
  };
  await at(person, CREATING);
  const { page } = person;
  await signUpThroughApi(page, testInfo, person.email);
  await verifyEmailFromMailbox(page, testInfo, person.email);
  await open(page, "/register?tab=individual", testInfo);
  await fillPerson(page, person.email, tag === "lead" ? "Jordan" : "Riley", "Sandoval");
  const checkout = await submitToCheckout(page, testInfo);
  await checkout.getByRole("button", { name: "Pay $300" }).click();
  await expect(checkout.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  if (checkout !== page) await checkout.close();
  return person;
}

async function save(page: Page, section: string) {
  await page.locator(`section#${section}`).getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page, "Saved")).toBeVisible();
}

async function uploadFile(page: Page, section: string, name: string, bytes: Buffer) {
  const form = page.locator(`section#${section}`);
  await form.locator('input[type="file"]').setInputFiles({ name, mimeType: "application/pdf", buffer: bytes });
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByTestId(`${section}-current`)).toContainText(name);
}

test("two participants form a team, save every component with both uploads, submit, and find it read-only after the deadline", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const lead = await enrolledParticipant(browser, testInfo, "lead");
  const member = await enrolledParticipant(browser, testInfo, "member");

  // The lead opens the portal from the header and forms a team.
  await lead.page.goto("/");
  await (await openAccountMenu(lead.page)).getByRole("link", { name: "Portal" }).click();
  await expect(lead.page.getByTestId("portal-status")).toContainText("enrolled as an individual participant");
  await expect(
    lead.page.getByRole("link", { name: /Add to calendar \(\.ics\)\s*: Project submission deadline/ }),
  ).toBeVisible();
  const teamName = `Spud Squad ${testInfo.project.name}`;
  await lead.page.getByLabel("Team name").fill(teamName);
  await lead.page.getByRole("button", { name: "Create a team" }).click();
  await expect(toast(lead.page, "Team")).toContainText(`Team ${teamName} is ready`);
  await lead.page.getByLabel("Invite a teammate by e-mail").fill(member.email);
  await lead.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(lead.page, "Team")).toContainText(`We e-mailed an invitation to ${member.email}`);
  await expect(lead.page.getByTestId("team-invitations")).toContainText(member.email);

  // The member follows the e-mailed link and joins.
  const invitation = await mailboxLink(
    member.page,
    member.email,
    /invited to join a team/,
    /\/portal\/invitation\?token=/,
  );
  await member.page.goto(invitation);
  await member.page.getByRole("button", { name: "Join the team" }).click();
  await expect(toast(member.page, "Welcome to the team")).toBeVisible();
  await expect(member.page.getByTestId("team-members")).toContainText(lead.email);

  // The member saves the five components; the missing list shrinks to nothing.
  // Signed-in pages never hydrate: nothing to wait for after a navigation.
  await member.page.getByRole("link", { name: "Work on your submission" }).click();
  const page = member.page;
  await expect(page.getByTestId("missing")).toContainText("Pitch deck");
  await page.getByLabel("Link to the prototype or workflow demo").fill("https://demo.example.com/spud");
  await save(page, "prototype");
  // A short abstract is refused with the server's count, and what was typed stays.
  await page.getByRole("textbox", { name: "Abstract" }).fill(words(120));
  if (withJavaScript(testInfo)) await expect(page.locator("#abstract-count")).toHaveText("120 words");
  await page.locator("section#abstract").getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("The abstract has 120 words; it needs at least 250.");
  await expect(page.getByRole("textbox", { name: "Abstract" })).toHaveValue(words(120));
  await page.getByRole("textbox", { name: "Abstract" }).fill(words(260));
  await save(page, "abstract");
  await page.getByLabel("Link to the video").fill("https://www.loom.com/share/spud-demo");
  await page.getByLabel(/The video runs 3–5 minutes/).check();
  await save(page, "demo-video");
  await page.getByRole("textbox", { name: "How AI was used" }).fill(words(120));
  await save(page, "ai-use-log");
  await uploadFile(page, "pitch-deck", "Spud deck.pdf", pdf(10));
  await expect(page.getByTestId("pitch-deck-current")).toContainText("10 pages");
  await uploadFile(page, "reflection-log", "reflection.pdf", pdf(4));
  await expect(page.getByText("All five components are in.")).toBeVisible();

  // The lead sees the same project and submits it.
  await lead.page.goto("/portal/submission");
  await expect(lead.page.getByTestId("pitch-deck-current")).toContainText("Spud deck.pdf");
  await lead.page.getByRole("button", { name: "Submit the project" }).click();
  await expect(toast(lead.page, "Submitted")).toBeVisible();
  await expect(lead.page.getByTestId("submission-status")).toContainText("Submitted Feb 10, 2026");

  // Both get the confirmation.
  for (const person of [lead, member]) {
    const link = await mailboxLink(person.page, person.email, /project is submitted/, /\/portal$/);
    expect(link).toMatch(/\/portal$/);
  }

  // A minute after the deadline: read-only, no forms, the work still there.
  await at(member, AFTER_DEADLINE);
  await member.page.goto("/portal/submission");
  await expect(member.page.getByTestId("read-only")).toContainText(
    "The submission deadline (Mar 18, 2026, 11:59 PM MT) has passed",
  );
  await expect(member.page.getByRole("textbox", { name: "Abstract" })).toHaveValue(words(260));
  await expect(member.page.getByRole("textbox", { name: "Abstract" })).toBeDisabled();
  await expect(member.page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await expect(member.page.getByRole("button", { name: "Upload", exact: true })).toHaveCount(0);
  await expect(member.page.getByTestId("pitch-deck-current")).toContainText("Spud deck.pdf");
  await member.page.goto("/portal");
  await expect(member.page.getByText("Team membership is frozen")).toBeVisible();
  await expect(member.page.getByTestId("submission-status")).toContainText("Submitted Feb 10, 2026");

  await lead.context.close();
  await member.context.close();
});

test("a visitor is sent to sign in, and an account without enrollment is told to register", async ({
  page,
}, testInfo) => {
  await page.setExtraHTTPHeaders({ "x-app-now": CREATING });
  await page.goto("/portal");
  await expect(page.getByRole("heading", { name: "Sign in to open the portal" })).toBeVisible();
  const email = uniqueEmail("unenrolled");
  await signUpThroughApi(page, testInfo, email);
  await verifyEmailFromMailbox(page, testInfo, email);
  await page.goto("/portal");
  await expect(page.getByRole("heading", { name: "Enroll to use the portal" })).toBeVisible();
  await page.getByTestId("portal-step").getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register\?tab=individual$/);
});
