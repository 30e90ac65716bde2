import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { validContact } from "./contact-helpers";
import { fetchSite } from "./worker";

const CONCURRENT = 200;

describe("load: concurrent contact messages (loopback, not timed)", () => {
  it(
    `stores exactly ${CONCURRENT} rows and ${CONCURRENT} notifications for ${CONCURRENT} simultaneous messages`,
    { timeout: 120_000 },
    async () => {
      const domain = `load-${crypto.randomUUID().slice(0, 8)}.example.com`;
      const responses = await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, i) => {
          const fields = validContact({ email: `visitor${i}@${domain}`, message: `Load test message number ${i}.` });
          const response = await fetchSite("/contact", {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              // One visitor each: 200 people writing at once, not one IP over its limit.
              "cf-connecting-ip": `10.200.${Math.floor(i / 250)}.${i % 250}`,
            },
            body: new URLSearchParams(fields).toString(),
            redirect: "manual",
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(responses.filter((status) => status >= 500)).toEqual([]);
      expect(responses.every((status) => status === 302)).toBe(true);

      const rows = await env.DB.prepare("SELECT count(*) AS n FROM contact_submissions WHERE email LIKE ?")
        .bind(`%@${domain}`)
        .first<{ n: number }>();
      const notifications = await env.DB.prepare(
        "SELECT count(*) AS n, count(DISTINCT json_extract(payload, '$.record.email')) AS people FROM notifications WHERE json_extract(payload, '$.record.email') LIKE ?",
      )
        .bind(`%@${domain}`)
        .first<{ n: number; people: number }>();
      expect(rows?.n).toBe(CONCURRENT);
      expect(notifications).toEqual({ n: CONCURRENT, people: CONCURRENT });
    },
  );
});
