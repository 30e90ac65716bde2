import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./auth-helpers";

const messages = {
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be less than 100 characters",
  emailInvalid: "Please enter a valid email address",
  messageTooShort: "Message must be at least 10 characters",
};

async function openContact(page: Page, testInfo: TestInfo) {
  await page.goto("/contact");
  // With JavaScript, wait until React owns the form (client validation, busy label).
  if (testInfo.project.name === "chromium") await waitForHydration(page);
}

test.describe("the contact form", () => {
  test("shows the schema's messages by each field and in a summary, and focuses the first invalid field", async ({
    page,
  }, testInfo) => {
    await openContact(page, testInfo);
    const form = page.locator("form#contact");
    await form.getByRole("button", { name: "Send Message" }).click();

    const summary = page.getByRole("alert").filter({ hasText: "Please correct the following:" });
    await expect(summary).toBeVisible();
    for (const text of [messages.nameTooShort, messages.emailInvalid, messages.messageTooShort]) {
      await expect(summary.getByRole("link", { name: text })).toBeVisible();
    }
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(messages.nameTooShort);
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(messages.emailInvalid);
    await expect(name).toBeFocused();
    // The subject is optional: no error.
    await expect(page.getByLabel("Subject (optional)")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("never cuts long input silently: the visitor is told", async ({ page }, testInfo) => {
    await openContact(page, testInfo);
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).not.toHaveAttribute("maxlength");
    await name.fill("N".repeat(101));
    await page.getByLabel("Email", { exact: true }).fill("visitor@example.com");
    await page.getByLabel("Message", { exact: true }).fill("A perfectly fine message.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(messages.nameTooLong);
    // In the browser the form keeps all of it; a server answer echoes at most the field's
    // maximum (issue 16: a page never carries back more than the form could hold).
    const kept = testInfo.project.name === "chromium" ? 101 : 100;
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("N".repeat(kept));
    // The rest of the input is kept.
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("A perfectly fine message.");
  });

  test("sends a message: success toast, empty form, and the e-mail in /dev/mailbox shown as text", async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const token = `e2e-${testInfo.project.name}-${Date.now()}`;
    const injected = `<script>window.__pwned = true</script><b>bold</b> ${token}`;
    await openContact(page, testInfo);

    await page.getByLabel("Name", { exact: true }).fill("Playwright Visitor");
    await page.getByLabel("Email", { exact: true }).fill("playwright@example.com");
    await page.getByLabel("Subject (optional)").fill(`Question ${token}`);
    await page.getByLabel("Message", { exact: true }).fill(`Hello organizers! ${injected}`);
    if (testInfo.project.name === "chromium") {
      // Hold the submission a moment to see the busy state (SPEC.md §4).
      await page.route("**/contact.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 750));
        await route.continue();
      });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    } else {
      await page.getByRole("button", { name: "Send Message" }).click();
    }

    const toast = page.getByRole("status").filter({ hasText: "Message sent!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon.");
    await expect(page).toHaveURL(/\/contact$/);
    for (const label of ["Name", "Email", "Message"]) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
    }
    await expect(page.getByLabel("Subject (optional)")).toHaveValue("");

    if (testInfo.project.name === "chromium") {
      await toast.getByRole("button", { name: "Dismiss notification" }).click();
      await expect(toast).toBeHidden();
    }

    // The toast was a flash: it is gone on the next visit.
    await page.goto("/contact");
    await expect(page.getByRole("status").filter({ hasText: "Message sent!" })).toHaveCount(0);

    // The queue consumer delivers to the local mailbox within seconds.
    const entry = page.locator("article", { hasText: token });
    await expect(async () => {
      await page.goto("/dev/mailbox");
      await expect(entry).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
    await expect(entry).toContainText(`Contact form: Question ${token} — from Playwright Visitor`);
    await expect(entry.locator("pre")).toContainText(injected);
    await expect(entry.locator("pre b")).toHaveCount(0);
    await expect(entry.locator("script")).toHaveCount(0);
    if (testInfo.project.name === "chromium") {
      expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    }
  });
});
