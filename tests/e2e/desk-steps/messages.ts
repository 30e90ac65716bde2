import { expect, type Page } from "@playwright/test";
import { messagesDesk } from "../../../app/content/organize";
import { toast } from "../auth-helpers";

/**
 * The organizers' desk's messages (issue 33), as a registrar or a director
 * uses /organize/messages: steps of the issue's second story, composed by
 * tests/e2e/organize-messages.spec.ts and the lead's story. Each takes a page
 * signed in as that organizer (a session past the second factor), with
 * JavaScript or without: the desk's forms are plain POSTs either way.
 */

/** Signed-in pages never hydrate (ADR 013): loaded is ready. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

/**
 * "An announcement to the teams that submitted is previewed, test-sent and
 * sent": written, previewed (the count, the first recipients, the e-mail),
 * tried on the organizer alone, then sent; the past announcements list it.
 */
export async function announceToSubmittedTeams(
  page: Page,
  {
    organizerEmail,
    subject,
    body,
    recipients,
    someRecipient,
  }: { organizerEmail: string; subject: string; body: string; recipients: number; someRecipient: string },
) {
  await go(page, "/organize/messages");
  const compose = page.getByRole("region", { name: messagesDesk.composeTitle });
  await compose.getByLabel(messagesDesk.segmentLabel).selectOption("submitted");
  await compose.getByLabel(messagesDesk.subjectLabel).fill(subject);
  await compose.getByLabel(messagesDesk.bodyLabel).fill(body);
  await compose.getByRole("button", { name: messagesDesk.previewButton }).click();

  const preview = page.getByRole("region", { name: messagesDesk.previewTitle });
  await expect(preview.getByTestId("preview-count")).toHaveText(messagesDesk.previewLead(recipients));
  await expect(preview.getByTestId("preview-subject")).toHaveText(subject);
  await expect(preview.getByTestId("preview-text")).toContainText(body.split("\n")[0]!);
  await expect(preview.getByTestId("preview-text")).toContainText("your team submitted a project to");
  if (recipients <= 10) await expect(preview.getByTestId("preview-recipients")).toContainText(someRecipient);
  // What was typed is still in the form.
  await expect(compose.getByLabel(messagesDesk.subjectLabel)).toHaveValue(subject);

  await preview.getByRole("button", { name: messagesDesk.testButton }).click();
  await expect(page.getByRole("status").filter({ hasText: messagesDesk.testDone(organizerEmail) })).toBeVisible();

  await page
    .getByRole("region", { name: messagesDesk.previewTitle })
    .getByRole("button", { name: messagesDesk.sendButton(recipients) })
    .click();
  await expect(toast(page, messagesDesk.announcementSent)).toBeVisible();
  const past = page.getByTestId("past-announcements");
  await expect(past.locator("tr", { hasText: subject })).toContainText(messagesDesk.segments.submitted.label);
}
