import { expect, test } from "./fixtures";
import {
  authForm,
  mailboxLink,
  open,
  signOut,
  signUp,
  toast,
  uniqueEmail,
  verifyEmailFromMailbox,
  waitForPage,
  withJavaScript,
} from "./auth-helpers";

/**
 * Issue 13 end to end, with and without JavaScript: sign up, verify the
 * address from the local mailbox, forget the password, reset it from the
 * e-mailed link, sign in with the new one.
 */
test.describe("account recovery", () => {
  test("sign up, verify from the mailbox, forget the password, reset it, sign in", async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const email = uniqueEmail(`recovery-${withJavaScript(testInfo) ? "js" : "nojs"}`);
    await signUp(page, testInfo, email, "the first passphrase");
    await expect(page).toHaveURL(/\/register$/);

    // Unverified: the Workforce Package says why it can't be bought yet, and offers a new link.
    await open(page, "/register?tab=workforce", testInfo);
    const notice = page.getByTestId("verify-email-notice");
    await expect(notice).toContainText("The Workforce Package needs a verified e-mail address.");
    await notice.getByRole("button", { name: "Send a new verification link" }).click();
    await expect(toast(page, "Verification email sent")).toContainText(`We sent a new link to ${email}`);
    await expect(page).toHaveURL(/\/register\?tab=workforce$/);

    await verifyEmailFromMailbox(page, testInfo, email);
    await open(page, "/register?tab=workforce", testInfo);
    await expect(page.getByTestId("verify-email-notice")).toHaveCount(0);

    // Signed out, the password forgotten.
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await open(page, "/auth?tab=signin", testInfo);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await waitForPage(page, testInfo);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText("If an account uses this address");

    const resetHref = await mailboxLink(page, email, /Reset your .* password/, /\/auth\/reset-password\?token=/);
    await open(page, resetHref, testInfo);
    // The sign-up rules apply to the new password.
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password must be at least 6 characters").first()).toBeVisible();
    await waitForPage(page, testInfo);
    await page.getByLabel("New password").fill("the second passphrase");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(toast(page, "Password changed")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=signin$/);

    // The old password no longer works; the new one does.
    await waitForPage(page, testInfo);
    const form = authForm(page);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("the first passphrase");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Login Failed")).toBeVisible();
    await waitForPage(page, testInfo);
    // The form comes back with the password emptied: typed before that, the new one would be emptied too.
    await expect(authForm(page).getByLabel("Password")).toHaveValue("");
    await authForm(page).getByLabel("Password").fill("the second passphrase");
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Welcome Back!")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);

    // The link worked once.
    await page.goto(resetHref);
    await expect(page.getByTestId("reset-link-invalid")).toContainText("expired or has already been used");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
  });
});
