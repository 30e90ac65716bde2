/**
 * The site on every day of the edition's life (issue 11): calls to action,
 * badges and tense follow the phase; the server refuses money and interest
 * that the phase no longer allows; results appear after the finals; and an
 * added edition (the test fixture) flips every phase-dependent page.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { publicRoutes } from "~/content/routes";
import { createPublishedResult } from "./factories";
import { createAccount } from "./auth-helpers";
import { sponsorFields, uniqueEmail, uniqueIp } from "./payments-helpers";
import { fetchWithEnv } from "./worker";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";

const clocks = {
  earlyBird: "2025-12-01T12:00:00-07:00",
  regular: "2026-02-10T12:00:00-07:00",
  afterEnrollment: "2026-03-25T12:00:00-06:00",
  afterFinals: "2026-11-23T12:00:00-07:00",
} as const;

async function html(path: string, overrides: Partial<Env>) {
  const response = await fetchWithEnv(path, overrides);
  expect(response.status, path).toBe(200);
  return response.text();
}

function headerAction(markup: string): { href: string; label: string } | null {
  const match = /<li class="ml-2"><a class="btn-primary" href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(markup);
  return match ? { href: match[1]!, label: match[2]! } : null;
}

function postForm(path: string, fields: Record<string, string>, appNow: string, cookie?: string) {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "cf-connecting-ip": uniqueIp(),
    origin: "http://localhost",
    "sec-fetch-site": "same-origin",
  };
  if (cookie) headers.cookie = cookie;
  return fetchWithEnv(
    path,
    { APP_NOW: appNow },
    {
      method: "POST",
      headers,
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    },
  );
}

describe("the header's primary action follows the phase", () => {
  it("is Register Now while enrollment is open", async () => {
    for (const clock of [clocks.earlyBird, clocks.regular]) {
      expect(headerAction(await html("/", { APP_NOW: clock }))).toEqual({ href: "/register", label: "Register Now" });
    }
  });

  it("is Get notified once enrollment has closed", async () => {
    for (const clock of [clocks.afterEnrollment, clocks.afterFinals]) {
      expect(headerAction(await html("/timeline", { APP_NOW: clock }))).toEqual({
        href: "/next-edition",
        label: "Get notified",
      });
    }
  });
});

describe("pages under four clocks", () => {
  it("offers registration and prices only while enrollment is open", async () => {
    for (const [name, clock] of Object.entries(clocks)) {
      const open = name === "earlyBird" || name === "regular";
      const home = await html("/", { APP_NOW: clock });
      const register = await html("/register", { APP_NOW: clock });
      if (open) {
        expectHtmlToContain(home, 'href="/register?tab=individual"', 'data-testid="price-individual"');
        expectHtmlToContain(register, 'data-testid="pricing-badge"', 'data-testid="register-price-individual"');
        expectHtmlNotToContain(home, 'data-testid="hero-next-edition"');
      } else {
        expectHtmlNotToContain(home, 'href="/register?tab=', "pricing</span>");
        expectHtmlToContain(home, 'data-testid="hero-next-edition"', 'action="/next-edition"');
        expectHtmlNotToContain(
          register,
          'data-testid="pricing-badge"',
          "register-price-",
          'data-testid="login-prompt"',
        );
        expectHtmlToContain(register, 'data-testid="enrollment-closed"', 'action="/next-edition"');
      }
      expect(register.includes('data-testid="register-price-individual">$300<'), name).toBe(name === "regular");
    }
  });

  it("sells sponsorships before the finals and offers the next-edition list after them", async () => {
    const before = await html("/sponsor-register", { APP_NOW: clocks.afterEnrollment });
    expectHtmlToContain(before, "Continue to Payment");
    const after = await html("/sponsor-register", { APP_NOW: clocks.afterFinals });
    expectHtmlToContain(
      after,
      'data-testid="sponsorship-closed"',
      "closed on April 25, 2026",
      'action="/next-edition"',
    );
    expectHtmlNotToContain(after, "Continue to Payment");
    const sponsors = await html("/sponsors", { APP_NOW: clocks.afterFinals });
    expectHtmlNotToContain(sponsors, 'href="/sponsor-register', "expected in");
    expectHtmlToContain(sponsors, 'href="/next-edition?interest=sponsor"');
    const whySponsor = await html("/why-sponsor", { APP_NOW: clocks.afterFinals });
    expectHtmlNotToContain(whySponsor, "Reach us before the State Capital Finals");
  });

  it("writes nothing past as future once the finals are over", async () => {
    const clock = { APP_NOW: clocks.afterFinals };
    const judges = await html("/judges-advisors", clock);
    expectHtmlNotToContain(judges, "before judging begins", "Express Your Interest");
    expectHtmlToContain(judges, "Judging ran");
    const timeline = await html("/timeline", clock);
    expectHtmlNotToContain(timeline, "Never miss a deadline", "deadline is ");
    expectHtmlToContain(timeline, "The 2026 Challenge is over.");
    for (const path of ["/about", "/why-join", "/employees", "/employer-recognition"]) {
      const page = await html(path, clock);
      expectHtmlToContain(page, "were held in Boise, Idaho on April 25, 2026");
    }
    const faq = await html("/faq", clock);
    expectHtmlNotToContain(faq, 'href="/register?tab=individual"');
    expectHtmlToContain(faq, "The 2026 Challenge&#x27;s final enrollment deadline was March 18, 2026");
    const employees = await html("/employees", clock);
    expectHtmlNotToContain(employees, "TBD", ">Enroll Now<");
    expectHtmlToContain(employees, "enrollment opened Nov 10, 2025, 9:00 AM MT and closed Mar 18, 2026, 11:59 PM MT");
  });

  it("offers no payment, registration or enrollment anywhere on today's clock", async () => {
    const offers = [
      'href="/register?tab=',
      'href="/sponsor-register',
      ">Register Now<",
      ">Enroll Now<",
      "Continue to Payment",
    ];
    for (const { path } of publicRoutes) {
      const response = await fetchWithEnv(path, { APP_NOW: clocks.afterFinals });
      const page = await response.text();
      for (const offer of offers) {
        // /register's own tabs switch between the two plans' descriptions; they offer nothing to pay.
        if (path === "/register" && offer === 'href="/register?tab=') continue;
        expect(page.includes(offer), `${path} offers ${offer}`).toBe(false);
      }
    }
  });

  it("shows real enrollment dates on /employees before and during enrollment", async () => {
    const before = await html("/employees", { APP_NOW: "2025-10-01T12:00:00-06:00" });
    expectHtmlToContain(before, "enrollment opens Nov 10, 2025, 9:00 AM MT and closes Mar 18, 2026, 11:59 PM MT");
    expectHtmlNotToContain(before, "TBD");
  });
});

describe("the server refuses what the phase no longer allows", () => {
  it("refuses a sponsorship checkout after the finals, with JavaScript and without, storing nothing", async () => {
    const cookie = await createAccount(uniqueEmail("late-sponsor"), "a good passphrase", uniqueIp());
    const company = `Late Sponsor ${crypto.randomUUID().slice(0, 8)}`;
    const variants: Record<string, string>[] = [{}, { _enhanced: "1" }];
    for (const extra of variants) {
      const response = await postForm(
        "/sponsor-register",
        sponsorFields({ companyName: company, sponsorshipTier: "platinum", ...extra }),
        clocks.afterFinals,
        cookie,
      );
      expect(response.status).toBe(403);
      expectHtmlToContain(await response.text(), "Sponsorships for the 2026 Challenge closed on April 25, 2026");
    }
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM sponsorships WHERE company_name = ?")
      .bind(company)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("refuses the JSON sponsorship API after the finals", async () => {
    const cookie = await createAccount(uniqueEmail("late-api"), "a good passphrase", uniqueIp());
    const response = await fetchWithEnv(
      "/api/payments/create-sponsor-payment",
      { APP_NOW: clocks.afterFinals },
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie,
          origin: "http://localhost",
          "cf-connecting-ip": uniqueIp(),
        },
        body: JSON.stringify(sponsorFields()),
      },
    );
    expect(response.status).toBe(403);
    expect(JSON.stringify(await response.json())).toContain("Sponsorships for the 2026 Challenge closed");
  });

  it("refuses judge and advisor interest once judging has begun", async () => {
    const cookie = await createAccount(uniqueEmail("late-judge"), "a good passphrase", uniqueIp());
    const organization = `Late Judge Org ${crypto.randomUUID().slice(0, 8)}`;
    const response = await postForm(
      "/judge-advisor-register",
      {
        role: "judge",
        firstName: "Avery",
        lastName: "Lindqvist",
        email: uniqueEmail("judge"),
        phone: "(208) 555-0142",
        organization,
        title: "Chief Data Officer",
        expertise: "Machine learning operations.",
        experience: "Twelve years building analytics teams.",
        motivation: "I want to help Idaho workers apply AI.",
      },
      clocks.afterEnrollment,
      cookie,
    );
    expect(response.status).toBe(403);
    expectHtmlToContain(await response.text(), "Judging for the 2026 Challenge began on March 21, 2026");
    const row = await env.DB.prepare("SELECT 1 FROM judge_advisor_interests WHERE organization = ?")
      .bind(organization)
      .first();
    expect(row).toBeNull();
    const page = await html("/judge-advisor-register", { APP_NOW: clocks.afterEnrollment });
    expectHtmlToContain(page, 'data-testid="interest-closed"', 'action="/next-edition"');
  });
});

describe("after the finals, as a visitor finds it (formerly tests/e2e/lifecycle.spec.ts)", () => {
  it("the header and the home page's hero offer the next-edition list, not registration", async () => {
    const home = await html("/", { APP_NOW: clocks.afterFinals });
    expect(headerAction(home)).toEqual({ href: "/next-edition", label: "Get notified" });
    expectHtmlNotToContain(home, ">Register Now<", 'href="/register?tab=');
    const hero = /data-testid="hero-next-edition"[\s\S]*?<\/form>/.exec(home)?.[0] ?? "";
    expectHtmlToContain(hero, "The 2026 Challenge is over.", 'action="/next-edition"');
  });

  it("a signed-in visitor finds registration and sponsorship closed, and no payment button", async () => {
    const cookie = await createAccount(uniqueEmail("late-sponsor"), "a good passphrase", uniqueIp());
    const signedIn = { headers: { cookie } };
    const register = await (await fetchWithEnv("/register", { APP_NOW: clocks.afterFinals }, signedIn)).text();
    expectHtmlToContain(register, 'data-testid="enrollment-closed"', "Enrollment for the 2026 Challenge has closed.");
    const sponsor = await fetchWithEnv("/sponsor-register?tier=platinum", { APP_NOW: clocks.afterFinals }, signedIn);
    expect(sponsor.status).toBe(200);
    const page = await sponsor.text();
    // The account is signed in: the page shows the signed-in header, not a login prompt.
    expectHtmlToContain(page, 'data-testid="sponsorship-closed"', "closed on April 25, 2026", "Sign Out");
    expectHtmlNotToContain(page, "Continue to Payment");
    // What a browser that kept an old form would post is refused: "refuses a sponsorship checkout after the finals" above.
  });

  it("judge and advisor interest points to the next edition", async () => {
    const judges = await html("/judges-advisors", { APP_NOW: clocks.afterFinals });
    expectHtmlToContain(judges, "Judge Profiles Coming Soon");
    expect(judges).toMatch(/<a[^>]+href="\/judge-advisor-register"[^>]*>Judge or Advise the Next Edition<\/a>/);
    expectHtmlNotToContain(judges, "before judging begins");
    const interest = await html("/judge-advisor-register", { APP_NOW: clocks.afterFinals });
    expectHtmlToContain(interest, 'data-testid="interest-closed"', "no longer taking judge and advisor interest");
  });
});

describe("results after the finals", () => {
  it("says results will be posted until the organizers fill them in, and never invents winners", async () => {
    for (const path of ["/", "/timeline"]) {
      const page = await html(path, { APP_NOW: clocks.afterFinals });
      expectHtmlToContain(page, 'data-testid="results-pending"', "2026 Challenge results");
      expectHtmlNotToContain(page, 'data-testid="results-awards"');
    }
    expectHtmlNotToContain(await html("/", { APP_NOW: clocks.regular }), 'id="results"');
  });

  it("lists the finalists and winners once the organizers have published them (ADR 015: the database is the one source)", async () => {
    const withFixture = { APP_NOW: "2027-06-01T12:00:00-06:00", APP_EDITION_FIXTURE: "1" };
    expectHtmlToContain(await html("/timeline", withFixture), 'data-testid="results-pending"');
    const fixture = { editionId: "fixture", publishedBy: "test" };
    await createPublishedResult({
      ...fixture,
      teamId: "team-fixture-1",
      teamName: "Fixture Finalist One",
      projectTitle: "Fixture Project",
      organization: "Fixture Co",
      publishedAt: "2027-04-30T15:00:00.000Z",
    });
    await createPublishedResult({
      ...fixture,
      award: "grand-champion",
      teamId: "team-fixture-2",
      teamName: "Fixture Champion",
      projectTitle: "Fixture Winning Project",
      publishedAt: "2027-05-20T22:00:00.000Z",
    });
    // Published for a later time: not shown before it comes.
    await createPublishedResult({
      ...fixture,
      award: "innovation-award",
      teamId: "team-fixture-3",
      teamName: "Fixture Not Yet",
      publishedAt: "2027-07-01T00:00:00.000Z",
    });
    const page = await html("/timeline", withFixture);
    expectHtmlToContain(page, "Fixture Edition results", "Fixture Finalist One", "Fixture Champion", "To be announced");
    expectHtmlNotToContain(page, 'data-testid="results-pending"', "Fixture Not Yet");
    // Another edition's results never show: the 2026 page after its finals still waits.
    expectHtmlToContain(await html("/", { APP_NOW: clocks.afterFinals }), 'data-testid="results-pending"');
  });
});

describe("the next edition is one file (the test fixture edition)", () => {
  const withFixture = (appNow: string) => ({ APP_NOW: appNow, APP_EDITION_FIXTURE: "1" });

  it("announces the published next edition after the 2026 finals", async () => {
    const home = await html("/", withFixture(clocks.afterFinals));
    expectHtmlToContain(home, "Enrollment in the Fixture Edition has not opened yet.");
    const register = await html("/register", withFixture(clocks.afterFinals));
    expectHtmlToContain(register, "Enrollment for the Fixture Edition opens on Jan 11, 2027, 9:00 AM MT.");
  });

  it("sells the fixture's own prices while its enrollment is open", async () => {
    const clock = withFixture("2027-01-20T12:00:00-07:00");
    const home = await html("/", clock);
    expect(headerAction(home)).toEqual({ href: "/register", label: "Register Now" });
    expectHtmlToContain(home, ">$111<", ">$3,333<");
    expectHtmlToContain(await html("/register", clock), 'data-testid="register-price-individual">$111<');
    expectHtmlToContain(await html("/timeline", clock), "Fixture Finals", "Fixtureville, Idaho");
    expectHtmlToContain(await html("/faq", clock), "$111 at the early-bird price");
  });
});
