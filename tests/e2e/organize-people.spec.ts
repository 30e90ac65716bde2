import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueIp, uniqueEmail, verifyEmailFromMailbox } from "./auth-helpers";
import { markContactHandled, searchAndOpenPerson } from "./desk-steps/people";
import { localSql } from "./local-d1";
import { signUpThroughApi } from "./people";
import { port } from "./servers";
import { turnOnTwoStep } from "./two-step";

/**
 * People on the organizers' desk (issue 33), with JavaScript and without: a
 * registrar (signed up, verified, two-step sign-in on, granted the role)
 * searches a participant by part of their name, opens their page (their
 * registration and payment), and marks a contact message handled — in a
 * browser with JavaScript, then in one without. It opens its own contexts in
 * both modes, so it runs in the "chromium" project only (@both-modes).
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const PASSWORD = "a good passphrase";
const sql = (command: string) => localSql(stateDir, command);

/** A participant with a paid registration, and a contact message waiting; ids unique to this run. */
function seed(tag: string) {
  const id = `e2e-person-${tag}`;
  const email = `${id}@example.com`;
  sql(
    [
      `INSERT INTO "user" (id, name, email, email_verified) VALUES ('${id}', 'Quinn Harper ${tag}', '${email}', 1)`,
      `INSERT INTO registrations (id, user_id, registration_type, plan, pricing_phase, amount_cents, status, first_name, last_name, email, phone, paid_at)
       VALUES ('reg-${tag}', '${id}', 'individual', 'individual', 'earlyBird', 25000, 'paid', 'Quinn', 'Harper', '${email}', '208-555-0100', '2025-11-20T17:00:00.000Z')`,
      `INSERT INTO contact_submissions (name, email, subject, message) VALUES ('Sam Asker', 'sam-${tag}@example.com', 'Question ${tag}', 'Can a team have five people?')`,
    ].join(";\n"),
  );
  return { email, name: `Quinn Harper ${tag}`, subject: `Question ${tag}` };
}

test("a registrar finds a person, opens their page and marks a contact message handled, with and without JavaScript @both-modes", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  const ip = uniqueIp();
  // On the context: its API requests (the sign-up) come from this address too.
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": ip });
  const registrar = uniqueEmail("registrar");
  await signUpThroughApi(page, testInfo, registrar);
  await verifyEmailFromMailbox(page, testInfo, registrar);
  await turnOnTwoStep(page, PASSWORD);
  sql(
    `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) SELECT id, 'registrar', 'e2e', '2025-11-01T00:00:00.000Z' FROM "user" WHERE email = '${registrar}'`,
  );

  for (const javaScriptEnabled of [true, false]) {
    const tag = `${javaScriptEnabled ? "js" : "nojs"}${crypto.randomUUID().slice(0, 6)}`;
    const person = seed(tag);
    const browsing = javaScriptEnabled
      ? page
      : await (
          await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() })
        ).newPage();
    if (!javaScriptEnabled) await browsing.setExtraHTTPHeaders({ "cf-connecting-ip": ip });
    await searchAndOpenPerson(browsing, {
      query: `harper ${tag}`.toUpperCase(),
      email: person.email,
      facts: ["Individual", "paid", "$250"],
    });
    await markContactHandled(browsing, { subject: person.subject, by: registrar });
    expect(sql(`SELECT handled_by FROM contact_submissions WHERE subject = '${person.subject}'`)[0]?.handled_by).toBe(
      `organizer:${registrar}`,
    );
  }
  await context.close();
});
