/**
 * A sponsor's presence on the site (issue 54), through the built worker and
 * real D1 and R2: the logo's checks by content (an SVG with a script, an
 * onload, an external reference, a 50 MB file, a PNG by name only), the
 * registrar's approval and return on the desk and the API (by role,
 * audited, the sponsor e-mailed through the outbox), the approved logo by
 * tier on /sponsors and the home page until the agreement ends, then in the
 * edition's archive, the served logo's cache headers, and the isolate's one
 * cached read of the approved sponsors.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { sponsorLogoFailureMessages } from "~/content/sponsor-presence";
import { forgetShownSponsors, readShownSponsors, shownSponsors } from "~/sponsors/shown.server";
import { getDb } from "~/db/client.server";
import { countingD1, newTally } from "../../workers/bench/counting-d1";
import { uniqueIp } from "./auth-helpers";
import { textOf as htmlText } from "./html";
import {
  api,
  auditSince,
  deskGet,
  deskPost,
  lastAuditId,
  organizer,
  tokenOf,
  type Organizer,
} from "./organize-helpers";
import { person } from "./portal-helpers";
import { ENDED, png, SHOWING, sponsor, svg, uploadLogo, type Sponsor } from "./sponsor-helpers";
import { fetchWithEnv } from "./worker";

const page = (path: string, who?: { cookie: string }, clock: Partial<Env> = SHOWING) =>
  fetchWithEnv(path, clock, { headers: who ? { cookie: who.cookie } : {}, redirect: "manual" });

/** The refusal a logo's upload redirected to, as the page words it. */
async function refusalOf(response: Response, who: { cookie: string }): Promise<string> {
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/account\/sponsor\?error=/);
  const html = await (await page(location, who)).text();
  return htmlText(html);
}

async function presenceOf(sponsorshipId: string) {
  return env.DB.prepare("SELECT * FROM sponsor_presences WHERE sponsorship_id = ?")
    .bind(sponsorshipId)
    .first<Record<string, string | number | null>>();
}

let registrar: Organizer;
let coordinator: Organizer;

beforeAll(async () => {
  registrar = await organizer("registrar");
  coordinator = await organizer("coordinator");
});

describe("the sponsor's page", { timeout: 60_000 }, () => {
  it("is the paid sponsor's only: a person without a sponsorship gets a 404, a visitor is sent to sign in", async () => {
    const gold = await sponsor("page-gold", "gold");
    const mine = await page("/account/sponsor", gold);
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html.toLowerCase()).toContain('enctype="multipart/form-data"');
    expect(html).toContain('action="/account/sponsor/logo"');
    // No script on the page: both forms are plain posts.
    expect(html).not.toMatch(/<script[^>]*src=/);
    const other = await person("page-none", { enrolled: false });
    expect((await page("/account/sponsor", other)).status).toBe(404);
    const visitor = await page("/account/sponsor");
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.status).toBeLessThan(400);
    expect(visitor.headers.get("location")).toMatch(/^\/auth/);
  });

  it("links the page from /account's sponsorships", async () => {
    const gold = await sponsor("account-link", "gold");
    const html = await (await page("/account", gold)).text();
    expect(html).toContain('href="/account/sponsor"');
  });
});

