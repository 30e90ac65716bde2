import { expect, type Page } from "@playwright/test";
import { peopleText } from "../../../app/content/organize";
import { toast } from "../auth-helpers";

/**
 * The registrar's steps on the organizers' desk (issue 33), for the desk's
 * end-to-end story and tests/e2e/organize-people.spec.ts: each takes a page
 * already signed in as a registrar (or a director) and asserts what they see.
 * Desk pages never hydrate (ADR 013): the same steps hold with JavaScript
 * and without.
 */

/** Searches People by part of a name or address and opens the person's page; the page shows `facts`. */
export async function searchAndOpenPerson(
  page: Page,
  { query, email, facts = [] }: { query: string; email: string; facts?: readonly string[] },
) {
  await page.goto("/organize");
  await page.getByRole("navigation", { name: "Organizers' desk" }).getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { level: 1, name: peopleText.searchTitle })).toBeVisible();
  const search = page.getByRole("search");
  await search.getByLabel(peopleText.searchLabel).fill(query);
  await search.getByRole("button", { name: peopleText.searchButton }).click();
  const results = page.getByTestId("people-table");
  await expect(results).toContainText(email);
  await results
    .getByRole("row", { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) })
    .getByRole("link")
    .click();
  await expect(page.getByRole("region", { name: peopleText.accountTitle })).toContainText(email);
  for (const fact of facts) await expect(page.locator("main")).toContainText(fact);
  await expect(page.getByRole("region", { name: peopleText.votesTitle })).toContainText(peopleText.votesNote);
}

/** Opens Messages received and marks the contact message with `subject` handled; it then reads "Handled … by <who>". */
export async function markContactHandled(page: Page, { subject, by }: { subject: string; by: string }) {
  await page.goto("/organize");
  await page
    .getByRole("navigation", { name: "Organizers' desk" })
    .getByRole("link", { name: "Messages received" })
    .click();
  const message = page.getByRole("article", { name: subject });
  await expect(message.getByTestId("handled-state")).toHaveText(peopleText.waiting);
  await message.getByRole("button", { name: new RegExp(`^${peopleText.markHandled}`) }).click();
  await expect(toast(page, peopleText.contactToast)).toBeVisible();
  await expect(page.getByRole("article", { name: subject }).getByTestId("handled-state")).toContainText(by);
  await expect(page.getByRole("article", { name: subject }).getByRole("button", { name: /^Reopen/ })).toBeVisible();
}
