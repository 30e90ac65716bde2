import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { authForm, open, openAccountMenu, signOut, signUp, toast, uniqueEmail, withJavaScript } from "./auth-helpers";
import { axeViolations } from "./axe";
import { freshTotp, totp } from "./two-step";

const PASSWORD = "a good passphrase";

function form(page: Page, name: string) {
  return page.getByRole("form", { name });
}

test("an account, start to finish: /account, two-step sign-in, sign in with a code, download, delete", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("account");
  await signUp(page, testInfo, email, PASSWORD);

  // The header's e-mail is the way to the account page.
  await (await openAccountMenu(page)).getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Account" })).toBeVisible();
  await expect(page.getByText("You haven't registered for the Challenge yet.")).toBeVisible();
  await expect(page.getByRole("table", { name: "Devices signed in to your account" })).toBeVisible();
  // axe is a script: it runs where JavaScript does (the page is the same server HTML either way).
  if (withJavaScript(testInfo)) expect(await axeViolations(page)).toEqual([]);

  // Two-step sign-in: password, QR code and key, then a code from the "app".
  const enable = form(page, "Turn on two-step sign-in");
  await enable.getByLabel("Password").fill(PASSWORD);
  await enable.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  await expect(page.getByTestId("totp-secret")).not.toBeEmpty();
  const uri = (await page.getByTestId("totp-uri").textContent()) ?? "";
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  if (withJavaScript(testInfo)) expect(await axeViolations(page)).toEqual([]);
  const confirm = form(page, "Confirm with a code");
  await confirm.getByLabel("6-digit code").fill(await freshTotp(secret));
  await confirm.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
  await expect(toast(page, "Two-Step Sign-In Is On")).toBeVisible();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);

  // Sign out, then sign in: the password, then a code.
  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  await open(page, "/auth?tab=signin&redirectTo=%2Faccount", testInfo);
  await authForm(page).getByLabel("Email").fill(email);
  await authForm(page).getByLabel("Password").fill(PASSWORD);
  await authForm(page).getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Faccount$/);
  await page.getByLabel("Code").fill("000000" === totp(secret) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page.getByText("That code didn't work.")).toBeVisible();
  await page.getByLabel("Code").fill(await freshTotp(secret));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(toast(page, "Welcome Back!")).toBeVisible();
  await expect(page.getByText("Two-step sign-in is on.")).toBeVisible();

  // Download my data: a JSON file of this account.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download My Data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^idaho-ai-challenge-account-.+\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
    account: { email: string; twoFactorEnabled: boolean };
    registrations: unknown[];
  };
  expect(data.account).toMatchObject({ email, twoFactorEnabled: true });
  expect(data.registrations).toEqual([]);

  // Delete: a wrong password is refused; the right one deletes and signs out.
  const remove = form(page, "Delete my account");
  await remove.getByLabel("Password").fill("not the password");
  await remove.getByLabel("I understand my account will be deleted for good.").check();
  await remove.getByRole("button", { name: "Delete My Account" }).click();
  // Said in the form's error summary (announced) and under the field it concerns.
  await expect(form(page, "Delete my account").getByRole("alert")).toContainText("That password isn't right");
  await expect(form(page, "Delete my account").getByLabel("Password")).toHaveAccessibleDescription(
    "That password isn't right",
  );
  await form(page, "Delete my account").getByLabel("Password").fill(PASSWORD);
  await form(page, "Delete my account").getByLabel("I understand my account will be deleted for good.").check();
  await form(page, "Delete my account").getByRole("button", { name: "Delete My Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Account Deleted")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toBeVisible();

  // The account is gone: signing in fails.
  await open(page, "/auth?tab=signin", testInfo);
  await authForm(page).getByLabel("Email").fill(email);
  await authForm(page).getByLabel("Password").fill(PASSWORD);
  await authForm(page).getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Login Failed")).toBeVisible();
});
