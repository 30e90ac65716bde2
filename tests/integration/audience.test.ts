import { describe, expect, it } from "vitest";
import { roiExample as roiExampleOf, roiExampleInputs as roiExampleInputsOf } from "../../app/content/claims";
import { formatSponsorTierPrice, formatUsd, sponsorTiers } from "../../app/content/pricing";
import {
  FINAL_ENROLLMENT_DEADLINE,
  SUBMISSION_DEADLINE,
  edition2026,
  milestones,
  milestonesById,
  prices,
} from "../edition-2026";
import { judgingCriteria, judgingWeights, learningStages, submissionComponents } from "../../app/content/program";
import { env } from "cloudflare:test";
import { mailtoHref, site, telHref } from "../../app/content/site";
import { siteContact } from "../../app/lib/site-config.server";
import { milestoneUid } from "../../app/clock/calendar";
import { currentPriceText } from "../../app/clock/price-text";
import { evaluateRoi } from "../../app/roi-calculator/form";
import { milestoneStatus, priceFor, type MilestoneStatus } from "../../app/clock/schedule";
import { formatMountain, formatTimeMountainAndPacific } from "../../app/clock/format";
import { fetchWithEnv } from "./worker";
import { escapedAsReact } from "./html";

// The worked example as 2026 prices it.
const roiExampleInputs = roiExampleInputsOf(edition2026);
const roiExample = roiExampleOf(edition2026);

// Fixed days on the one clock: early bird with enrollment open, regular with
// enrollment open, judging week, and after the edition (enrollment closed).
const EARLY_BIRD = "2025-12-01T12:00:00-07:00";
const REGULAR = "2026-02-10T12:00:00-07:00";
const JUDGING_WEEK = "2026-03-25T12:00:00-06:00";
const AFTER_EDITION = "2026-11-22T12:00:00-07:00";

// The configured contact details of the test worker (wrangler.toml's [vars]).
const contact = siteContact(env);

async function page(path: string, appNow = EARLY_BIRD) {
  const response = await fetchWithEnv(path, { APP_NOW: appNow });
  return { response, html: await response.text() };
}

function countH1(markup: string): number {
  return markup.match(/<h1[\s>]/g)?.length ?? 0;
}

