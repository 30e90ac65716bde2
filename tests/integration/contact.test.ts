import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { developmentSiteContact } from "~/content/site";
import { contactMessages as m } from "~/content/contact";
import { contactRateLimitMessage } from "~/content/contact";
import {
  contactRowsFor,
  cookiesOf,
  inOneRateLimitWindow,
  notificationsFor,
  postContact,
  uniqueEmail,
  uniqueIp,
  validContact,
} from "./contact-helpers";
import { fetchSite, fetchWithEnv } from "./worker";
import { decodeEntities } from "./html";

describe("GET /contact", () => {
  it("renders the form with labels, no browser validation and no maxlength", async () => {
    const response = await fetchSite("/contact");
    expect(response.status).toBe(200);
    const html = await response.text();
    // HTML attribute names are case-insensitive; React prints this one as noValidate.
    expect(html).toMatch(/<form[^>]*novalidate=""[^>]*method="post"/i);
    for (const [id, label] of [
      ["name", "Name"],
      ["email", "Email"],
      ["subject", "Subject"],
      ["message", "Message"],
    ]) {
      expect(html).toMatch(new RegExp(`<label for="contact-${id}"[^>]*>${label}`));
      expect(html).toMatch(new RegExp(`id="contact-${id}"`));
    }
    expect(html).not.toMatch(/maxlength/i);
    expect(html).not.toMatch(/minlength/i);
    // The submit button's label, its busy label beside it for the first paint (issue 34).
    expect(html).toMatch(
      /<button type="submit"[^>]*><span[^>]*>Send Message<\/span><span[^>]*>.*?Sending\.\.\.<\/span><\/button>/,
    );
    // The honeypot is out of sight, out of the tab order and hidden from assistive tech.
    const honeypot = /<div aria-hidden="true"[^>]*><label[^>]*>Leave this field empty<\/label>(<input[^>]*>)/.exec(
      html,
    )?.[1];
    expect(honeypot).toContain('name="website"');
    expect(honeypot).toContain('tabindex="-1"');
  });

  it("shows the contact details, office hours, the 24-hour note and the quick links", async () => {
    const html = decodeEntities(await (await fetchSite("/contact")).text());
    expect(html).toContain("Monday–Friday, 8:00 AM–6:00 PM MT");
    expect(html).toContain("within 24 hours");
    expect(html).toContain('href="mailto:');
    expect(html).toContain('href="tel:');
    for (const href of ["/faq", "/enrollment-process", "/submission-guidelines"]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it("hydrates (its form validates in the browser)", async () => {
    const html = await (await fetchSite("/contact")).text();
    // After the first paint (ADR 007): the entry waits in the activation script.
    expect(html).toMatch(/<script[^>]*data-deferred-entry/);
  });
});

describe("POST /contact: validation at each boundary (SPEC.md §5, §8)", () => {
  const cases: [field: string, value: string, message: string | null][] = [
    ["name", "", m.nameTooShort],
    ["name", "J", m.nameTooShort],
    ["name", "Jo", null],
    ["name", "n".repeat(100), null],
    ["name", "n".repeat(101), m.nameTooLong],
    ["email", "", m.emailInvalid],
    ["email", "not-an-email", m.emailInvalid],
    ["email", `${"e".repeat(243)}@example.com`, null], // 255 characters
    ["email", `${"e".repeat(244)}@example.com`, m.emailTooLong], // 256 characters
    ["subject", "", null],
    ["subject", "s".repeat(200), null],
    ["subject", "s".repeat(201), m.subjectTooLong],
    ["message", "", m.messageTooShort],
    ["message", "m".repeat(9), m.messageTooShort],
    ["message", "m".repeat(10), null],
    ["message", "m".repeat(2000), null],
    ["message", "m".repeat(2001), m.messageTooLong],
  ];

  for (const [field, value, message] of cases) {
    const label = `${field} of ${value.length} characters`;
    if (message) {
      it(`${label} → '${message}', nothing stored, input kept`, async () => {
        const fields = validContact({ [field]: value });
        const response = await postContact(fields);
        expect(response.status).toBe(400);
        const html = decodeEntities(await response.text());
        expect(html).toContain(message);
        expect(html).toContain(`id="contact-${field}-error"`);
        expect(html).toMatch(
          new RegExp(`id="contact-${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-${field}"`),
        );
        expect(html).toMatch(new RegExp(`aria-describedby="contact-${field}-error`));
        expect(html).toContain("Please correct the following:");
        expect(await contactRowsFor(fields.email ?? "")).toHaveLength(0);
        // The visitor's other input is kept.
        if (field !== "message") expect(html).toContain(fields.message);
      });
    } else {
      it(`${label} is accepted`, async () => {
        const fields = validContact({ [field]: value });
        const response = await postContact(fields);
        expect(response.status).toBe(302);
        const rows = await contactRowsFor(fields.email ?? "");
        expect(rows).toHaveLength(1);
      });
    }
  }

  it("focuses the first invalid field of a server-rendered error page", async () => {
    const response = await postContact(validContact({ email: "nope", message: "short" }));
    const html = await response.text();
    expect(html).toMatch(
      /<input[^>]*autofocus=""[^>]*id="contact-email"|<input[^>]*id="contact-email"[^>]*autofocus=""/,
    );
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
  });

  it("counts a line break as one character, as the browser does", async () => {
    const fields = validContact({ message: `${"m".repeat(999)}\r\n${"m".repeat(1000)}` });
    expect((await postContact(fields)).status).toBe(302);
    const [row] = await contactRowsFor(fields.email ?? "");
    expect(row?.message).toBe(`${"m".repeat(999)}\n${"m".repeat(1000)}`);
  });
});

describe("POST /contact: success", () => {
  it("stores the message and its notification, then redirects with the success toast", async () => {
    const fields = validContact({ subject: "" });
    const response = await postContact(fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact");
    expect(response.headers.get("set-cookie")).toMatch(/^toast=.+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax/);

    const [row, ...others] = await contactRowsFor(fields.email ?? "");
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ name: fields.name, email: fields.email, subject: null, message: fields.message });
    expect(row?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [notification] = await notificationsFor(fields.email ?? "");
    // No NOTIFY_TO locally: the configured public mailbox (wrangler.toml's development [vars]) stands in.
    expect(notification).toMatchObject({ kind: "contact", recipient: developmentSiteContact.email });
    expect(JSON.parse(notification?.payload ?? "{}")).toEqual({
      type: "INSERT",
      table: "contact_submissions",
      record: {
        name: fields.name,
        email: fields.email,
        subject: null,
        message: fields.message,
        created_at: row?.created_at,
      },
    });
  });

  it("shows the toast once on the next page (server HTML, role=status) and clears it", async () => {
    const posted = await postContact(validContact());
    const cookie = cookiesOf(posted);
    const page = await fetchSite("/contact", { headers: { cookie } });
    const html = decodeEntities(await page.text());
    expect(html).toMatch(
      /role="status"[^>]*>[\s\S]*Message sent![\s\S]*Thank you for contacting us. We'll get back to you soon./,
    );
    expect(page.headers.get("set-cookie")).toMatch(/^toast=; Max-Age=0;|^toast=;.*Expires=Thu, 01 Jan 1970/);
    expect(page.headers.get("cache-control")).toContain("no-store");
    // The form is empty again.
    expect(html).not.toContain("We would like to enroll our team");

    const again = await fetchSite("/contact");
    expect(await again.text()).not.toContain("Message sent!");
  });

  it("ignores a toast cookie that was not signed by us", async () => {
    const forged = `toast=${btoa(JSON.stringify({ id: "x", type: "success", title: "Forged!" }))}`;
    const page = await fetchSite("/contact", { headers: { cookie: forged } });
    expect(await page.text()).not.toContain("Forged!");
  });

  it("shows user input as text, never as markup", async () => {
    const script = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const fields = validContact({ name: `${script}`.slice(0, 60), message: `Hello ${script}` });
    const response = await postContact({ ...fields, email: "not valid" });
    const html = await response.text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert");
  });
});

describe("POST /contact: spam and abuse", () => {
  it("answers a bot that fills the honeypot like a person, and stores nothing", async () => {
    const fields = validContact({ website: "https://spam.example" });
    const response = await postContact(fields);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact");
    expect(response.headers.get("set-cookie")).toMatch(/^toast=/);
    expect(await contactRowsFor(fields.email ?? "")).toHaveLength(0);
    expect(await notificationsFor(fields.email ?? "")).toHaveLength(0);
  });

  it("limits messages per client IP with a clear 429, keeping every accepted message", async () => {
    // Twelve messages in one of the limiter's minutes (a burst split over two would never reach the limit).
    const { email, statuses, limited } = await inOneRateLimitWindow(async () => {
      const ip = uniqueIp();
      const email = uniqueEmail("burst");
      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 12; i++) {
        const response = await postContact(validContact({ email, message: `Message number ${i} from one IP.` }), {
          ip,
        });
        statuses.push(response.status);
        if (response.status === 429) limited ??= response;
        else await response.text();
      }
      return { email, statuses, limited };
    });
    const accepted = statuses.filter((s) => s === 302).length;
    expect(accepted).toBe(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(limited?.headers.get("retry-after")).toBe("60");
    const html = decodeEntities((await limited?.text()) ?? "");
    expect(html).toContain(contactRateLimitMessage);
    expect(html).toContain("Message number 10 from one IP."); // input kept
    expect(await contactRowsFor(email)).toHaveLength(accepted);
    expect(await notificationsFor(email)).toHaveLength(accepted);

    // Typing mistakes do not use up the allowance of another visitor.
    const other = await postContact(validContact(), { ip: uniqueIp() });
    expect(other.status).toBe(302);
  });
});

describe("POST /contact: failure", () => {
  it("keeps the input and shows the 'Error' toast (role=alert) when the database fails", async () => {
    const brokenDb = {
      ...env.DB,
      prepare: () => {
        throw new Error("D1 is down");
      },
      batch: () => Promise.reject(new Error("D1 is down")),
    } as unknown as D1Database;
    const fields = validContact();
    const response = await fetchWithEnv(
      "/contact",
      { DB: brokenDb },
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
        body: new URLSearchParams(fields).toString(),
      },
    );
    expect(response.status).toBe(500);
    const html = decodeEntities(await response.text());
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*Error[\s\S]*Failed to send message. Please try again./);
    expect(html).toContain(fields.message);
    expect(html).toContain(fields.email);
  });

  it("still accepts the message when the queue is down: the row waits for the sweep", async () => {
    const queueDown = {
      send: () => Promise.reject(new Error("queue unavailable")),
      sendBatch: () => Promise.reject(new Error("queue unavailable")),
    } as unknown as Queue;
    const fields = validContact();
    const response = await fetchWithEnv(
      "/contact",
      { NOTIFICATIONS: queueDown },
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      },
    );
    expect(response.status).toBe(302);
    const [notification] = await notificationsFor(fields.email ?? "");
    expect(notification?.status).toBe("pending");
  });

  it("answers a body that is not a form with 400, not 500", async () => {
    const response = await fetchSite("/contact", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=nope" },
      body: "garbage",
    });
    expect(response.status).toBe(400);
    await response.text();
  });
});