describe("the logo's checks, by content", { timeout: 60_000 }, () => {
  let who: Sponsor;
  beforeAll(async () => {
    who = await sponsor("checks", "gold");
  });

  const refusedWith = async (
    bytes: Uint8Array<ArrayBuffer>,
    name: string,
    failure: keyof typeof sponsorLogoFailureMessages,
  ) => {
    const text = await refusalOf(await uploadLogo(who, bytes, name, { type: "image/svg+xml" }), who);
    expect(text).toContain(sponsorLogoFailureMessages[failure]);
    expect((await presenceOf(who.sponsorshipId))?.logo_key ?? null).toBeNull();
  };

  it("refuses an SVG with a script, saying so", async () => {
    await refusedWith(svg('<script>alert(1)</script><rect width="10" height="10"/>'), "logo.svg", "svg-script");
    expect(sponsorLogoFailureMessages["svg-script"]).toMatch(/script/);
  });

  it("refuses an SVG with an onload (or any event handler) attribute", async () => {
    await refusedWith(
      svg(
        '<rect width="10" height="10"/>',
        'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100" onload="alert(1)"',
      ),
      "logo.svg",
      "svg-event-handler",
    );
    await refusedWith(svg('<g onclick="x()"><rect width="10" height="10"/></g>'), "logo.svg", "svg-event-handler");
  });

  it("refuses an SVG that refers to another file or site: an image, a use, a fill or a style", async () => {
    await refusedWith(
      svg('<image href="https://tracker.example/pixel.png" width="10" height="10"/>'),
      "a.svg",
      "svg-external",
    );
    await refusedWith(svg('<use href="https://evil.example/sprite.svg#logo"/>'), "a.svg", "svg-external");
    await refusedWith(
      svg('<rect width="10" height="10" fill="url(https://evil.example/x.svg#g)"/>'),
      "a.svg",
      "svg-external",
    );
    await refusedWith(
      svg('<rect width="10" height="10" style="fill:url(//evil.example/g)"/>'),
      "a.svg",
      "svg-external",
    );
    await refusedWith(svg('<a href="javascript:alert(1)"><rect width="10" height="10"/></a>'), "a.svg", "svg-external");
  });

  it("refuses embedded content, style sheets and entity declarations", async () => {
    await refusedWith(svg("<foreignObject><div>hi</div></foreignObject>"), "a.svg", "svg-foreign-object");
    await refusedWith(svg("<style>@import url(https://evil.example/a.css);</style>"), "a.svg", "svg-element");
    const xxe = new TextEncoder().encode(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>&x;</text></svg>',
    );
    await refusedWith(xxe, "a.svg", "svg-malformed");
  });

  it("refuses a 50 MB file before reading it, with the logo's limit on the page", async () => {
    let pulled = 0;
    const boundary = "----logo-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (pulled >= 50 * 1024 * 1024) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await fetchWithEnv("/account/sponsor/logo", SHOWING, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(50 * 1024 * 1024 + head.length),
        "cf-connecting-ip": uniqueIp(),
        cookie: who.cookie,
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
      },
      body,
      // @ts-expect-error: workerd needs duplex for a streamed request body; the DOM types lack it.
      duplex: "half",
    });
    expect(response.status).toBe(413);
    const text = htmlText(await response.text());
    expect(text).toContain("That logo is too large to upload");
    expect(text).toContain(sponsorLogoFailureMessages["too-large"]);
    expect(pulled).toBeLessThan(4 * 1024 * 1024);
  });

  it("refuses a file over the limit that the entry let through, by its own words", async () => {
    const big = new Uint8Array(1024 * 1024 + 10);
    big.set(await png(100, 100));
    await refusedWith(big, "big.png", "too-large");
  });

  it("refuses a file named .png that is not one, and takes a PNG whatever its name", async () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const text = await refusalOf(await uploadLogo(who, html, "logo.png", { type: "image/png" }), who);
    expect(text).toContain(sponsorLogoFailureMessages["wrong-type"]);
    const jpegish = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect(await refusalOf(await uploadLogo(who, jpegish, "logo.png", { type: "image/png" }), who)).toContain(
      sponsorLogoFailureMessages["wrong-type"],
    );

    const taken = await uploadLogo(who, await png(300, 100), "logo.txt", { type: "text/plain" });
    expect(taken.status).toBe(303);
    expect(taken.headers.get("location")).toBe("/account/sponsor#logo");
    const stored = await presenceOf(who.sponsorshipId);
    expect(stored).toMatchObject({ logo_type: "image/png", logo_width: 300, logo_height: 100, status: "submitted" });
    expect(String(stored?.logo_key)).toMatch(/^sponsor-logos\/[0-9a-f]{64}\.png$/);
  });

  it("refuses a PNG too small or too large in pixels", async () => {
    const text = await refusalOf(await uploadLogo(who, await png(32, 20), "tiny.png"), who);
    expect(text).toContain(sponsorLogoFailureMessages.dimensions);
  });

  it("stores a clean SVG rewritten: editors' metadata and comments dropped, the drawing kept", async () => {
    const inkscape = new TextEncoder().encode(
      '<?xml version="1.0"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 400 100" inkscape:version="1.3"><metadata><rdf>x</rdf></metadata><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs><title>Acme &amp; Co</title><rect width="400" height="100" fill="url(#g)"/><use xlink:href="#g"/></svg>',
    );
    const done = await uploadLogo(who, inkscape, "acme.svg", { type: "image/svg+xml" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/account/sponsor#logo");
    const stored = await presenceOf(who.sponsorshipId);
    expect(stored).toMatchObject({ logo_type: "image/svg+xml", logo_width: 400, logo_height: 100 });
    const object = await env.SUBMISSION_FILES.get(String(stored?.logo_key));
    const text = await object!.text();
    expect(text).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 400 100"><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs><title>Acme &amp; Co</title><rect width="400" height="100" fill="url(#g)"/><use xlink:href="#g"/></svg>',
    );
  });
});

