import { expect, type Page } from "@playwright/test";
import { toast } from "../auth-helpers";
import { redactAddresses } from "../../../app/organize/redact";

/**
 * The vote review's browser steps (issue 33), for the organizers' second
 * end-to-end story: each takes a page signed in as an organizer who may take
 * the step (a coordinator or a director, past the second factor) whose
 * requests already carry a time after the vote's close (X-App-Now), and
 * asserts what the organizer sees. Desk pages never hydrate (ADR 013): loaded
 * is ready, with JavaScript or without.
 */

async function openVoteReview(page: Page) {
  await page.goto("/organize/votes");
  await page.waitForLoadState("domcontentloaded");
  await expect(page.getByRole("heading", { level: 1, name: "Vote review" })).toBeVisible();
}

/** The flag `flagId` on /organize/votes: its card. */
const flagCard = (page: Page, flagId: string) =>
  page.getByTestId("flags").getByRole("article").filter({ hasText: flagId });

/** The review flags `votes` votes under `flagId` (none excluded yet), with `description`. */
export async function seeFlag(
  page: Page,
  { flagId, description, votes }: { flagId: string; description: string; votes: number },
) {
  await openVoteReview(page);
  const card = flagCard(page, flagId);
  await expect(card).toContainText(description);
  await expect(card.getByTestId("flag-votes")).toContainText(`${votes} votes, 0 excluded`);
}

/** Excludes every vote of the flag with a reason, in the flag's own category; the flag then shows them all excluded. */
export async function excludeFlag(
  page: Page,
  { flagId, reason, votes }: { flagId: string; reason: string; votes: number },
) {
  await openVoteReview(page);
  const card = flagCard(page, flagId);
  await card.getByText("Exclude this flag").click();
  await card.getByLabel("Reason").fill(reason);
  await card.getByRole("button", { name: /Exclude every vote of this flag/ }).click();
  await expect(toast(page, "Votes excluded")).toBeVisible();
  await expect(flagCard(page, flagId).getByTestId("flag-votes")).toContainText(`${votes} votes, ${votes} excluded`);
  await expect(page.getByTestId("excluded-table")).toContainText(reason);
}

/**
 * Proposes the Audience Choice; the proposal's page previews `winner` as the
 * winner with its counted votes and the credential of `holder` (redacted
 * for a role that may not read people). Answers the
 * proposal's id, for a second director to confirm.
 */
export async function proposeAudienceChoice(
  page: Page,
  {
    winner,
    counted,
    holder,
    mayReadPeople = true,
  }: {
    winner: string;
    counted: number;
    holder: string;
    /** A coordinator may not read people: the holder's address is redacted for them (issue 50). */
    mayReadPeople?: boolean;
  },
): Promise<string> {
  await openVoteReview(page);
  await page.getByRole("button", { name: "Propose the Audience Choice" }).click();
  await expect(page).toHaveURL(/\/organize\/proposals\/[\w-]+$/);
  await expect(page.getByText(`won by "${winner}"`).first()).toBeVisible();
  const ledger = page.getByRole("table", { name: "The ledger (published on /showcase)" });
  const row = ledger.getByRole("row").filter({ hasText: winner });
  await expect(row.getByRole("cell").nth(3)).toHaveText(String(counted));
  await expect(row.getByRole("cell").nth(4)).toHaveText("winner");
  await expect(page.getByRole("main")).toContainText(mayReadPeople ? holder : redactAddresses(holder));
  if (!mayReadPeople) await expect(page.getByRole("main")).not.toContainText(holder);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** Once confirmed: /organize/votes says it is published, and /showcase shows the winner with its votes. */
export async function seeAudienceChoicePublished(page: Page, { winner, counted }: { winner: string; counted: number }) {
  await openVoteReview(page);
  await expect(page.getByTestId("voting-status")).toContainText("The Audience Choice was published");
  await page.goto("/showcase");
  await expect(page.getByText(`Audience Choice: "${winner}", with ${counted} votes.`)).toBeVisible();
}
