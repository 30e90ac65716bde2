import { expect, type Page } from "@playwright/test";
import { toast } from "../auth-helpers";
import { axeFindings } from "../axe";

/**
 * The credentials desk's browser steps (issue 33), for the second desk story
 * (composed by the lead) and tests/e2e/organize-credentials.spec.ts. Each
 * takes a page signed in as a registrar (two-step sign-in passed in this
 * session) and asserts what the registrar sees. The desk's pages never
 * hydrate (ADR 013): loaded is ready, with JavaScript or without.
 */

async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

/**
 * Uploads the training provider's file, checks its preview (each matched
 * holder to be issued, the unverified account refused, the unknown
 * certification listed), confirms, and sees the import's toast.
 */
export async function importCompletionsOnDesk(
  page: Page,
  file: {
    csv: string;
    issuedTo: readonly string[];
    refusedUnverified: string;
    unknownCertification: string;
  },
  /** axe runs in the page: only where it runs JavaScript (a context without it is checked by layout.spec.ts's way). */
  { axe = true }: { axe?: boolean } = {},
) {
  await go(page, "/organize/credentials");
  await page.getByLabel("Completions file (CSV)").setInputFiles({
    name: "completions.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file.csv),
  });
  await page.getByRole("button", { name: "Preview the import" }).click();
  const preview = page.getByTestId("import-preview");
  await expect(preview).toBeVisible();
  // The preview's tables are the page's only state layout.spec.ts does not open: axe-clean too.
  if (axe) expect(await axeFindings(page)).toEqual([]);
  const matched = preview.getByTestId("preview-matched");
  for (const email of file.issuedTo) await expect(matched).toContainText(email);
  const problems = preview.getByTestId("preview-problems");
  await expect(problems.getByRole("row").filter({ hasText: file.refusedUnverified })).toContainText(
    "Account not verified (refused)",
  );
  await expect(problems.getByRole("row").filter({ hasText: file.unknownCertification })).toContainText(
    "Unknown certification",
  );
  await preview.getByRole("button", { name: /Confirm the import/ }).click();
  await expect(toast(page, "Completions imported")).toBeVisible();
  const list = page.getByTestId("credentials-table");
  for (const email of file.issuedTo) await expect(list).toContainText(email);
}

/** Revokes a holder's credential with a reason, through the confirmation card, and sees it revoked in the list. */
export async function revokeOnDesk(
  page: Page,
  { email, credential, reason }: { email: string; credential: string; reason: string },
) {
  await go(page, `/organize/credentials?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Revoke… ${credential} of ${email}` }).click();
  await page.waitForLoadState("domcontentloaded");
  const card = page.locator("#revoke");
  await expect(card).toContainText(email);
  await card.getByLabel("Reason (the holder and verifiers read it)").fill(reason);
  await card.getByRole("button", { name: "Revoke this credential" }).click();
  await expect(toast(page, "Credential revoked")).toBeVisible();
  const row = page
    .getByTestId("credentials-table")
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: credential });
  await expect(row.first()).toContainText(`Revoked`);
  await expect(row.first()).toContainText(reason);
}
