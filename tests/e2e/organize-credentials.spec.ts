import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueIp, uniqueEmail } from "./auth-helpers";
import { importCompletionsOnDesk, revokeOnDesk } from "./desk-steps/credentials";
import { localSql } from "./local-d1";
import { baseURL, port } from "./servers";
import { turnOnTwoStep } from "./two-step";

/**
 * The credentials desk (issue 33), on the first e2e server: a registrar
 * uploads a completions file, sees its preview (one unverified account
 * refused, one unknown certification), confirms, and the participants find
 * their credentials on /account; the registrar revokes one with a reason.
 * Once with JavaScript and once without (the desk never hydrates, so the
 * plain multipart forms are what both run). Every desk page's axe and
 * 320-1440 px checks are layout.spec.ts's.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const NOW = "2026-03-25T12:00:00-06:00";
const PASSWORD = "a good passphrase";

/** A person's own browser and address, signed up through the API; verified unless told. */
async function person(browser: Browser, javaScriptEnabled: boolean, tag: string, verified = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await context.newPage();
  // On the context: its API requests (the sign-up) say the same time and address.
  await context.setExtraHTTPHeaders({ "x-app-now": NOW, "cf-connecting-ip": uniqueIp() });
  const email = uniqueEmail(tag);
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name: "" },
    headers: { origin: baseURL },
  });
  expect(signUp.status()).toBe(200);
  if (verified) localSql(stateDir, `UPDATE "user" SET email_verified = 1 WHERE email = '${email}'`);
  return { page, email, context };
}

for (const javaScriptEnabled of [true, false]) {
  test(`a registrar imports completions with a preview and revokes one with a reason (JavaScript ${javaScriptEnabled ? "on" : "off"}) @both-modes`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // The registrar: two-step sign-in turned on in this session (it passed the second factor), then the role.
    const registrar = await person(browser, javaScriptEnabled, "registrar");
    await turnOnTwoStep(registrar.page, PASSWORD);
    localSql(
      stateDir,
      `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, 'registrar', 'e2e', '2026-01-01T00:00:00.000Z' FROM "user" WHERE email = '${registrar.email}'`,
    );
    const ada = await person(browser, javaScriptEnabled, "ada");
    const bo = await person(browser, javaScriptEnabled, "bo");
    const unverified = await person(browser, javaScriptEnabled, "unverified", false);
    const csv = [
      "Email,Certification,Completion Date",
      `${ada.email},AI Communicator,2026-01-20`,
      `${ada.email},AI Creator,2026-02-03`,
      `${bo.email},AI Builder,2026-02-17`,
      `${unverified.email},AI Communicator,2026-01-20`,
      `${bo.email},AI Wizard,2026-02-17`,
    ].join("\r\n");

    await importCompletionsOnDesk(
      registrar.page,
      {
        csv,
        issuedTo: [ada.email, bo.email],
        refusedUnverified: unverified.email,
        unknownCertification: "AI Wizard",
      },
      { axe: javaScriptEnabled },
    );

    // The participants find their credentials on /account.
    for (const [holder, names] of [
      [ada, ["AI Communicator", "AI Creator"]],
      [bo, ["AI Builder"]],
    ] as const) {
      await holder.page.goto("/account");
      const list = holder.page.getByRole("list", { name: "Your credentials" });
      for (const name of names) await expect(list).toContainText(name);
    }

    await revokeOnDesk(registrar.page, {
      email: bo.email,
      credential: "AI Builder",
      reason: "Completion reported in error by the provider",
    });
    for (const who of [registrar, ada, bo, unverified]) await who.context.close();
  });
}
