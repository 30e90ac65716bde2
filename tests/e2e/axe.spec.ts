import { expect, test } from "./fixtures";
import { axeFindings, openForAxe } from "./axe";

/**
 * The checker itself: every page check that runs axe (./axe.ts) trusts an
 * empty list to mean "no violation", so a page given one of each kind the
 * site could get wrong must come back with each named, in each project's way
 * of running axe (without JavaScript, in the twin page whose scripts are blocked).
 */
test("axe names each violation planted in a page", async ({ page, browser, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const forAxe = await openForAxe({ page, browser, baseURL }, testInfo);
  try {
    await forAxe.page.goto("/about");
    await forAxe.page.evaluate(() => {
      document.documentElement.removeAttribute("lang");
      document.querySelector("main")!.insertAdjacentHTML(
        "beforeend",
        `<img src="/favicon.ico"><p style="color:#ccc;background:#fff">Faint text</p><button></button>
         <input type="text"><a href="/about"></a><div role="bogus">A made-up role</div>`,
      );
    });
    const rules = (await axeFindings(forAxe.page)).map((line) => line.split(" ")[0]);
    expect(rules.sort()).toEqual([
      "aria-roles",
      "button-name",
      "color-contrast",
      "html-has-lang",
      "image-alt",
      "label",
      "link-name",
    ]);
  } finally {
    await forAxe.close();
  }
});

/**
 * A toast fades in (300 ms); halfway, its text has half its contrast. axe
 * must check the page as it settles, not where a run started on load lands:
 * here the toast is caught halfway through a four-second fade.
 */
test("axe checks a toast's colours once it has faded in", async ({ page, browser, baseURL }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const forAxe = await openForAxe({ page, browser, baseURL }, testInfo);
  try {
    // Without a checkout session the thank-you page says it could not verify one, in an error toast.
    await forAxe.page.goto("/sponsor-success");
    const halfway = await forAxe.page.locator("[data-toast]").evaluate((toast) => {
      toast.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 4000 }).currentTime = 2000;
      return Number(getComputedStyle(toast).opacity);
    });
    expect(halfway).toBe(0.5);
    expect(await axeFindings(forAxe.page)).toEqual([]);
  } finally {
    await forAxe.close();
  }
});
