import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestBodyLimits } from "~/content/limits";
import { ContactSchema, contactLimits } from "~/contact/schema";
import { uniqueIp } from "./contact-helpers";
import { fetchSite } from "./worker";

/** Anything a client could put in one field: junk, unicode, control characters, huge or plausible values. */
const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "binary", minLength: 1990, maxLength: 2100 }),
  fc.string({ maxLength: 20_000 }),
  fc.emailAddress(),
  fc.constantFrom("", " ", "\u0000", "<script>alert(1)</script>", "'; DROP TABLE contact_submissions; --", "\r\n"),
);

const simpleEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.stringMatching(/^[a-z]{1,20}$/))
  .map(([local, domain]) => `${local}@${domain}.org`);

/** Mostly-valid messages (unicode included), so the success path is exercised as often as the failures. */
const plausible = fc.record({
  name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 102 }),
  email: fc.oneof(
    { arbitrary: simpleEmail, weight: 4 },
    { arbitrary: fc.emailAddress(), weight: 1 },
    { arbitrary: anyValue, weight: 1 },
  ),
  subject: fc.string({ unit: "grapheme", maxLength: 202 }),
  message: fc.string({ unit: "grapheme", minLength: 8, maxLength: 2010 }),
});

const anything = fc.record(
  { name: anyValue, email: anyValue, subject: anyValue, message: anyValue, website: anyValue, extra: anyValue },
  { requiredKeys: [] },
);

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;
}

describe("the contact action under random input (fast-check)", () => {
  it("never answers 5xx and never stores an invalid row", { timeout: 120_000 }, async () => {
    const rowsBefore = await count("SELECT count(*) AS n FROM contact_submissions");
    const notificationsBefore = await count("SELECT count(*) AS n FROM notifications WHERE kind = 'contact'");
    let accepted = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: plausible, weight: 2 }, { arbitrary: anything, weight: 1 }),
        async (fields) => {
          const body = new URLSearchParams();
          for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
          const response = await fetchSite("/contact", {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": uniqueIp() },
            body: body.toString(),
            redirect: "manual",
          });
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          // A body past the worker's limit is refused before the form sees it (issue 16).
          if (new TextEncoder().encode(body.toString()).byteLength > requestBodyLimits.defaultBytes) {
            expect(response.status).toBe(413);
            return;
          }
          expect([302, 400]).toContain(response.status);
          // A filled honeypot is answered like a success, whatever else was sent; nothing is stored.
          const bot = "website" in fields && Boolean(fields.website);
          const valid = ContactSchema.safeParse(fields).success;
          if (valid && !bot) accepted += 1;
          expect(response.status).toBe(bot || valid ? 302 : 400);
        },
      ),
      // Shrinking a failure found among 20,000-character values can run for hours:
      // past the time limit the property fails with the counterexample it has.
      { numRuns: 150, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: true },
    );

    // Every stored row satisfies the schema as it was stored, with its notification.
    const { results } = await env.DB.prepare("SELECT name, email, subject, message FROM contact_submissions").all<{
      name: string;
      email: string;
      subject: string | null;
      message: string;
    }>();
    for (const row of results) {
      const parsed = ContactSchema.safeParse({ ...row, subject: row.subject ?? undefined });
      expect(parsed.success, JSON.stringify(row).slice(0, 200)).toBe(true);
      expect(row.name.length).toBeLessThanOrEqual(contactLimits.name.max);
      expect(row.message.length).toBeLessThanOrEqual(contactLimits.message.max);
      expect(row.subject).not.toBe("");
    }
    expect(accepted).toBeGreaterThan(10);
    expect((await count("SELECT count(*) AS n FROM contact_submissions")) - rowsBefore).toBe(accepted);
    expect((await count("SELECT count(*) AS n FROM notifications WHERE kind = 'contact'")) - notificationsBefore).toBe(
      accepted,
    );
  });
});
