import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publicRoutes } from "../../app/content/routes";
import { authForm, uniqueEmail, waitForHydration } from "./auth-helpers";

// Issue 12, ADR 007: form pages paint as the server's HTML and hydrate later
// (load, first paint and an idle moment, or the first interaction). Until
// then they are the no-JavaScript page and must behave like it.
//
// About JavaScript itself, so only the chromium project runs this file
// (playwright.config.ts). Without JavaScript these pages are the plain
// forms that contact.spec.ts and auth.spec.ts submit in the no-javascript
// project; docs/test-suite.md lists where each former twin's checks live.

const formPaths = publicRoutes.filter((route) => route.kind === "form").map((route) => route.path);

/**
 * Holds back the entry module (React and the router's start-up) until
 * `release()`, so a test can act in the window before hydration however
 * fast the machine is. The route modules may load; nothing hydrates.
 */
async function holdHydration(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Holds the document POSTs to `path` until `release()`: a slow network or a
 * busy server, so a test can watch the page while its plain submit is on its way.
 */
async function holdPosts(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let posted = () => {};
  const firstPost = new Promise<void>((resolve) => (posted = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posted();
      await released;
      await route.continue();
    },
  );
  return { firstPost, release };
}

/** Logged by `recordSubmitButton` once React has hydrated the page and settled. */
const SETTLED_AFTER_HYDRATION = "settled after hydration";

/**
 * Runs in the page: records what its submit button shows once the form has
 * been sent, once React has hydrated and settled (then logs `settledMessage`),
 * and as the page leaves for the answer. The record is kept in
 * sessionStorage, for the tab's next page to read: while a navigation is
 * pending, Playwright waits for it to end before it looks at the page or
 * evaluates anything in it.
 */
function recordSubmitButton(settledMessage: string) {
  const record: Record<string, { label: string; disabled: boolean }> = {};
  const note = (moment: string) => {
    const button = document.querySelector<HTMLButtonElement>("form button[type=submit]");
    if (button) record[moment] = { label: button.innerText.trim(), disabled: button.disabled };
    sessionStorage.setItem("submit-button", JSON.stringify(record));
  };
  addEventListener("submit", () => setTimeout(() => note("sent")));
  addEventListener("pagehide", () => note("leaving"));
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.hydrated !== "true") return;
    observer.disconnect();
    // After React's effects and the updates they start.
    requestIdleCallback(
      () => {
        note("hydrated");
        console.log(settledMessage);
      },
      { timeout: 1_000 },
    );
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
}

function readSubmitButtonRecord() {
  return JSON.parse(sessionStorage.getItem("submit-button") ?? "{}") as unknown;
}