const routes: Record<string, { anchors: string[]; links: string[]; text: string[] }> = {
  "/employees": {
    anchors: ["why-join", "what-you-learn", "certifications", "submission"],
    links: ["/register?tab=individual", "/submission-guidelines", "/timeline"],
    text: [...learningStages.map((s) => s.certification), `${edition2026.name}: enrollment`, "Impact statement"],
  },
  "/organizations": {
    anchors: ["workforce-package", "roi-impact", "recognition", "enrollment", "faqs"],
    links: [
      "/register?tab=workforce",
      "/workforce-package",
      "/workforce-package#calculate-roi",
      "/employer-recognition",
      "/enrollment-process",
    ],
    text: ["Innovation Partner", "AI Champion", "Workforce Leader", "PREMIER"],
  },
  "/sponsors": {
    anchors: ["why-sponsor", "tiers"],
    links: ["/why-sponsor", "/sponsor-register?tier=platinum", mailtoHref(contact.email)],
    text: sponsorTiers.flatMap((t) => [t.name, formatSponsorTierPrice(t)]),
  },
  "/about": {
    anchors: ["mission-vision", "contact"],
    links: ["/contact", "/mission-vision", mailtoHref(contact.email), telHref(contact.phone)],
    text: [contact.email, contact.phone, site.location, contact.organizerLegalName],
  },
  "/timeline": {
    anchors: milestones.map((m) => m.id),
    links: ["/timeline.ics", ...milestones.map((m) => `/timeline.ics?milestone=${m.id}`)],
    text: milestones.map((m) => m.title),
  },
  "/training": {
    anchors: ["stages", "tracks"],
    links: ["/register?tab=individual", "/timeline"],
    text: learningStages.flatMap((s) => [s.name, s.certification]),
  },
  "/why-join": {
    anchors: ["measurable-impact", "professional-network", "who-should-join", "how-it-benefits-you"],
    links: ["/employees", "/training"],
    text: [
      "Measurable Impact",
      "Professional Network",
      "Who Should Join",
      "How the Competition Benefits You",
      "Enroll Now",
      "View Training Details",
    ],
  },
  "/submission-guidelines": {
    anchors: ["deadline", "required-components", "judging-criteria", "submission-process", "deadline-notes"],
    links: ["/register?tab=individual", "/timeline"],
    text: [
      ...submissionComponents.map((c) => c.name),
      ...judgingCriteria.map((c) => c.name),
      ...judgingCriteria.map((c) => `${judgingWeights.judgesPage[c.id]}%`),
      "View Timeline",
      "Enroll Now",
    ],
  },
  "/workforce-package": {
    anchors: ["benefits", "included", "calculate-roi", "outcomes", "audiences"],
    links: ["/register?tab=workforce", "#calculate-roi", "/contact"],
    text: ["Schedule a Consultation", "Unlimited employee enrollments"],
  },
  "/employer-recognition": {
    anchors: ["tiers", "opportunities", "assets"],
    links: ["/register?tab=workforce", "/workforce-package"],
    text: ["Innovation Partner", "10–24 participants", "AI Champion", "25–49 participants", "Workforce Leader", "50+"],
  },
  "/enrollment-process": {
    anchors: ["steps", "key-features", "requirements", "important-dates", "faqs"],
    links: ["/organizations", "/workforce-package"],
    text: ["Register Your Organization", "10 minutes", "Instant", "1–2 weeks", "Ongoing", "Program duration"],
  },
};

describe("audience and program pages", () => {
  for (const [path, expected] of Object.entries(routes)) {
    it(`${path} renders its sections, anchors and links`, async () => {
      const { response, html: markup } = await page(path);
      expect(response.status).toBe(200);
      expect(countH1(markup)).toBe(1);
      for (const id of expected.anchors) expect(markup, `#${id}`).toContain(`id="${id}"`);
      for (const href of expected.links) expect(markup, href).toContain(`href="${escapedAsReact(href)}"`);
      for (const text of expected.text) expect(markup, text).toContain(escapedAsReact(text));
      // A unique title from pageMeta.
      expect(markup).toMatch(new RegExp(`<title>[^<]+ \\| ${site.name}</title>`));
    });
  }

  it("gives every page a different title and description", async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of Object.keys(routes)) {
      const { html: markup } = await page(path);
      titles.add(markup.match(/<title>([^<]+)<\/title>/)?.[1] ?? "");
      descriptions.add(markup.match(/<meta name="description" content="([^"]+)"/)?.[1] ?? "");
    }
    expect(titles.size).toBe(Object.keys(routes).length);
    expect(descriptions.size).toBe(Object.keys(routes).length);
  });

  it("ships JavaScript only on the ROI calculator's page", async () => {
    for (const path of Object.keys(routes)) {
      const { html: markup } = await page(path);
      const hydrates = /<script[^>]*(type="module"|data-deferred-entry)|rel="modulepreload"/.test(markup);
      expect(hydrates, path).toBe(path === "/workforce-package");
      // Its entry waits in the one activation script until after the first paint (ADR 007).
      expect(markup.match(/<script\b[^>]*data-deferred-entry/g)?.length ?? 0, path).toBe(
        path === "/workforce-package" ? 1 : 0,
      );
    }
  });
});

