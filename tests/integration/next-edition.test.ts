import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nextEditionCopy, nextEditionLimits, nextEditionMessages } from "~/content/next-edition";
import { createNotification } from "./factories";
import { cookiesOf, inOneRateLimitWindow, uniqueEmail, uniqueIp } from "./contact-helpers";
import { fakeResendAccount } from "./resend-fake";
import { builtWorker, fetchSite, fetchWithEnv } from "./worker";
import { expectHtmlNotToContain, expectHtmlToSay } from "./html";

const QUEUE = "idaho-ai-challenge-notifications";

interface SubscriberRow {
  id: string;
  email: string;
  name: string | null;
  interests: string;
  status: string;
  confirm_nonce: string | null;
}

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  status: string;
  last_error: string | null;
  payload: string;
}

function signupBody(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

/** Posts the form as a browser without JavaScript does (urlencoded, no redirect following). */
function postSignup(fields: Record<string, string | string[]>, { ip = uniqueIp() }: { ip?: string } = {}) {
  return fetchSite("/next-edition", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
    body: signupBody({ website: "", returnTo: "/register", ...fields }),
    redirect: "manual",
  });
}

async function subscriber(email: string): Promise<SubscriberRow | null> {
  return env.DB.prepare("SELECT * FROM next_edition_subscribers WHERE email = ?")
    .bind(email.toLowerCase())
    .first<SubscriberRow>();
}

async function outbox(recipient: string): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM notifications WHERE recipient = ? ORDER BY created_at, id")
    .bind(recipient.toLowerCase())
    .all<OutboxRow>();
  return results;
}

/** Runs the real consumer on one outbox row, sending through a fresh fake Resend account. */
async function deliver(id: string, environment: Env) {
  const batch = createMessageBatch(QUEUE, [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: { id } },
  ]);
  const ctx = createExecutionContext();
  await (await builtWorker()).queue(batch, environment, ctx);
  return getQueueResult(batch, ctx);
}