/** Errors in the browser: a hydration mismatch is reported as one. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.describe("form pages hydrate after the first paint", () => {
  for (const path of formPaths) {
    test(`${path}: no script is requested before the first paint`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await page.waitForLoadState("load");
      await waitForHydration(page);
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
      }));
      expect(firstPaint, "a first contentful paint").not.toBeNull();
      expect(scripts.length, "chunks loaded to hydrate").toBeGreaterThan(0);
      const early = scripts.filter((script) => script.startTime < (firstPaint ?? 0));
      expect(early, `scripts requested before the paint at ${firstPaint} ms`).toEqual([]);
      expect(errors).toEqual([]);
    });
  }

  test("hydrates by itself, without any interaction", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
  });

  test("text typed before hydration stays in the fields, and focus stays where it was", async ({ page }) => {
    const errors = collectErrors(page);
    const { release } = await holdHydration(page);
    await page.goto("/contact");
    const name = page.getByLabel("Name", { exact: true });
    const message = page.getByLabel("Message", { exact: true });
    await name.pressSequentially("Typed Early");
    await message.pressSequentially("Typed before React arrived.");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    release();
    await waitForHydration(page);
    await expect(name).toHaveValue("Typed Early");
    await expect(message).toHaveValue("Typed before React arrived.");
    await expect(message).toBeFocused();
    // Typing goes on where it stopped.
    await page.keyboard.type(" More.");
    await expect(message).toHaveValue("Typed before React arrived. More.");
    expect(errors).toEqual([]);
  });

  test("a submit before hydration is the plain POST: the server answers with the field errors", async ({ page }) => {
    const { release } = await holdHydration(page);
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("J");
    const post = page.waitForRequest((request) => request.method() === "POST" && request.isNavigationRequest());
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(new URL((await post).url()).pathname).toBe("/contact");
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
      "Name must be at least 2 characters",
    );
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("J");
    release();
  });

  test("a tap before hydration shows the busy label at once, and a second tap posts nothing more", async ({ page }) => {
    const errors = collectErrors(page);
    const { release } = await holdHydration(page);
    // Each post is answered "204 No Content", so the browser keeps the page as it is while a post is on its
    // way (Playwright waits for a pending navigation before every look, so a held answer could not be watched).
    const posts: string[] = [];
    await page.route("**/contact", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts.push(route.request().postData() ?? "");
      await route.fulfill({ status: 204 });
    });
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("J");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => posts.length).toBe(1);
    // The whole form went, with what was typed.
    expect(new URLSearchParams(posts[0]).get("name")).toBe("J");
    // SPEC.md §4's busy state before React is there (its entry is held back): disabled, "Sending...".
    const busy = page.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeDisabled();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    // A second tap, an Enter in a field, a script's submit: nothing more is posted.
    await busy.click({ force: true });
    await page.getByLabel("Name", { exact: true }).press("Enter");
    await page.locator("form", { has: busy }).evaluate((form: HTMLFormElement) => form.requestSubmit());
    // React takes over without undoing the busy state of the post on its way, and without a mismatch.
    release();
    await waitForHydration(page);
    await expect(busy).toBeDisabled();
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test("a plain submit on its way when React hydrates stays busy until the next page arrives", async ({ page }) => {
    const errors = collectErrors(page);
    const hydration = await holdHydration(page);
    const signUps = await holdPosts(page, "/auth");
    await page.goto("/auth");
    const form = authForm(page);
    await form.getByLabel("Email").fill(uniqueEmail("on-its-way"));
    await form.getByLabel("Password").fill("a good passphrase");
    await page.evaluate(recordSubmitButton, SETTLED_AFTER_HYDRATION);
    // Not waiting for the navigation to start: its answer is held.
    await form.getByRole("button", { name: "Create Account" }).click({ noWaitAfter: true });
    await signUps.firstPost;

    // React hydrates the page while its POST is on its way, and settles; then the answer arrives.
    const settled = page.waitForEvent("console", (message) => message.text() === SETTLED_AFTER_HYDRATION);
    hydration.release();
    await settled;
    signUps.release();
    await expect(page).toHaveURL(/\/register(\?|$)/);
    await expect(page.getByText("Account Created!")).toBeVisible();

    const busy = { label: "Creating Account...", disabled: true };
    expect(await page.evaluate(readSubmitButtonRecord)).toEqual({ sent: busy, hydrated: busy, leaving: busy });
    expect(errors).toEqual([]);
  });

  test("a sign-up before hydration is the plain POST and redirect", async ({ page }) => {
    const { release } = await holdHydration(page);
    await page.goto("/auth");
    const form = authForm(page);
    await form.getByLabel("Email").fill(uniqueEmail("early"));
    await form.getByLabel("Password").fill("a good passphrase");
    const post = page.waitForRequest((request) => request.method() === "POST" && request.isNavigationRequest());
    await form.getByRole("button", { name: "Create Account" }).click();
    await post;
    await expect(page).toHaveURL(/\/register(\?|$)/);
    await expect(page.getByText("Account Created!")).toBeVisible();
    release();
  });

  test("after hydration the form validates in place, without a request", async ({ page }) => {
    await page.goto("/contact");
    const documentPosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") documentPosts.push(request.url());
    });
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("J");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
      "Name must be at least 2 characters",
    );
    // The schema runs in the browser: no request at all.
    expect(documentPosts).toHaveLength(0);
  });
});
