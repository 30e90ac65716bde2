/**
 * The organizers' preview of the site on another day (issue 52), through the
 * built worker and real D1: who may start one, what a previewed page shows
 * (the edition and day asked for, the banner, noindex, no-store), a draft
 * version previewed, every write refused and nothing written, and the
 * preview invisible to every other session and to a forged hint.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMountain } from "~/clock/format";
import { mountainDateKey } from "~/clock/schedule";
import { milestoneOf } from "~/content/editions";
import { edition2026 } from "../fixtures/edition-2026";
import { formatUsd } from "~/content/pricing";
import { organizerRoleNames } from "~/content/organize";
import { serializeEdition } from "~/editions/document";
import { postForm, uniqueEmail, uniqueIp } from "./auth-helpers";
import { validContact } from "./contact-helpers";
import { deskGet, deskPost, JUDGING, organizer, type Organizer } from "./organize-helpers";
import { individualFields } from "./payments-helpers";
import { submittedProject } from "./showcase-helpers";
import { fetchWithEnv } from "./worker";

const HINT = "site_preview=1";

/** The browser's cookies with the preview hint, as the desk's redirect leaves them. */
const withHint = (who: { cookie: string }) => ({ cookie: `${who.cookie}; ${HINT}` });

/** A public page as the browser asks for it, at the tests' live date (the judging window). */
function page(path: string, who?: { cookie: string }, init: RequestInit = {}) {
  return fetchWithEnv(path, JUDGING, {
    ...init,
    headers: { "cf-connecting-ip": uniqueIp(), ...(who ? { cookie: who.cookie } : {}), ...(init.headers ?? {}) },
    redirect: "manual",
  });
}

/** Starts a preview on the desk as a browser without JavaScript; answers the desk's response. */
function startPreview(who: Organizer, fields: Record<string, string>) {
  return deskPost("/organize/preview", { intent: "start", ...fields }, who);
}

/** A 2027 edition as a draft version: 2026 moved a year on, stored as the desk stores a version. */
async function draft2027(): Promise<{ finals: Date; enrollmentOpens: Date }> {
  const year = 365 * 86_400_000;
  const document = serializeEdition(edition2026)
    .replace(/"(\d{4}-\d{2}-\d{2}T[^"]+)"/g, (_, iso: string) =>
      JSON.stringify(new Date(new Date(iso).getTime() + year).toISOString()),
    )
    .replace('"id":"2026"', '"id":"2027"')
    .replace('"name":"2026 Challenge"', '"name":"2027 Challenge"');
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO editions (id, created_at, created_by) VALUES ('2027', ?, 'test')").bind(now),
    env.DB.prepare(
      "INSERT INTO edition_versions (edition_id, version, document, state, created_by, created_at) VALUES ('2027', 1, ?, 'draft', 'test', ?)",
    ).bind(document, now),
  ]);
  return {
    finals: new Date(milestoneOf(edition2026, "finals").start.getTime() + year),
    enrollmentOpens: new Date(edition2026.enrollmentOpens.getTime() + year),
  };
}

/** A draft version 2 of 2026 whose early-bird price is $225: a version replaces its edition in a preview. */
async function draft2026(): Promise<string> {
  const changed = {
    ...edition2026,
    prices: { ...edition2026.prices, individual: { earlyBird: 22_500, regular: 30_000 } },
  };
  const now = new Date().toISOString();
  // 2026 itself is migration 0031's (version 1, published).
  await env.DB.prepare(
    "INSERT INTO edition_versions (edition_id, version, document, state, created_by, created_at) VALUES ('2026', 2, ?, 'draft', 'test', ?)",
  )
    .bind(serializeEdition(changed), now)
    .run();
  return formatUsd(22_500);
}

async function count(table: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
  return row?.n ?? 0;
}

async function auditActions(userId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT action FROM events WHERE actor_user_id = ? ORDER BY id")
    .bind(userId)
    .all<{ action: string }>();
  return results.map((row) => row.action);
}

let draft: Awaited<ReturnType<typeof draft2027>>;
let draftPrice = "";

beforeAll(async () => {
  draft = await draft2027();
  draftPrice = await draft2026();
});

