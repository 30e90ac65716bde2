import { expect, type Page, type TestInfo } from "@playwright/test";

export { inOneRateLimitWindow, uniqueEmail, uniqueIp } from "../rate-limit-window";

export function withJavaScript(testInfo: TestInfo): boolean {
  return testInfo.project.name !== "no-javascript";
}

/** Opens a page and, with JavaScript, waits until React has hydrated it. */
export async function open(page: Page, path: string, testInfo: TestInfo): Promise<void> {
  await page.goto(path);
  await waitForPage(page, testInfo);
}

export async function waitForPage(page: Page, testInfo: TestInfo): Promise<void> {
  await page.waitForLoadState("domcontentloaded");
  if (withJavaScript(testInfo)) await waitForHydration(page);
}

/** As long as `expect` waits by default. */
const HYDRATION_TIMEOUT_MS = 5_000;

/**
 * Resolves once React has hydrated the page (`data-hydrated` on <html>,
 * app/root.tsx); fails if it has not within `expect`'s default time.
 *
 * A MutationObserver in the page tells, where `expect(…).toHaveAttribute`
 * would poll: its polling kept the page busy, and a form page hydrates at its
 * first idle moment (ADR 007), so the page hydrated later than a visitor's
 * does and every frame meanwhile cost CPU. Measured on /contact, 20 loads
 * each way: about 540 ms of the machine's CPU per load polled, 310–370 ms
 * observed (docs/test-suite.md). A navigation meanwhile (a form's redirect)
 * starts the wait again on the new document.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const deadline = Date.now() + HYDRATION_TIMEOUT_MS;
  for (;;) {
    const hydrated = await page
      .evaluate(
        (timeout) =>
          new Promise<boolean>((resolve) => {
            const root = document.documentElement;
            const done = () => root.dataset.hydrated === "true";
            if (done()) return resolve(true);
            const observer = new MutationObserver(() => {
              if (!done()) return;
              observer.disconnect();
              clearTimeout(timer);
              resolve(true);
            });
            const timer = setTimeout(() => {
              observer.disconnect();
              resolve(done());
            }, timeout);
            observer.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
          }),
        Math.max(deadline - Date.now(), 0),
      )
      .catch((error: unknown) => {
        // The document went away mid-wait: wait on the one that replaced it.
        if (/Execution context was destroyed|navigat/i.test(String(error)) && Date.now() < deadline) return null;
        throw error;
      });
    if (hydrated === null) {
      await page.waitForLoadState("domcontentloaded");
      continue;
    }
    expect(hydrated, `${page.url()} hydrated within ${HYDRATION_TIMEOUT_MS} ms`).toBe(true);
    return;
  }
}

export function authForm(page: Page) {
  return page.locator("form").filter({ has: page.getByLabel("Password") });
}

/** Creates an account through /auth; ends on the page the form leads to (default /register). */
export async function signUp(page: Page, testInfo: TestInfo, email: string, password = "a good passphrase") {
  await open(page, "/auth", testInfo);
  const form = authForm(page);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created!")).toBeVisible();
  await waitForPage(page, testInfo);
}

/**
 * The header's account menu, opened (issue 35): the address, the areas the
 * person may enter and Sign Out. At the projects' 1280 px it sits in the
 * navigation row; a native <details>, it opens with or without JavaScript.
 */
export async function openAccountMenu(page: Page) {
  const menu = page.getByRole("banner").getByTestId("account-menu");
  if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator("summary").click();
  return menu.getByTestId("account-panel");
}

/** Signs out through the header's POST form. */
export async function signOut(page: Page) {
  await (await openAccountMenu(page)).getByRole("button", { name: "Sign Out" }).click();
}

export function toast(page: Page, title: string) {
  return page.locator("[data-toast]").filter({ hasText: title });
}

/**
 * The link in the newest e-mail to `address` whose subject matches, once the
 * queue consumer has stored it in the local mailbox (/dev/mailbox).
 */
export async function mailboxLink(page: Page, address: string, subject: RegExp, link: RegExp): Promise<string> {
  const entry = page.locator("article", { hasText: address }).filter({ hasText: subject }).first();
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  const href = await entry.locator("a", { hasText: link }).first().getAttribute("href");
  if (!href) throw new Error(`no link matching ${link} in the e-mail to ${address}`);
  return href;
}

/** Follows the verification link e-mailed to `address` (issue 13): the real flow, ending on /register. */
export async function verifyEmailFromMailbox(page: Page, testInfo: TestInfo, address: string): Promise<void> {
  const href = await mailboxLink(page, address, /Verify your e-mail address/, /\/verify-email\?token=/);
  await page.goto(href);
  await expect(toast(page, "Email verified")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await waitForPage(page, testInfo);
}