describe("calls to action follow enrollment on the one clock", () => {
  it("links Enroll Now to /register?tab=individual while enrollment is open", async () => {
    const { html: markup } = await page("/employees", EARLY_BIRD);
    expect(markup).toMatch(/<a[^>]+href="\/register\?tab=individual"[^>]*>Enroll Now<\/a>/);
    expect(markup).not.toContain("Enrollment has closed: hear about the next edition");
  });

  it("links the Workforce Package's Register Your Organization to /register?tab=workforce", async () => {
    const { html: markup } = await page("/workforce-package", EARLY_BIRD);
    expect(markup).toMatch(/<a[^>]+href="\/register\?tab=workforce"[^>]*>Register Your Organization<\/a>/);
  });

  it("says plainly that enrollment has closed once it has", async () => {
    for (const path of ["/employees", "/organizations", "/workforce-package", "/submission-guidelines", "/timeline"]) {
      const { response, html: markup } = await page(path, AFTER_EDITION);
      expect(response.status).toBe(200);
      expect(markup, path).toContain("Enrollment has closed: hear about the next edition");
      expect(markup, path).toContain('href="/next-edition"');
      expect(markup, path).not.toMatch(/href="\/register\?tab=/);
    }
  });
});

describe("pages render prices and deadlines from app/content", () => {
  const phases = [
    { appNow: EARLY_BIRD, phase: "earlyBird" as const },
    { appNow: REGULAR, phase: "regular" as const },
  ];

  for (const { appNow, phase } of phases) {
    it(`shows the ${phase} prices at ${appNow}`, async () => {
      expect(priceFor("individual", new Date(appNow), edition2026).phase).toBe(phase);
      const employees = await page("/employees", appNow);
      expect(employees.html).toContain(currentPriceText(edition2026, "individual", phase));
      expect(employees.html).toContain(formatUsd(prices.individual[phase]));
      const workforce = await page("/workforce-package", appNow);
      expect(workforce.html).toContain(currentPriceText(edition2026, "workforce", phase));
      expect(workforce.html).toContain(`Workforce Package price of ${formatUsd(prices.workforce[phase])}`);
      const organizations = await page("/organizations", appNow);
      expect(organizations.html).toContain(currentPriceText(edition2026, "workforce", phase));
    });

    it(`shows the submission deadline from content at ${appNow}`, async () => {
      const guidelines = await page("/submission-guidelines", appNow);
      expect(guidelines.html).toContain(formatMountain(SUBMISSION_DEADLINE.due, "weekdayDate"));
      expect(guidelines.html).toContain(formatTimeMountainAndPacific(SUBMISSION_DEADLINE.due));
      const employees = await page("/employees", appNow);
      expect(employees.html).toContain(formatMountain(SUBMISSION_DEADLINE.due, "longDate"));
      const timeline = await page("/timeline", appNow);
      expect(timeline.html).toContain(formatMountain(FINAL_ENROLLMENT_DEADLINE.due, "longDate"));
    });
  }

  it("never shows the other phase's price as the current one", async () => {
    const { html: markup } = await page("/employees", REGULAR);
    expect(markup).not.toContain(currentPriceText(edition2026, "individual", "earlyBird"));
  });
});

function statusesIn(markup: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of markup.matchAll(/<li id="([a-z0-9-]+)" data-status="(past|current|upcoming)"/g)) {
    out[match[1]!] = match[2]!;
  }
  return out;
}

