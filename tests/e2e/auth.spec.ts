import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  authForm,
  inOneRateLimitWindow,
  open,
  uniqueIp,
  signOut,
  signUp,
  toast,
  uniqueEmail,
  waitForPage,
  withJavaScript,
} from "./auth-helpers";

test.describe("accounts", () => {
  test("Sign Up is the default tab and Sign In is a link away", async ({ page }, testInfo) => {
    await open(page, "/auth", testInfo);
    const tabs = page.getByRole("navigation", { name: "Account" });
    await expect(tabs.getByRole("link", { name: "Sign Up" })).toHaveAttribute("aria-current", "page");
    await expect(authForm(page).getByRole("button", { name: "Create Account" })).toBeVisible();
    await tabs.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signin$/);
    await expect(tabs.getByRole("link", { name: "Sign In" })).toHaveAttribute("aria-current", "page");
    await expect(authForm(page).getByRole("button", { name: "Sign In" })).toBeVisible();
  });

  test("a short password is refused with the spec's message", async ({ page }, testInfo) => {
    await open(page, "/auth", testInfo);
    const form = authForm(page);
    await form.getByLabel("Email").fill(uniqueEmail("short"));
    await form.getByLabel("Password").fill("abc12");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Password must be at least 6 characters").first()).toBeVisible();
    await expect(form.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("sign up: toast, /register, signed in; a second sign-up with the same email signs nobody in", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("signup");
    const passphrase = `${"a passphrase well over one hundred and twenty-eight characters ".repeat(3)}end`;
    await open(page, "/auth", testInfo);
    const form = authForm(page);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(passphrase);
    if (withJavaScript(testInfo)) {
      // Hold the submission back a moment so the busy label can be seen.
      await page.route("**/auth.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await form.getByRole("button", { name: "Create Account" }).click();
      await expect(form.getByRole("button", { name: "Creating Account..." })).toBeDisabled();
    } else {
      await form.getByRole("button", { name: "Create Account" }).click();
    }
    await expect(toast(page, "Account Created!")).toContainText("You can now register for the challenge");
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("banner").getByText(email).first()).toBeAttached();
    await page.unrouteAll();

    // Signed in: /auth sends the visitor on to /register.
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/register$/);

    // Sign out (a POST form in the header), then try the same email again.
    await waitForPage(page, testInfo);
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByText(email)).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toBeVisible();

    await open(page, "/auth", testInfo);
    await authForm(page).getByLabel("Email").fill(email);
    await authForm(page).getByLabel("Password").fill("something else entirely");
    await authForm(page).getByRole("button", { name: "Create Account" }).click();
    // The same answer as a fresh sign-up (issue 13), but nobody is signed in; the owner gets an e-mail.
    await expect(toast(page, "Account Created!")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("banner").getByText(email)).toHaveCount(0);
    await expect(page.getByText(/already exists/i)).toHaveCount(0);

    // The long passphrase signs in whole.
    await open(page, "/auth?tab=signin", testInfo);
    await authForm(page).getByLabel("Email").fill(email);
    await authForm(page).getByLabel("Password").fill(passphrase);
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Welcome Back!")).toContainText("You've successfully logged in");
    await expect(page).toHaveURL(/\/register$/);
  });

  test("sign in: a wrong password says 'Login Failed', the right one signs in", async ({ page, context }, testInfo) => {
    const email = uniqueEmail("signin");
    await signUp(page, testInfo, email, "right password");
    await context.clearCookies();

    await open(page, "/auth?tab=signin", testInfo);
    const form = authForm(page);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("wrong password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Login Failed")).toContainText("Invalid email or password");
    await waitForPage(page, testInfo);

    await expect(authForm(page).getByLabel("Email")).toHaveValue(email);
    // The form comes back with the password emptied: typed before that, the right one would be emptied too.
    await expect(authForm(page).getByLabel("Password")).toHaveValue("");
    await authForm(page).getByLabel("Password").fill("right password");
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Welcome Back!")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "better-auth.session_token");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
  });

  test("too many sign-in attempts get a clear message", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await inOneRateLimitWindow(async () => {
      // A rerun is a new client guessing at a new address.
      await page.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp() });
      const email = uniqueEmail("brute");
      await open(page, "/auth?tab=signin", testInfo);
      for (let attempt = 0; attempt < 11; attempt++) {
        const form = authForm(page);
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Password").fill(`guess number ${attempt}`);
        // One attempt at a time: wait for the server's answer and the fresh form it renders.
        const answered = page.waitForResponse(
          (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/auth"),
        );
        await form.getByRole("button", { name: "Sign In" }).click();
        await answered;
        await waitForPage(page, testInfo);
        await expect(authForm(page).getByLabel("Password")).toHaveValue("");
      }
    });
    await expect(page.getByText("Too many attempts. Please wait a minute and try again.").first()).toBeVisible();
  });
});