/** Signs up and sends the confirmation through Resend; returns the e-mail as Resend received it. */
async function signUpAndReceive(email = uniqueEmail("list")) {
  const response = await postSignup({ email, interests: ["sponsor"], name: "Robin" });
  expect(response.status).toBe(302);
  const [confirmation] = await outbox(email);
  if (!confirmation) throw new Error("no confirmation queued");
  const resend = fakeResendAccount();
  await deliver(confirmation.id, resend.env);
  const { emails } = await resend.sent();
  expect(emails).toHaveLength(1);
  const sent = emails[0]!;
  const confirmUrl = /https?:\/\/\S+\/next-edition\/confirm\?token=\S+/.exec(sent.text ?? "")?.[0];
  const unsubscribeUrl = /https?:\/\/\S+\/next-edition\/unsubscribe\?token=\S+/.exec(sent.text ?? "")?.[0];
  if (!confirmUrl || !unsubscribeUrl) throw new Error(`links missing from: ${sent.text}`);
  return { email, sent, confirmUrl, unsubscribeUrl, notificationId: confirmation.id };
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchSite(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

describe("GET /next-edition", () => {
  it("shows the form: e-mail, five interests, optional name, the honeypot, and where to return", async () => {
    const response = await fetchSite("/next-edition?interest=judge");
    expect(response.status).toBe(200);
    const html = await response.text();
    expectHtmlToSay(
      html,
      'action="/next-edition"',
      'name="email"',
      'value="participant"',
      'value="organization"',
      'value="sponsor"',
      'value="advisor"',
      'name="website"',
      'name="returnTo" value="/next-edition?interest=judge"',
      nextEditionCopy.formHeading,
    );
    // The interest in the query is pre-checked, and only that one.
    const checked = [...html.matchAll(/<input[^>]*name="interests"[^>]*>/g)]
      .filter(([input]) => / checked=""/.test(input))
      .map(([input]) => /value="(\w+)"/.exec(input)?.[1]);
    expect(checked).toEqual(["judge"]);
  });

  it("is in the sitemap", async () => {
    expect(await (await fetchSite("/sitemap.xml")).text()).toContain("/next-edition</loc>");
  });
});

describe("POST /next-edition", () => {
  it("stores the address unconfirmed, queues a confirmation and returns to the page with a toast", async () => {
    const email = uniqueEmail("Signup");
    const response = await postSignup({ email: `  ${email.toUpperCase()} `, interests: ["participant", "judge"] });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/register");
    expect(response.headers.get("set-cookie")).toContain("toast=");
    const page = await fetchSite("/register", { headers: { cookie: cookiesOf(response) } });
    expectHtmlToSay(await page.text(), nextEditionCopy.toast.title);

    const row = await subscriber(email);
    expect(row).toMatchObject({ email: email.toLowerCase(), status: "unconfirmed", name: null });
    expect(JSON.parse(row!.interests)).toEqual(["judge", "participant"]);
    const queued = await outbox(email);
    expect(queued.map((n) => [n.kind, n.status])).toEqual([["next-edition-confirmation", "pending"]]);
  });

  it("never redirects off the site", async () => {
    const response = await postSignup({ email: uniqueEmail(), interests: "sponsor", returnTo: "//evil.example/x" });
    expect(response.headers.get("location")).toBe("/next-edition");
  });

  it("requires an interest and a valid address, with the spec's messages, keeping the values", async () => {
    const response = await postSignup({ email: "not-an-address", name: "Sam" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expectHtmlToSay(html, nextEditionMessages.interestRequired, "Please enter a valid email address");
    expectHtmlToSay(html, 'value="not-an-address"', 'value="Sam"', 'name="returnTo" value="/register"');
  });

  it("does not echo a value longer than its field allows", async () => {
    const long = `${"x".repeat(300)}@example.com`;
    const response = await postSignup({ email: long, interests: "sponsor", name: "N".repeat(150) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expectHtmlToSay(html, nextEditionMessages.emailTooLong, nextEditionMessages.nameTooLong);
    expectHtmlNotToContain(html, "x".repeat(300), "N".repeat(150));
  });

  it("answers the same for an address already on the list, and keeps one entry, unchanged", async () => {
    const { email, confirmUrl } = await signUpAndReceive();
    await postForm(pathOf(confirmUrl), { token: new URL(confirmUrl).searchParams.get("token")! });
    expect((await subscriber(email))?.status).toBe("confirmed");

    const again = await postSignup({ email: email.toUpperCase(), interests: ["advisor"] });
    const fresh = await postSignup({ email: uniqueEmail(), interests: ["advisor"] });
    for (const response of [again, fresh]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/register");
    }
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM next_edition_subscribers WHERE email = ?")
      .bind(email.toLowerCase())
      .all<{ n: number }>();
    expect(results[0]?.n).toBe(1);
    const row = await subscriber(email);
    expect(row?.status).toBe("confirmed");
    // A confirmed entry changes only through a link to its address (issue 22, hardening-organizers.test.ts),
    // and none is sent minutes after the last one.
    expect(JSON.parse(row!.interests)).toEqual(["sponsor"]);
    expect((await outbox(email)).filter((n) => n.kind === "next-edition-confirmation")).toHaveLength(1);
  });

  it("does not resend a confirmation minutes after the last one", async () => {
    const email = uniqueEmail();
    await postSignup({ email, interests: "participant" });
    await postSignup({ email, interests: "organization" });
    expect(await outbox(email)).toHaveLength(1);
    expect(JSON.parse((await subscriber(email))!.interests)).toEqual(["organization", "participant"]);
  });

  it("stores nothing when the honeypot is filled, and answers like a success", async () => {
    const email = uniqueEmail();
    const response = await postSignup({ email, interests: "sponsor", website: "https://spam.example" });
    expect(response.status).toBe(302);
    expect(await subscriber(email)).toBeNull();
  });

  it("limits sign-ups per IP", async () => {
    // Eleven sign-ups in one of the limiter's minutes (a burst split over two would never reach the limit).
    const { ip, statuses } = await inOneRateLimitWindow(async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await postSignup({ email: uniqueEmail(), interests: "sponsor" }, { ip })).status);
      return { ip, statuses };
    });
    expect(statuses.slice(0, 10).every((status) => status === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await postSignup({ email: uniqueEmail(), interests: "sponsor" }, { ip });
    expect(limited.headers.get("retry-after")).toBe("60");
    expectHtmlToSay(await limited.text(), nextEditionMessages.rateLimited);
    // Another visitor is not affected.
    expect((await postSignup({ email: uniqueEmail(), interests: "sponsor" })).status).toBe(302);
  });
});

describe("the confirmation e-mail (the real Resend SDK against the fake)", () => {
  it("carries the confirm link, the unsubscribe link and the List-Unsubscribe headers", async () => {
    const { sent, unsubscribeUrl, notificationId, email } = await signUpAndReceive();
    expect(sent.to).toEqual([email.toLowerCase()]);
    expect(sent.idempotencyKey).toBe(notificationId);
    expect(sent.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sent.html).toContain("Unsubscribe</a>");
    expect(sent.text).toContain("Robin");
  });

  it("is not sent once the address has left the list", async () => {
    const email = uniqueEmail();
    await postSignup({ email, interests: "sponsor" });
    const [row] = await outbox(email);
    await env.DB.prepare("DELETE FROM next_edition_subscribers WHERE email = ?").bind(email.toLowerCase()).run();
    const resend = fakeResendAccount();
    await deliver(row!.id, resend.env);
    expect((await resend.sent()).emails).toHaveLength(0);
    expect((await outbox(email))[0]).toMatchObject({ status: "failed", last_error: "suppressed: subscriber is gone" });
  });

  it("is stored with its headers in the local mailbox without a Resend key", async () => {
    const email = uniqueEmail();
    await postSignup({ email, interests: "sponsor" });
    const [row] = await outbox(email);
    await deliver(row!.id, { ...env, RESEND_API_KEY: undefined } as Env);
    const stored = await env.DB.prepare("SELECT headers FROM dev_mailbox WHERE notification_id = ?")
      .bind(row!.id)
      .first<{ headers: string }>();
    expect(JSON.parse(stored!.headers)).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const mailbox = await (await fetchSite("/dev/mailbox")).text();
    expectHtmlToSay(mailbox, "List-Unsubscribe-Post", "/next-edition/confirm?token=");
  });
});

describe("confirming", () => {
  it("shows a button on GET (a mail scanner confirms nothing), confirms on POST, and works once", async () => {
    const { email, confirmUrl } = await signUpAndReceive();
    const token = new URL(confirmUrl).searchParams.get("token")!;
    const page = await fetchSite(pathOf(confirmUrl));
    expect(page.status).toBe(200);
    expectHtmlToSay(await page.text(), nextEditionCopy.confirm.button);
    expect((await subscriber(email))?.status).toBe("unconfirmed");

    const confirmed = await postForm(pathOf(confirmUrl), { token });
    expect(confirmed.status).toBe(200);
    expectHtmlToSay(await confirmed.text(), nextEditionCopy.confirm.done.title);
    expect((await subscriber(email))?.status).toBe("confirmed");

    const reused = await postForm(pathOf(confirmUrl), { token });
    expect(reused.status).toBe(400);
    expectHtmlToSay(await reused.text(), nextEditionCopy.confirm.invalid.title);
    expect((await fetchSite(pathOf(confirmUrl))).status).toBe(400);
  });

  it("refuses a tampered link", async () => {
    const { email, confirmUrl } = await signUpAndReceive();
    const token = new URL(confirmUrl).searchParams.get("token")!;
    const [body, signature] = token.split(".");
    const forged = JSON.parse(atob(body!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    forged.e = Date.now() + 365 * 86_400_000;
    const forgedBody = btoa(JSON.stringify(forged)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    for (const bad of [`${forgedBody}.${signature}`, `${body}.${signature!.slice(0, -2)}AA`, "garbage", ""]) {
      const response = await postForm("/next-edition/confirm", { token: bad });
      expect(response.status).toBe(400);
    }
    expect((await subscriber(email))?.status).toBe("unconfirmed");
  });

  it("refuses an expired link", async () => {
    const { email, confirmUrl } = await signUpAndReceive();
    const token = new URL(confirmUrl).searchParams.get("token")!;
    const later = new Date(Date.now() + (nextEditionLimits.confirmLinkDays * 24 + 1) * 3_600_000).toISOString();
    const response = await fetchWithEnv(
      "/next-edition/confirm",
      { APP_NOW: later },
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      },
    );
    expect(response.status).toBe(400);
    expect((await subscriber(email))?.status).toBe("unconfirmed");
  });
});

describe("unsubscribing", () => {
  it("shows a button on GET and unsubscribes on POST", async () => {
    const { email, unsubscribeUrl } = await signUpAndReceive();
    const page = await fetchSite(pathOf(unsubscribeUrl));
    expect(page.status).toBe(200);
    expectHtmlToSay(await page.text(), nextEditionCopy.unsubscribe.button);
    expect((await subscriber(email))?.status).toBe("unconfirmed");

    const token = new URL(unsubscribeUrl).searchParams.get("token")!;
    const done = await postForm("/next-edition/unsubscribe", { token });
    expect(done.status).toBe(200);
    expectHtmlToSay(await done.text(), nextEditionCopy.unsubscribe.done.title);
    expect(await subscriber(email)).toMatchObject({ status: "unsubscribed", name: null, interests: "[]" });
  });

  it("takes RFC 8058's one-click POST as a mail provider sends it (no Origin, no Sec-Fetch-Site)", async () => {
    const { email, confirmUrl, unsubscribeUrl } = await signUpAndReceive();
    await postForm(pathOf(confirmUrl), { token: new URL(confirmUrl).searchParams.get("token")! });
    const response = await postForm(pathOf(unsubscribeUrl), { "List-Unsubscribe": "One-Click" });
    expect(response.status).toBe(200);
    expect((await subscriber(email))?.status).toBe("unsubscribed");
    // A provider retrying the same POST still hears success.
    expect((await postForm(pathOf(unsubscribeUrl), { "List-Unsubscribe": "One-Click" })).status).toBe(200);
  });

  it("refuses a forged link and leaves the entry alone", async () => {
    const { email } = await signUpAndReceive();
    const response = await postForm("/next-edition/unsubscribe?token=abc.def", { "List-Unsubscribe": "One-Click" });
    expect(response.status).toBe(400);
    expect((await subscriber(email))?.status).toBe("unconfirmed");
  });

  it("lets the address sign up again, with a new confirmation", async () => {
    const { email, unsubscribeUrl } = await signUpAndReceive();
    await postForm(pathOf(unsubscribeUrl), { "List-Unsubscribe": "One-Click" });
    await env.DB.prepare(
      "UPDATE next_edition_subscribers SET confirmation_sent_at = '2000-01-01T00:00:00.000Z' WHERE email = ?",
    )
      .bind(email.toLowerCase())
      .run();
    await postSignup({ email, interests: "judge" });
    const row = await subscriber(email);
    expect(row?.status).toBe("unconfirmed");
    expect(JSON.parse(row!.interests)).toEqual(["judge"]);
    expect(await outbox(email)).toHaveLength(2);
  });
});

describe("announcements", () => {
  /** An announcement row as `npm run admin -- announce` writes it (tests/tools/admin.test.mjs checks the CLI). */
  async function announce(subscriberId: string, recipient: string) {
    const id = `announcement-test-${crypto.randomUUID()}`;
    const payload = {
      announcementId: "test",
      subscriberId,
      subject: "Enrollment for the next edition is open",
      body: "Hello!\n\nEnrollment is open.",
      origin: "http://localhost",
    };
    await createNotification({
      id,
      kind: "next-edition-announcement",
      recipient,
      subject: payload.subject,
      payload: JSON.stringify(payload),
    });
    return id;
  }

  it("goes to a confirmed subscriber with the unsubscribe link and headers, and not after unsubscribing", async () => {
    const { email, confirmUrl, unsubscribeUrl } = await signUpAndReceive();
    await postForm(pathOf(confirmUrl), { token: new URL(confirmUrl).searchParams.get("token")! });
    const row = await subscriber(email);
    const resend = fakeResendAccount();
    await deliver(await announce(row!.id, row!.email), resend.env);
    const [sent] = (await resend.sent()).emails;
    expect(sent?.subject).toBe("Enrollment for the next edition is open");
    expect(sent?.text).toContain("Enrollment is open.");
    expect(sent?.text).toContain(unsubscribeUrl);
    expect(sent?.headers?.["List-Unsubscribe"]).toBe(`<${unsubscribeUrl}>`);

    await postForm(pathOf(unsubscribeUrl), { "List-Unsubscribe": "One-Click" });
    const later = await announce(row!.id, row!.email);
    await deliver(later, resend.env);
    expect((await resend.sent()).emails).toHaveLength(1);
    const outboxRow = await env.DB.prepare("SELECT status, last_error FROM notifications WHERE id = ?")
      .bind(later)
      .first();
    expect(outboxRow).toMatchObject({ status: "failed", last_error: "suppressed: subscriber is unsubscribed" });
  });

  it("is not sent to an unconfirmed address", async () => {
    const { email } = await signUpAndReceive();
    const row = await subscriber(email);
    const resend = fakeResendAccount();
    await deliver(await announce(row!.id, row!.email), resend.env);
    expect((await resend.sent()).emails).toHaveLength(0);
  });
});