describe("the timeline marks each milestone from the one clock", () => {
  const cases: { appNow: string; expected: Partial<Record<(typeof milestones)[number]["id"], MilestoneStatus>> }[] = [
    {
      appNow: EARLY_BIRD,
      expected: {
        "early-enrollment": "past",
        "creation-period": "current",
        "standard-registration": "upcoming",
        "submission-deadline": "upcoming",
        finals: "upcoming",
      },
    },
    {
      appNow: JUDGING_WEEK,
      expected: {
        "creation-period": "past",
        "submission-deadline": "past",
        "showcase-voting": "current",
        judging: "current",
        "finalists-announced": "upcoming",
        finals: "upcoming",
      },
    },
  ];

  for (const { appNow, expected } of cases) {
    it(`at ${appNow}`, async () => {
      const { html: markup } = await page("/timeline", appNow);
      const statuses = statusesIn(markup);
      expect(Object.keys(statuses)).toEqual(milestones.map((m) => m.id));
      for (const [id, status] of Object.entries(expected)) expect(statuses[id], id).toBe(status);
      for (const m of milestones) expect(statuses[m.id], m.id).toBe(milestoneStatus(m, new Date(appNow)));
      expect(markup).toContain("Happening now");
    });
  }

  it("shows deadline times in MT with PT for the panhandle", async () => {
    const { html: markup } = await page("/timeline");
    expect(markup).toContain("11:59 PM MT (10:59 PM PT)");
    expect(markup).toContain("9:00 AM – 4:00 PM MT (8:00 AM – 3:00 PM PT)");
  });

  it("offers a Google Calendar link per milestone", async () => {
    const { html: markup } = await page("/timeline");
    const links = markup.match(/href="https:\/\/calendar\.google\.com\/calendar\/render\?[^"]+"/g) ?? [];
    expect(links).toHaveLength(milestones.length);
  });
});

describe("the ROI calculator works as a GET form", () => {
  it("computes the worked example from its defaults", async () => {
    const { html: markup } = await page("/workforce-package", EARLY_BIRD);
    expect(markup).toContain(`${formatUsd(roiExample.totalValueCents)} a year`);
    expect(markup).toContain(formatUsd(roiExample.productivityValueCents));
    expect(markup).toContain(formatUsd(roiExample.automationValueCents));
    expect(markup).toContain("Your calculation: 310× the package price");
    expect(markup).toContain(`value="${roiExampleInputs.employees}"`);
    expect(markup).toMatch(/<svg[^>]+role="img"/);
    expect(markup).toContain("<caption");
  });

  it("computes submitted figures on the server", async () => {
    const query =
      "employees=100&averageSalary=%2450%2C000&productivityGain=20&hoursAutomated=5&hourlyRate=25&consultingSavings=10000";
    const { response, html: markup } = await page(`/workforce-package?${query}`, REGULAR);
    expect(response.status).toBe(200);
    const expected = evaluateRoi(
      {
        employees: "100",
        averageSalary: "$50,000",
        productivityGain: "20",
        hoursAutomated: "5",
        hourlyRate: "25",
        consultingSavings: "10000",
      },
      { packageCents: prices.workforce.regular, individualPriceCents: prices.individual.regular },
    );
    expect(expected.result).not.toBeNull();
    expect(markup).toContain(`${formatUsd(expected.result!.totalValueCents)} a year`);
    expect(markup).toContain('value="$50,000"');
  });

  const badInputs = [
    { query: "employees=abc", field: "employees", message: "Enter the number of employees from 1 to 100,000." },
    { query: "employees=", field: "employees", message: "Enter the number of employees." },
    { query: "productivityGain=250", field: "productivityGain", message: "Enter a productivity gain from 0% to 100%." },
    { query: "hourlyRate=-4", field: "hourlyRate", message: "Enter an hourly rate from $0 to $10,000." },
    { query: "averageSalary=%ZZ", field: "averageSalary", message: "Enter an average salary from $0 to $10,000,000." },
  ];

  for (const { query, field, message } of badInputs) {
    it(`explains a bad ${field} (${query}) next to the field, without a 500`, async () => {
      const { response, html: markup } = await page(`/workforce-package?${query}`);
      expect(response.status).toBe(200);
      expect(markup).toMatch(new RegExp(`<input[^>]+id="roi-${field}"[^>]+aria-invalid="true"`));
      expect(markup).toMatch(
        new RegExp(`<input[^>]+id="roi-${field}"[^>]+aria-describedby="roi-${field}-hint roi-${field}-error"`),
      );
      expect(markup).toContain(`id="roi-${field}-error"`);
      expect(markup).toContain(escapedAsReact(message));
      expect(markup).not.toContain(" a year</p>");
      expect(markup).toContain("Some figures need correcting");
    });
  }

  it("leaves valid fields unmarked", async () => {
    const { html: markup } = await page("/workforce-package?employees=abc");
    expect(markup).not.toMatch(/<input[^>]+id="roi-hourlyRate"[^>]+aria-invalid/);
  });
});

