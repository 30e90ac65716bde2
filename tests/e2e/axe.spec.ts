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