test.describe("judge/advisor interest", () => {
  async function fillJudgeForm(page: Page, organization: string, linkedIn: string) {
    await page.getByLabel("Advisor").check();
    await page.getByLabel("First name").fill("Avery");
    await page.getByLabel("Last name").fill("Lindqvist");
    await page.getByLabel("Email").fill("avery@example.org");
    await page.getByLabel("Phone").fill("208-555-0142");
    await page.getByLabel("Organization").fill(organization);
    await page.getByLabel("Title").fill("Chief Data Officer");
    await page.getByLabel("LinkedIn profile").fill(linkedIn);
    await page.getByLabel("Areas of expertise").fill("Data governance and MLOps.");
    await page.getByLabel("Relevant experience").fill("Twelve years of analytics leadership.");
    await page.getByLabel("Why do you want to take part?").fill("To help Idaho workers use AI well.");
  }

  test("a signed-out submit leads to /auth and back to the form after signing in", async ({
    page,
    context,
  }, testInfo) => {
    const email = uniqueEmail("gate");
    await signUp(page, testInfo, email, "right password");
    await context.clearCookies();

    await open(page, "/judge-advisor-register", testInfo);
    await expect(page.getByTestId("login-prompt")).toBeVisible();
    await fillJudgeForm(page, "Gate Test Co", "https://www.linkedin.com/in/avery");
    await page.getByRole("button", { name: "Submit Interest" }).click();
    await expect(toast(page, "Authentication Required")).toContainText(
      "Please log in or create an account to express your interest",
    );
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fjudge-advisor-register$/);
    await waitForPage(page, testInfo);

    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign In" }).click();
    await waitForPage(page, testInfo);
    // A hydrated page switches tabs in place: fill the sign-in form, not the sign-up form it replaces.
    await expect(authForm(page).getByRole("button", { name: "Sign In" })).toBeVisible();
    await authForm(page).getByLabel("Email").fill(email);
    await authForm(page).getByLabel("Password").fill("right password");
    await authForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Welcome Back!")).toBeVisible();
    await expect(page).toHaveURL(/\/judge-advisor-register$/);
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });

  test("validates, then submits: toast, reset with the account's email, message to the organizers", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("judge");
    const organization = `Snake River Analytics ${crypto.randomUUID().slice(0, 6)}`;
    await signUp(page, testInfo, email);
    await open(page, "/judge-advisor-register", testInfo);
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expect(page.getByLabel("Judge")).toBeChecked();

    await fillJudgeForm(page, organization, "not a web address");
    await page.getByRole("button", { name: "Submit Interest" }).click();
    await expect(page.getByText("Please enter a valid URL (starting with https://)").first()).toBeVisible();
    await expect(page.getByLabel("LinkedIn profile")).toHaveAttribute("aria-invalid", "true");
    await waitForPage(page, testInfo);

    await page.getByLabel("LinkedIn profile").fill("https://www.linkedin.com/in/avery");
    await page.getByRole("button", { name: "Submit Interest" }).click();
    await expect(toast(page, "Thank You!")).toContainText("Your interest has been submitted. We'll be in touch soon!");
    await waitForPage(page, testInfo);
    await expect(page.getByLabel("Organization")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(email);

    const subject = `Advisor Interest - ${organization}`;
    const message = page.getByRole("article", { name: subject });
    await expect(async () => {
      await page.goto("/dev/mailbox");
      await expect(message).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(message).toContainText(`Organization: ${organization}`);
    await expect(message).toContainText("Role: Advisor");
    await expect(message).toContainText("LinkedIn: https://www.linkedin.com/in/avery");
  });
});
