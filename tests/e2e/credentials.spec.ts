import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { toast, uniqueEmail, useOwnClientIp } from "./auth-helpers";
import { afterFinalsNow, baseURL, port } from "./servers";

/**
 * Credentials end to end (issue 26), on the site after the 2026 finals (every
 * request says the day with X-App-Now): the organizers import a participant's
 * three certifications with the admin CLI (against the server's own
 * database); the participant sees them on /account, makes one private, opens
 * a public page that verifies, downloads the JSON and checks it (and a
 * tampered copy) on /verify. These pages never hydrate: they are the same
 * with JavaScript on or off, so their plain forms are proven once, without it
 * (@no-script).
 */
test.use({ extraHTTPHeaders: { "x-app-now": afterFinalsNow } });

test.beforeEach(async ({ page }) => {
  await useOwnClientIp(page);
});

function importCompletions(email: string) {
  const dir = mkdtempSync(join(tmpdir(), "e2e-completions-"));
  try {
    const file = join(dir, "completions.csv");
    writeFileSync(
      file,
      [
        "email,certification,completion date",
        `${email},AI Communicator,2026-01-20`,
        `${email},AI Creator,2026-02-03`,
        `${email},AI Builder,2026-02-17`,
      ].join("\n"),
    );
    const run = spawnSync("node", ["scripts/admin.mjs", "import-completions", file, "--edition", "2026"], {
      encoding: "utf8",
      // The server's own day: credentials are issued "now" as the site sees it.
      env: { ...process.env, STATE_DIR: `.wrangler/e2e-state-${port}`, APP_NOW: afterFinalsNow },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("3 new certification credential(s) issued");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function participantWithCertifications(page: Page) {
  const email = uniqueEmail("badges");
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "a good passphrase", name: "Robin Badger" },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
  importCompletions(email);
  return email;
}

/** These pages never hydrate (no handle.hydrate): the same plain HTML with JavaScript on or off. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

async function submit(page: Page, button: ReturnType<Page["getByRole"]>) {
  await Promise.all([page.waitForNavigation(), button.click()]);
  await page.waitForLoadState("domcontentloaded");
}

async function verifyPasted(page: Page, json: string) {
  await visit(page, "/verify");
  await page.getByLabel("Credential JSON").fill(json);
  await submit(page, page.getByRole("button", { name: "Verify" }));
}

test("a participant's credentials on /account, a public page that verifies, and /verify @no-script", async ({
  page,
}) => {
  await participantWithCertifications(page);

  await visit(page, "/account");
  const list = page.getByRole("list", { name: "Your credentials" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  for (const name of ["AI Communicator", "AI Creator", "AI Builder"]) {
    await expect(list.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const builder = list.getByRole("listitem").filter({ hasText: "AI Builder" });
  await expect(builder.getByRole("link", { name: /Add to LinkedIn profile/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=AI\+Builder/,
  );
  const pagePath = await builder.getByRole("link", { name: "Share (public page)" }).getAttribute("href");
  expect(pagePath).toMatch(/^\/credentials\/[0-9a-f]{32}$/);

  // The public page, as anyone sees it.
  await visit(page, pagePath!);
  await expect(page.getByRole("heading", { level: 1, name: "AI Builder" })).toBeVisible();
  await expect(page.getByTestId("verification-summary")).toHaveText(/This credential is verified\./);
  const json = await (await page.request.get(`${pagePath}/credential.json`)).text();
  expect(JSON.parse(json).type).toContain("OpenBadgeCredential");

  // /verify: the genuine file verifies; one changed letter does not.
  await verifyPasted(page, json);
  await expect(page.getByTestId("verification-summary")).toHaveText(/This credential is verified\./);
  await verifyPasted(page, json.replace('"name": "AI Builder"', '"name": "AI Bvilder"'));
  await expect(page.getByTestId("verification-summary")).toHaveText(/This credential does not verify\./);

  // The page loads no script at all: what works with JavaScript off is all there is.
  expect(await page.locator("script[src]").count()).toBe(0);
});

test("the holder makes a credential private: others get a 404, the holder still sees it @no-script", async ({
  page,
  browser,
}) => {
  await participantWithCertifications(page);
  await visit(page, "/account");
  const communicator = page.getByRole("listitem").filter({ hasText: "AI Communicator" });
  const pagePath = await communicator.getByRole("link", { name: "Share (public page)" }).getAttribute("href");
  await submit(page, communicator.getByRole("button", { name: /Make private/ }));
  await expect(toast(page, "Credential Private")).toBeVisible();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "AI Communicator" })
      .getByRole("button", { name: /Make public/ }),
  ).toBeVisible();

  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-app-now": afterFinalsNow } });
  try {
    const response = await stranger.request.get(pagePath!);
    expect(response.status()).toBe(404);
  } finally {
    await stranger.close();
  }
  await visit(page, pagePath!);
  await expect(page.getByText("Only you can see this page")).toBeVisible();
});
