import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures";
import { uniqueIp } from "./auth-helpers";
import { axeViolations } from "./axe";
import { layoutFindings } from "./layout";
import { organizerAccount } from "./organizer";
import { baseURL, port } from "./servers";

/**
 * The organizers' preview of the site on another day (issue 52), in a
 * browser: a coordinator starts it on the desk without JavaScript (a plain
 * POST), the public site shows the banner, which fits 320 px and passes axe
 * (checked with JavaScript on, for axe itself: the content pages ship none),
 * as does the desk's preview page,
 * and its "Leave preview" button, again without JavaScript, ends it. It opens
 * its own contexts, so it runs in the "chromium" project only.
 */

const stateDir = `.wrangler/e2e-state-${port}`;

test("@both-modes a coordinator's preview: the banner fits 320 px, passes axe, and leaving ends it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const scriptless = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await scriptless.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp() });
  await organizerAccount(scriptless.request, {
    stateDir,
    baseURL,
    role: "coordinator",
    tag: `preview-${randomUUID().slice(0, 6)}`,
  });
  const page = await scriptless.newPage();
  await page.goto("/organize/preview");
  const start = page.getByRole("region", { name: "Start preview" });
  await start.getByLabel("Edition").selectOption("live");
  await start.getByLabel("Day (Boise)").fill("2026-01-20");
  await start.getByRole("button", { name: "Start preview" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  const banner = page.getByRole("complementary", { name: "Preview" });
  await expect(banner).toContainText("Jan 20, 2026, 9:00 AM MT");

  // The same session with JavaScript on, for axe, at the narrowest width the site supports.
  const withScripts = await browser.newContext({
    baseURL,
    storageState: await scriptless.storageState(),
    viewport: { width: 320, height: 800 },
  });
  await withScripts.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp() });
  const narrow = await withScripts.newPage();
  for (const path of ["/", "/register"]) {
    await narrow.goto(path);
    await expect(narrow.getByRole("complementary", { name: "Preview" }), path).toBeVisible();
    expect(await narrow.evaluate(layoutFindings, { minTarget: 24 }), path).toEqual([]);
    expect(await axeViolations(narrow), path).toEqual([]);
  }
  // The desk's own page, which names the preview and is never previewed itself.
  await narrow.goto("/organize/preview");
  await expect(narrow.getByTestId("current-preview")).toContainText("Jan 20, 2026, 9:00 AM MT");
  await expect(narrow.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  expect(await narrow.evaluate(layoutFindings, { minTarget: 24 })).toEqual([]);
  expect(await axeViolations(narrow)).toEqual([]);
  await withScripts.close();

  await banner.getByRole("button", { name: "Leave preview" }).click();
  await expect(page).toHaveURL(`${baseURL}/organize/preview`);
  await expect(page.getByTestId("current-preview")).toContainText("You are not previewing the site.");
  await page.goto("/");
  await expect(page.getByRole("complementary", { name: "Preview" })).toHaveCount(0);
  await scriptless.close();
});
