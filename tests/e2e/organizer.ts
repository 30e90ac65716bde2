import { createHash, randomBytes, randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { localSql } from "./local-d1";
import { freshTotp } from "./two-step";

/**
 * An organizer with an API token on an e2e server's own database (issue 32),
 * for specs about something else that need the organizer API (judging's
 * invitations): the account, its role and its token seeded as the desk
 * leaves them. tests/e2e/organize.spec.ts makes them through the pages.
 */
export function seedOrganizer(stateDir: string, role = "director"): { email: string; token: string } {
  const id = `e2e-organizer-${randomUUID().slice(0, 8)}`;
  const email = `${id}@example.com`;
  const token = `iac_org_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(token).digest("hex");
  localSql(
    stateDir,
    [
      `INSERT INTO "user" (id, name, email, email_verified, two_factor_enabled) VALUES ('${id}', '', '${email}', 1, 1)`,
      `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) VALUES ('${id}', '${role}', 'e2e', '2026-01-01T00:00:00.000Z')`,
      `INSERT INTO organizer_tokens (id, user_id, name, token_hash, created_at) VALUES ('${id}-token', '${id}', 'e2e', '${hash}', '2026-01-01T00:00:00.000Z')`,
    ].join(";\n"),
  );
  return { email, token };
}

/**
 * An organizer's account made through `request` (a context of their own,
 * whose cookies become this person's session), as the desk admits them:
 * signed up, verified, two-step sign-in turned on at /account with a real
 * authenticator code (so this session passed the second factor), the role granted.
 * Answers the address and the authenticator's secret, for codes later.
 */
export async function organizerAccount(
  request: APIRequestContext,
  { stateDir, baseURL, role, tag = role }: { stateDir: string; baseURL: string; role: string; tag?: string },
): Promise<{ email: string; secret: string }> {
  const email = `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { origin: baseURL };
  const signUp = await request.post("/api/auth/sign-up/email", {
    headers,
    data: { email, password: ORGANIZER_PASSWORD, name: "" },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  localSql(stateDir, `UPDATE "user" SET email_verified = 1 WHERE email = '${email}'`);
  // Through /account's forms, as a browser without JavaScript: better-auth's own endpoints are not served (issue 50).
  const form = { ...headers, "sec-fetch-site": "same-origin" };
  const enabled = await request.post("/account", {
    headers: form,
    form: { intent: "enable-two-factor", password: ORGANIZER_PASSWORD },
    maxRedirects: 0,
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const uri = (/data-testid="totp-uri">([^<]+)</.exec(await enabled.text())?.[1] ?? "").replace(/&amp;/g, "&");
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const verified = await request.post("/account", {
    headers: form,
    form: { intent: "confirm-two-factor", code: await freshTotp(secret), totpURI: uri },
    maxRedirects: 0,
  });
  expect(verified.status(), await verified.text()).toBe(303);
  localSql(
    stateDir,
    `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, '${role}', 'e2e', '2026-01-01T00:00:00.000Z' FROM "user" WHERE email = '${email}'`,
  );
  return { email, secret };
}

/** Every organizer account of these helpers signs in with this password (and their code). */
export const ORGANIZER_PASSWORD = "a good passphrase";

/**
 * A second director for the two-person rule (issue 32); `confirm` confirms a
 * proposal on the desk as their browser without JavaScript would, giving a
 * fresh code. `request` must be a context of its own (its cookies are this
 * director's).
 */
export async function confirmingDirector(request: APIRequestContext, stateDir: string, baseURL: string) {
  const { email, secret } = await organizerAccount(request, { stateDir, baseURL, role: "director" });
  return {
    email,
    async confirm(proposalId: string, now: string) {
      const response = await request.post(`/organize/proposals/${proposalId}`, {
        headers: { origin: baseURL, "sec-fetch-site": "same-origin", "x-app-now": now },
        form: { intent: "confirm", code: await freshTotp(secret) },
        maxRedirects: 0,
      });
      expect(response.status(), await response.text()).toBe(303);
    },
  };
}

/**
 * Signs in again, with the password and a code, in a fresh browser session
 * (the sign-in form, as a person does, with JavaScript or without): a desk
 * session lapses after a working day without activity, and a story's days
 * are days apart.
 */
export async function signInToDesk(page: Page, email: string, secret: string) {
  await page.context().clearCookies();
  await page.goto("/auth?tab=signin&redirectTo=%2Forganize");
  const form = page.locator("form").filter({ has: page.getByLabel("Password") });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(ORGANIZER_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Forganize$/);
  await page.getByLabel("Code").fill(await freshTotp(secret));
  await page.getByRole("button", { name: "Verify and Sign In" }).click();
  await expect(page).toHaveURL(/\/organize$/);
}