describe("starting a preview", { timeout: 60_000 }, () => {
  it("is for a director or a coordinator: everyone else gets the desk's 404", async () => {
    for (const role of organizerRoleNames) {
      const who = await organizer(role);
      const response = await startPreview(who, { version: "live", day: "2025-11-20", time: "09:00" });
      const allowed = role === "director" || role === "coordinator";
      expect(response.status, role).toBe(allowed ? 303 : 404);
      expect(
        response.headers.getSetCookie().some((c) => c.startsWith(HINT)),
        role,
      ).toBe(allowed);
      if (allowed) expect(response.headers.get("location"), role).toBe("/");
      expect(await auditActions(who.id), role).toEqual(allowed ? ["site-preview.start"] : []);
    }
    const participant = await organizer(null);
    expect((await startPreview(participant, { version: "live", day: "2025-11-20" })).status).toBe(404);
    expect((await deskPost("/organize/preview", { intent: "start", version: "live", day: "2025-11-20" })).status).toBe(
      404,
    );
  });

  it("says what is wrong with a day, a time or a version, and starts nothing", async () => {
    const who = await organizer("coordinator");
    for (const [fields, message] of [
      [{ version: "live", day: "next tuesday" }, "Give a day as YYYY-MM-DD."],
      [{ version: "1999@1", day: "2025-11-20" }, "That edition version does not exist."],
      // 2:30 AM on the day Boise's clocks jump from 2:00 to 3:00.
      [{ version: "live", day: "2026-03-08", time: "02:30" }, "That time does not exist in Boise on that day"],
    ] as const) {
      const response = await startPreview(who, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(message);
    }
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM organizer_session_previews p JOIN session s ON s.id = p.session_id WHERE s.user_id = ?",
    )
      .bind(who.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe("a previewed site", { timeout: 60_000 }, () => {
  it("shows 2026 on its early-bird day: the early price on /register, the banner, noindex and no-store", async () => {
    const who = await organizer("director");
    expect((await startPreview(who, { version: "live", day: "2025-11-20" })).status).toBe(303);
    const early = formatUsd(edition2026.prices.individual.earlyBird);
    const response = await page("/register", withHint(who));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('data-testid="preview-banner"');
    expect(html).toContain("Nov 20, 2025, 9:00 AM MT");
    expect(html).toContain(early);
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).toContain('action="/organize/preview"');
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    // The same person, the same moment, without the hint: the live site (the judging window: enrollment closed).
    const live = await (await page("/register", who)).text();
    expect(live).not.toContain('data-testid="preview-banner"');
    expect(live).not.toContain('content="noindex"');
  });

  it("shows a draft version in place of its published edition: 2026's draft early price on /register", async () => {
    const who = await organizer("director");
    const started = await startPreview(who, { version: "2026@2", day: "2025-11-20" });
    expect(started.status, await started.clone().text()).toBe(303);
    const html = await (await page("/register", withHint(who))).text();
    expect(html).toContain("2026 Challenge, version 2 (draft)");
    expect(html).toContain(draftPrice);
    expect(html).not.toContain(formatUsd(edition2026.prices.individual.earlyBird));
  });

  it("leaves the desk itself unpreviewed", async () => {
    const who = await organizer("director");
    await startPreview(who, { version: "live", day: "2025-11-20" });
    const desk = await deskGet("/organize", withHint(who));
    expect(desk.status).toBe(200);
    const html = await desk.text();
    expect(html).not.toContain('data-testid="preview-banner"');
    const previewPage = await (await deskGet("/organize/preview", withHint(who))).text();
    expect(previewPage).toContain("2025");
    expect(previewPage).toContain("Nov 20, 2025, 9:00 AM MT");
  });
});

describe("every write while previewing", { timeout: 60_000 }, () => {
  it("refuses a checkout, a vote, the contact form, a sign-up and a checkout's return: 403, nothing written", async () => {
    const who = await organizer("director");
    const project = await submittedProject("preview-vote");
    expect((await startPreview(who, { version: "live", day: "2025-11-20" })).status).toBe(303);
    const tables = [
      "registrations",
      "showcase_votes",
      "contact_submissions",
      "notifications",
      "user",
      "next_edition_subscribers",
    ];
    const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
    const cookie = withHint(who).cookie;
    const posts: [string, Record<string, string>][] = [
      ["/register", individualFields({ email: who.email })],
      [`/showcase/${project.slug}`, { intent: "vote" }],
      ["/contact", validContact()],
      ["/auth", { intent: "signup", email: uniqueEmail("preview"), password: "a good passphrase" }],
      ["/next-edition", { email: uniqueEmail("list") }],
    ];
    for (const [path, fields] of posts) {
      const response = await postForm(path, fields, { ip: uniqueIp(), cookie, appNow: JUDGING.APP_NOW });
      expect(response.status, path).toBe(403);
      const html = await response.text();
      expect(html, path).toContain("nothing was sent, paid or saved");
      // Styled on its own (the worker answers before the site's stylesheet is known), within the page's CSP.
      expect(html, path).toMatch(/<style>[^<]*main\{max-width/);
      expect(response.headers.get("content-security-policy"), path).toContain("style-src 'self' 'unsafe-inline'");
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A page whose GET writes (a checkout's return verifies and fulfils it) and the JSON API.
    expect((await page("/registration-success?session_id=cs_test_1", { cookie })).status).toBe(403);
    const json = await page(
      "/api/auth/sign-up/email",
      { cookie },
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost", "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ email: uniqueEmail("api"), password: "a good passphrase", name: "" }),
      },
    );
    expect(json.status).toBe(403);
    expect(await json.json()).toMatchObject({ preview: true });
    for (const table of tables) expect(await count(table), table).toBe(before[table]);
  });
});

describe("invisible to everyone else", { timeout: 60_000 }, () => {
  it("another session, an anonymous visitor and a forged hint see the live site at the same moment", async () => {
    const previewing = await organizer("director");
    const colleague = await organizer("director");
    expect((await startPreview(previewing, { version: "2026@2", day: "2025-11-20" })).status).toBe(303);
    // Interleaved in one isolate: the preview's requests and the others' run side by side.
    const [mine, theirs, anonymous, forged, mineAgain] = await Promise.all([
      page("/register", withHint(previewing)),
      page("/register", withHint(colleague)),
      page("/register"),
      page("/register", { cookie: HINT }),
      page("/", withHint(previewing)),
    ]);
    const texts = await Promise.all([mine, theirs, anonymous, forged, mineAgain].map((r) => r.text()));
    expect(mine.status).toBe(200);
    expect(texts[0]).toContain('data-testid="preview-banner"');
    expect(texts[0]).toContain(draftPrice);
    expect(texts[4]).toContain("Nov 20, 2025, 9:00 AM MT");
    for (const [index, html] of [texts[1]!, texts[2]!, texts[3]!].entries()) {
      expect(html, `other ${index}`).not.toContain('data-testid="preview-banner"');
      expect(html, `other ${index}`).not.toContain(draftPrice);
      expect(html, `other ${index}`).not.toContain("version 2 (draft)");
    }
    // A hint that finds no preview is cleared; the anonymous page stays cacheable as ever.
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("site_preview=;") && /max-age=0/i.test(c))).toBe(
      true,
    );
    expect(theirs.headers.get("x-robots-tag")).toBeNull();
    expect(anonymous.headers.get("cache-control")).not.toContain("no-store");
  });

  it("ends when left (from the banner's form) and when the role is gone", async () => {
    const who = await organizer("coordinator");
    await startPreview(who, { version: "live", day: "2025-11-20" });
    const left = await deskPost("/organize/preview", { intent: "leave" }, withHint(who));
    expect(left.status).toBe(303);
    expect(left.headers.get("location")).toBe("/organize/preview");
    expect(left.headers.getSetCookie().some((c) => c.startsWith("site_preview=;"))).toBe(true);
    expect(await (await page("/", withHint(who))).text()).not.toContain('data-testid="preview-banner"');
    expect(await auditActions(who.id)).toEqual(["site-preview.start", "site-preview.leave"]);

    const demoted = await organizer("coordinator");
    await startPreview(demoted, { version: "live", day: "2025-11-20" });
    expect(await (await page("/", withHint(demoted))).text()).toContain('data-testid="preview-banner"');
    await env.DB.prepare("UPDATE organizer_roles SET role = 'viewer' WHERE user_id = ?").bind(demoted.id).run();
    expect(await (await page("/", withHint(demoted))).text()).not.toContain('data-testid="preview-banner"');
    // And writes go through again as on the live site (the cookie no longer previews anything).
    const contact = await postForm("/contact", validContact(), {
      ip: uniqueIp(),
      cookie: withHint(demoted).cookie,
      appNow: JUDGING.APP_NOW,
    });
    expect(contact.status).not.toBe(403);
  });
});

describe("a draft of the next edition", { timeout: 60_000 }, () => {
  it("shows a draft 2027 version on its finals day on / and /timeline", async () => {
    const who = await organizer("coordinator");
    const started = await startPreview(who, { version: "2027@1", day: mountainDateKey(draft.finals) });
    expect(started.status, await started.clone().text()).toBe(303);
    for (const path of ["/", "/timeline"]) {
      const response = await page(path, withHint(who));
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).toContain("2027 Challenge, version 1 (draft)");
      // The page itself, not only its banner, is 2027's.
      expect(withoutBanner(html), path).toContain("2027");
    }
    const timeline = withoutBanner(await (await page("/timeline", withHint(who))).text());
    expect(timeline).toContain(formatMountain(draft.enrollmentOpens, "monthDay"));
    // The live site does not know 2027.
    expect(await (await page("/timeline")).text()).not.toContain("2027 Challenge");
  });
});

/** A previewed page without its banner (which names the version and day whatever the page shows). */
function withoutBanner(html: string): string {
  return html.replace(/<aside aria-label="Preview"[^]*?<\/aside>/, "");
}