describe("the registrar's review", { timeout: 120_000 }, () => {
  it("returns with a reason on the desk, audited, the sponsor e-mailed; a coordinator may not", async () => {
    const gold = await sponsor("returned", "gold", "Returned Gold Co");
    await uploadLogo(gold, await png(120, 80), "logo.png");
    const desk = await (await deskGet("/organize/sponsorships", registrar)).text();
    expect(desk).toContain("Returned Gold Co");
    expect(desk).toContain("/organize/sponsor-logos/");
    // The logo under review is the desk's to see, not the public's.
    const file = String((await presenceOf(gold.sponsorshipId))?.logo_key).replace("sponsor-logos/", "");
    const preview = await deskGet(`/organize/sponsor-logos/${gold.sponsorshipId}`, registrar);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect((await page(`/sponsor-logos/${file}`)).status).toBe(404);

    const since = await lastAuditId();
    const refused = await deskPost(
      "/organize/sponsorships",
      { intent: "return-presence", sponsorshipId: gold.sponsorshipId, reason: "too small to read" },
      coordinator,
    );
    expect(refused.status).toBe(404);
    expect((await presenceOf(gold.sponsorshipId))?.status).toBe("submitted");

    const returned = await deskPost(
      "/organize/sponsorships",
      { intent: "return-presence", sponsorshipId: gold.sponsorshipId, reason: "too small to read" },
      registrar,
    );
    expect(returned.status).toBe(303);
    expect(await presenceOf(gold.sponsorshipId)).toMatchObject({
      status: "returned",
      return_reason: "too small to read",
    });
    const audit = await auditSince(since);
    expect(audit.map((r) => r.action)).toEqual(["sponsors.return-presence"]);
    expect(audit[0]).toMatchObject({ actor_user_id: registrar.id, reason: "too small to read" });
    const mail = await env.DB.prepare("SELECT recipient, subject, payload FROM notifications WHERE kind = ?")
      .bind("sponsor-presence-returned")
      .all<{ recipient: string; subject: string; payload: string }>();
    expect(mail.results.filter((m) => m.recipient === gold.email)).toHaveLength(1);
    expect(JSON.parse(mail.results.find((m) => m.recipient === gold.email)!.payload).reason).toBe("too small to read");

    const mine = htmlText(await (await page("/account/sponsor", gold)).text());
    expect(mine).toContain("Returned by the organizers: too small to read");
  });

  it("refuses a return without a reason, and an approval of what is not waiting", async () => {
    const gold = await sponsor("no-reason", "gold");
    await uploadLogo(gold, await png(120, 80), "logo.png");
    const token = await tokenOf(registrar);
    const noReason = await api("POST", "/actions/sponsors.return-presence", {
      token,
      body: { sponsorshipId: gold.sponsorshipId, reason: " " },
    });
    expect(noReason.status).toBe(400);
    const unknown = await api("POST", "/actions/sponsors.approve-presence", {
      token,
      body: { sponsorshipId: "spo_unknown" },
    });
    expect(unknown.status).toBe(404);
  });

  it("approves through the API per role, audited and e-mailed; a Gold logo shows on /sponsors and on / in Gold's box", async () => {
    const gold = await sponsor("approved-gold", "gold", "Approved Gold Co");
    await uploadLogo(gold, await png(400, 100), "gold.png");
    const coordinatorToken = await tokenOf(coordinator);
    const forbidden = await api("POST", "/actions/sponsors.approve-presence", {
      token: coordinatorToken,
      body: { sponsorshipId: gold.sponsorshipId },
    });
    expect(forbidden.status).toBe(403);

    const since = await lastAuditId();
    const approved = await api("POST", "/actions/sponsors.approve-presence", {
      token: await tokenOf(registrar),
      body: { sponsorshipId: gold.sponsorshipId },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const audit = await auditSince(since);
    expect(audit.map((r) => r.action)).toEqual(["sponsors.approve-presence"]);
    expect(audit[0]?.actor_kind).toBe("token");
    const mail = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE kind = ? AND recipient = ?")
      .bind("sponsor-presence-approved", gold.email)
      .first<{ n: number }>();
    expect(mail?.n).toBe(1);

    const presence = await presenceOf(gold.sponsorshipId);
    const src = `/sponsor-logos/${String(presence?.shown_logo_key).replace("sponsor-logos/", "")}`;
    const sponsors = await (await page("/sponsors")).text();
    // Gold's box is 200 × 80: a 400 × 100 logo is drawn 200 × 50, its name as its text.
    expect(sponsors).toContain(`src="${src}" alt="Approved Gold Co" width="200" height="50"`);
    expect(sponsors).toContain('data-testid="sponsors-gold"');
    // The home page too ("Full branding"), in the same box: smaller than Platinum's 240 × 96.
    const home = await (await page("/")).text();
    expect(home).toContain('data-testid="home-sponsors"');
    expect(home).toContain(`src="${src}" alt="Approved Gold Co" width="200" height="50"`);

    const served = await page(src);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(await png(400, 100));
  });

  it("shows a Platinum sponsor on the home page and in every page's footer, until the agreement ends; then in the 2026 archive", async () => {
    const platinum = await sponsor("approved-platinum", "platinum", "Platinum Partner Co");
    await uploadLogo(platinum, await png(240, 96), "p.png");
    const approved = await deskPost(
      "/organize/sponsorships",
      { intent: "approve-presence", sponsorshipId: platinum.sponsorshipId },
      registrar,
    );
    expect(approved.status).toBe(303);
    const src = `/sponsor-logos/${String((await presenceOf(platinum.sponsorshipId))?.shown_logo_key).replace("sponsor-logos/", "")}`;
    const logo = `src="${src}" alt="Platinum Partner Co"`;

    const home = await (await page("/")).text();
    expect(home).toContain('data-testid="home-sponsors"');
    expect(home).toContain(`${logo} width="240" height="96"`);
    const about = await (await page("/about")).text();
    expect(about).toContain('data-testid="footer-sponsors"');
    expect(about).toContain(`${logo} width="120" height="48"`);
    expect(await (await page("/sponsors")).text()).toContain('data-testid="sponsors-platinum"');

    const ended = await (await page("/", undefined, ENDED)).text();
    expect(ended).not.toContain(src);
    const archive = await (await page("/sponsors", undefined, ENDED)).text();
    expect(archive).not.toContain('data-testid="sponsors-platinum"');
    expect(archive).toContain('data-testid="sponsors-archive-2026"');
    expect(htmlText(archive)).toContain("2026 sponsors");
    expect(archive).toContain(logo);
  });

  it("sends a new upload after approval back to review, and keeps the approved logo shown meanwhile", async () => {
    const silver = await sponsor("again", "silver", "Again Silver Co");
    await uploadLogo(silver, await png(200, 100), "first.png");
    const token = await tokenOf(registrar);
    await api("POST", "/actions/sponsors.approve-presence", { token, body: { sponsorshipId: silver.sponsorshipId } });
    const first = String((await presenceOf(silver.sponsorshipId))?.shown_logo_key);
    await uploadLogo(silver, await png(300, 100), "second.png");
    const after = await presenceOf(silver.sponsorshipId);
    expect(after?.status).toBe("submitted");
    expect(after?.shown_logo_key).toBe(first);
    expect(after?.logo_key).not.toBe(first);
    const sponsors = await (await page("/sponsors")).text();
    expect(sponsors).toContain(first.replace("sponsor-logos/", ""));
    expect(sponsors).not.toContain(String(after?.logo_key).replace("sponsor-logos/", ""));
    // Silver's placements leave out the home page.
    expect(await (await page("/")).text()).not.toContain(first.replace("sponsor-logos/", ""));
    expect(htmlText(await (await page("/account/sponsor", silver)).text())).toContain(
      "the copy they approved before stays on the site",
    );
  });

  it("leaves nothing shown when nothing is approved: no empty section", async () => {
    const bronze = await sponsor("unapproved", "bronze", "Unapproved Bronze Co");
    await uploadLogo(bronze, await png(120, 48), "b.png");
    const timeline = await (await page("/timeline")).text();
    expect(timeline).not.toContain("Unapproved Bronze Co");
    expect(timeline).not.toContain('data-testid="timeline-sponsors"');
  });
});

describe("the approved sponsors' read", () => {
  it("costs one statement per isolate on the real clock while fresh, not one per page", async () => {
    for (const environment of [{ ENVIRONMENT: "production" }, { ENVIRONMENT: "development" }]) {
      // Each environment starts from a cold isolate.
      forgetShownSponsors();
      const tally = newTally();
      const counted = { DB: countingD1(env.DB, tally), ...environment };
      const first = await shownSponsors(counted);
      const second = await shownSponsors(counted);
      expect(second).toEqual(first);
      expect(tally.statements, environment.ENVIRONMENT).toBe(1);
      expect(first).toEqual(await readShownSponsors(getDb(env)));
    }
  });

  it("reads at every view on a moved clock, so a rehearsal sees each change at once", async () => {
    const tally = newTally();
    const moved = { DB: countingD1(env.DB, tally), ENVIRONMENT: "development", APP_NOW: SHOWING.APP_NOW };
    await shownSponsors(moved);
    await shownSponsors(moved);
    expect(tally.statements).toBe(2);
  });

  it("adds no round trip one after another to a content page, and none on its next view", async () => {
    forgetShownSponsors();
    const tally = newTally();
    const DB = countingD1(env.DB, tally);
    await fetchWithEnv("/sponsors", { DB });
    const first = tally.statements;
    expect(tally.sql.filter((sql) => sql.includes('"sponsor_presences"'))).toHaveLength(1);
    await fetchWithEnv("/sponsors", { DB });
    await fetchWithEnv("/about", { DB });
    await fetchWithEnv("/", { DB });
    expect(tally.sql.filter((sql) => sql.includes('"sponsor_presences"'))).toHaveLength(1);
    expect(first).toBeLessThanOrEqual(1);
  });
});