/** Unfolds an iCalendar text into its content lines. */
function icsLines(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
}

/** The property lines of each VEVENT. */
function vevents(lines: string[]): string[][] {
  const events: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = [];
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else current?.push(line);
  }
  return events;
}

describe("calendar downloads", () => {
  it("/timeline.ics holds every milestone as RFC 5545 text", async () => {
    const response = await fetchWithEnv("/timeline.ics", { APP_NOW: EARLY_BIRD });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="idaho-ai-challenge-timeline.ics"');
    const text = await response.text();
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const encoder = new TextEncoder();
    for (const physical of text.split("\r\n")) expect(encoder.encode(physical).length).toBeLessThanOrEqual(75);

    const lines = icsLines(text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("TZID:America/Boise");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(milestones.length);
    // DTSTAMP is "now" on the one clock, in UTC.
    expect(lines.filter((l) => l === "DTSTAMP:20251201T190000Z")).toHaveLength(milestones.length);
    const events = vevents(lines);
    for (const m of milestones) {
      const event = events.find((e) => e.includes(`UID:${milestoneUid(m, edition2026.id)}`));
      expect(event, m.id).toBeDefined();
      const start = event!.find((l) => l.startsWith("DTSTART"));
      expect(start, m.id).toMatch(
        m.allDay ? /^DTSTART;VALUE=DATE:\d{8}$/ : /^DTSTART;TZID=America\/Boise:\d{8}T\d{6}$/,
      );
      expect(
        event!.find((l) => l.startsWith("SUMMARY:")),
        m.id,
      ).toContain(m.title.replace(/,/g, "\\,"));
    }
  });

  it("the finals on /timeline link their own .ics, served as text/calendar (formerly tests/e2e/audience-pages.spec.ts)", async () => {
    const { html: markup } = await page("/timeline");
    const start = markup.indexOf('<li id="finals"');
    expect(start).toBeGreaterThan(0);
    const next = markup.indexOf("<li id=", start + 1);
    const finals = markup.slice(start, next === -1 ? undefined : next);
    expect(finals).toContain("9:00 AM – 4:00 PM MT (8:00 AM – 3:00 PM PT)");
    const ics = /<a href="([^"]+)"[^>]*>Add to calendar \(\.ics\)/.exec(finals)?.[1];
    expect(ics).toBe("/timeline.ics?milestone=finals");
    const response = await fetchWithEnv(ics!, { APP_NOW: EARLY_BIRD });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await response.text();
    // The UID names the edition, so next year's finals are a new event (issue 23).
    expect(text).toContain("UID:2026-finals@idahoaichallenge.org\r\n");
    expect(text).toContain("DTSTART;TZID=America/Boise:20260425T090000\r\n");
  });

  it("/timeline.ics?milestone=<id> holds that milestone alone", async () => {
    const m = milestonesById["submission-deadline"];
    const response = await fetchWithEnv(`/timeline.ics?milestone=${m.id}`, { APP_NOW: EARLY_BIRD });
    expect(response.status).toBe(200);
    const lines = icsLines(await response.text());
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain(`UID:${milestoneUid(m, edition2026.id)}`);
    expect(lines).toContain("DTSTART;TZID=America/Boise:20260318T235900");
    expect(lines.find((l) => l.startsWith("SUMMARY:"))).toContain(m.title);
  });

  it("answers an unknown milestone with 404", async () => {
    const response = await fetchWithEnv("/timeline.ics?milestone=nope", { APP_NOW: EARLY_BIRD });
    expect(response.status).toBe(404);
    await response.text();
  });
});
