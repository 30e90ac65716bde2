import { expect, type Page } from "@playwright/test";
import { moderationDeskText, moderationRules } from "../../../app/content/showcase-moderation";
import { teamChooserText } from "../../../app/content/organize";
import { toast } from "../auth-helpers";
import { redactAddresses } from "../../../app/organize/redact";

/**
 * The showcase's steps on the organizers' desk (issue 33), for the second
 * story and tests/e2e/organize-showcase.spec.ts: each takes a page already
 * signed in as the right organizer (a coordinator, or a director confirming)
 * and asserts what that organizer sees. With JavaScript or without: the desk
 * never hydrates, every form is a plain POST.
 */

/** Signed-in pages never hydrate (ADR 013): loaded is ready. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

/** The project's row on /organize/showcase, found by its title through the page's search. */
async function projectCard(page: Page, title: string) {
  await go(page, "/organize/showcase");
  await page.getByLabel(moderationDeskText.searchLabel).fill(title);
  await page.getByRole("button", { name: moderationDeskText.searchButton, exact: true }).click();
  await page.waitForLoadState("domcontentloaded");
  const card = page.getByTestId("moderated-project").filter({ has: page.getByRole("rowheader", { name: title }) });
  await expect(card).toHaveCount(1);
  return card;
}

/** A coordinator hides a project from the gallery with a reason; the desk says so and its public page is gone. */
export async function hideProjectStep(page: Page, project: { title: string; slug: string }, reason: string) {
  const card = await projectCard(page, project.title);
  await expect(card.getByTestId("gallery-state")).toHaveText(moderationDeskText.shownState);
  // The row's link opens its form (one form on the page, in that row).
  await card.getByText(moderationDeskText.hideSummary).click();
  await page.waitForLoadState("domcontentloaded");
  await card.getByLabel(`${moderationDeskText.reasonLabel} (${project.title})`).fill(reason);
  await card.getByRole("button", { name: new RegExp(`^${moderationDeskText.hideButton}`) }).click();
  await expect(toast(page, "Project hidden")).toBeVisible();
  const hidden = await projectCard(page, project.title);
  await expect(hidden.getByTestId("gallery-state")).toContainText("Hidden");
  await expect(hidden).toContainText(reason);
  expect((await page.request.get(`/showcase/${project.slug}`)).status()).toBe(404);
}

/** The coordinator shows it again, with a reason; its public page answers again. */
export async function showProjectStep(page: Page, project: { title: string; slug: string }, reason: string) {
  const card = await projectCard(page, project.title);
  await card.getByText(moderationDeskText.showSummary).click();
  await page.waitForLoadState("domcontentloaded");
  await card.getByLabel(`${moderationDeskText.reasonLabel} (${project.title})`).fill(reason);
  await card.getByRole("button", { name: new RegExp(`^${moderationDeskText.showButton}`) }).click();
  await expect(toast(page, "Project shown again")).toBeVisible();
  const shown = await projectCard(page, project.title);
  await expect(shown.getByTestId("gallery-state")).toHaveText(moderationDeskText.shownState);
  expect((await page.request.get(`/showcase/${project.slug}`)).status()).toBe(200);
}

/**
 * A coordinator proposes a late-submission exception for one team: first a
 * number of hours past the bound (refused on the form), then `hours`; the
 * browser lands on the proposal, whose preview names the team, a member and
 * the new deadline. Answers the proposal's id.
 */
export async function proposeExtensionStep(
  page: Page,
  exception: { team: string; memberEmail: string; hours: number; newDeadline: string; reason: string },
): Promise<string> {
  await go(page, "/organize/showcase#extensions");
  // The form is shown once its link is followed (issue 56).
  await page.getByRole("link", { name: moderationDeskText.extendLink }).click();
  await page.waitForLoadState("domcontentloaded");
  // An edition with more teams than the chooser lists shows a search first (issue 56): the team is found by name.
  const search = page.getByLabel(teamChooserText.searchLabel);
  if (await search.isVisible()) {
    await search.fill(exception.team);
    await search.press("Enter");
    await page.waitForLoadState("domcontentloaded");
  }
  const form = page.getByRole("form", { name: moderationDeskText.extendButton });
  await form.getByLabel(moderationDeskText.teamLabel).selectOption({ label: exception.team });
  await form.getByLabel(moderationDeskText.hoursLabel).fill(String(moderationRules.extensionMaxHours + 1));
  await form.getByLabel(moderationDeskText.reasonLabel).fill(exception.reason);
  await form.getByRole("button", { name: moderationDeskText.extendButton }).click();
  await page.waitForLoadState("domcontentloaded");
  await expect(
    page.getByText(`Give a whole number of hours from 1 to ${moderationRules.extensionMaxHours}.`).first(),
  ).toBeVisible();

  const again = page.getByRole("form", { name: moderationDeskText.extendButton });
  await again.getByLabel(moderationDeskText.teamLabel).selectOption({ label: exception.team });
  await again.getByLabel(moderationDeskText.hoursLabel).fill(String(exception.hours));
  await again.getByLabel(moderationDeskText.reasonLabel).fill(exception.reason);
  await again.getByRole("button", { name: moderationDeskText.extendButton }).click();
  await expect(page).toHaveURL(/\/organize\/proposals\/[\w-]+$/);
  await expect(toast(page, "Exception proposed")).toBeVisible();
  const main = page.locator("main");
  await expect(main).toContainText(exception.team);
  // A coordinator may not read people: the members' addresses are redacted for them (issue 50).
  await expect(main).toContainText(redactAddresses(exception.memberEmail));
  await expect(main).not.toContainText(exception.memberEmail);
  await expect(main).toContainText(exception.newDeadline);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** A second director confirms the exception with their code; the desk then lists the team's new deadline. */
export async function confirmExtensionStep(
  page: Page,
  proposalId: string,
  code: () => Promise<string>,
  exception: { team: string; newDeadline: string },
) {
  await go(page, `/organize/proposals/${proposalId}`);
  await page.getByLabel("Your authenticator code or a recovery code").fill(await code());
  await page.getByRole("button", { name: "Confirm and carry it out" }).click();
  await page.waitForLoadState("domcontentloaded");
  await go(page, "/organize/showcase#extensions");
  const row = page.getByTestId("extensions-table").locator("tr", { hasText: exception.team });
  await expect(row).toContainText(exception.newDeadline);
}
