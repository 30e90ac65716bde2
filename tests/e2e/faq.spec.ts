import { expect, test } from "./fixtures";
import { faqGroupAnchor, faqGroupsFor } from "../../app/content/faq";
import { edition2026 } from "../edition-2026";
import { developmentSiteContact, mailtoHref } from "../../app/content/site";
import { axeViolations, openForAxe } from "./axe";

// Native exclusive <details name=…>: the same behaviour with and without JavaScript,
// so these tests hold in both projects unchanged.

const faqGroups = faqGroupsFor(edition2026, new Date("2025-12-01T12:00:00-07:00"));
const [employees, organizations] = faqGroups;
const submissionGroup = faqGroups.find((g) => g.title === "Submission & Awards")!;

test.describe("FAQ", () => {
  test("only one item of a group is open at a time", async ({ page }) => {
    await page.goto("/faq");
    const group = page.locator(`[id="${faqGroupAnchor(employees.title)}"]`);
    const first = group.locator("details").nth(0);
    const second = group.locator("details").nth(1);
    await expect(first).not.toHaveAttribute("open");
    await expect(first.getByText(employees.items[0].paragraphs[0].slice(0, 40))).toBeHidden();

    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open");
    await expect(first.getByText(employees.items[0].paragraphs[0].slice(0, 40))).toBeVisible();

    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open");
    await expect(first).not.toHaveAttribute("open");
    await expect(group.locator("details[open]")).toHaveCount(1);

    // Another group keeps its own open item.
    const other = page.locator(`[id="${faqGroupAnchor(organizations.title)}"] details`).first();
    await other.locator("summary").click();
    await expect(other).toHaveAttribute("open");
    await expect(second).toHaveAttribute("open");

    // Clicking the open item closes it.
    await second.locator("summary").click();
    await expect(group.locator("details[open]")).toHaveCount(0);
  });

  test("items open and close from the keyboard", async ({ page }) => {
    await page.goto("/faq");
    const item = page.locator(`[id="${faqGroupAnchor(employees.title)}"] details`).first();
    await item.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(item).toHaveAttribute("open");
    await page.keyboard.press("Space");
    await expect(item).not.toHaveAttribute("open");
  });

  test("group anchors work from a link and from the address bar", async ({ page }) => {
    const anchor = faqGroupAnchor(submissionGroup.title);
    expect(anchor).toBe("submission-&-awards");

    await page.goto(`/faq#${anchor}`);
    const section = page.locator(`[id="${anchor}"]`);
    await expect(section.getByRole("heading", { level: 2, name: submissionGroup.title })).toBeInViewport();

    await page.goto("/faq");
    for (const group of faqGroups) {
      await page.getByRole("navigation", { name: "Jump to a topic" }).getByRole("link", { name: group.title }).click();
      await expect(page).toHaveURL(new RegExp(`#${faqGroupAnchor(group.title)}$`));
      await expect(
        page.locator(`[id="${faqGroupAnchor(group.title)}"]`).getByRole("heading", { level: 2 }),
      ).toBeInViewport();
    }
  });

  test("offers support by email and Contact Us, and ships no JavaScript", async ({ page }) => {
    await page.goto("/faq");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Email Support" })).toHaveCount(2);
    await expect(main.getByRole("link", { name: "Email Support" }).first()).toHaveAttribute(
      "href",
      mailtoHref(developmentSiteContact.email),
    );
    await expect(main.getByRole("link", { name: "Contact Us", exact: true }).first()).toHaveAttribute(
      "href",
      "/about#contact",
    );
    await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
  });

  test("open answers pass axe too", async ({ page, browser, baseURL }, testInfo) => {
    const target = await openForAxe({ page, browser, baseURL }, testInfo);
    try {
      await target.page.goto("/faq");
      for (const group of faqGroups) {
        await target.page
          .locator(`[id="${faqGroupAnchor(group.title)}"] details summary`)
          .first()
          .click();
      }
      await expect(target.page.locator("details[open]")).toHaveCount(faqGroups.length);
      expect(await axeViolations(target.page)).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
