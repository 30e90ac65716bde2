import { describe, expect, it } from "vitest";
import { faqGroupAnchor, faqGroupsFor, faqQuickLinks } from "../../app/content/faq";
import { edition2026 } from "../edition-2026";

// The page is served on the real clock, so its answers are the ones for today.
const faqGroups = faqGroupsFor(edition2026, new Date());
import {
  dataRetention,
  legalDocuments as legalDocumentsOf,
  legalDocumentsById as legalDocumentsByIdOf,
  sponsorSignatureBlocks,
} from "../../app/content/legal";
import { coreValues, strategicGoals as strategicGoalsOf } from "../../app/content/mission";
import { faqWorkforcePricing, formatUsd, sponsorTiers } from "../../app/content/pricing";
import { rubricWeights } from "../../app/content/judging";
import { judgingCriteria, judgingWeights, SUBMISSION_RETENTION_MONTHS, teamSize } from "../../app/content/program";
import { publicRoutes, sitemapRoutes } from "../../app/content/routes";
import { env } from "cloudflare:test";
import { mailtoHref, telHref } from "../../app/content/site";
import { siteContact } from "../../app/lib/site-config.server";
import { sponsorBenefits } from "../../app/content/sponsorship";
import { fetchSite, fetchWithEnv } from "./worker";
import { hrefs, ids, mainOf, textOf } from "./html";

// As 2026 states them.
const legalDocuments = legalDocumentsOf(edition2026);
const legalDocumentsById = legalDocumentsByIdOf(edition2026);
const strategicGoals = strategicGoalsOf(edition2026);

// The configured contact details of the test worker (wrangler.toml's [vars]).
const contact = siteContact(env);

const myRoutes = [
  "/faq",
  "/why-sponsor",
  "/mission-vision",
  "/judges-advisors",
  "/legal",
  "/terms-of-service",
  "/privacy-policy",
  "/sponsor-agreement",
  "/contest-rules",
] as const;

async function page(path: string) {
  const response = await fetchSite(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { response, html, main: mainOf(html), text: textOf(mainOf(html)) };
}

/** Numbered h2 headings ("1. Eligibility") in document order. */
function numberedSections(html: string): number[] {
  return [...html.matchAll(/<h2\b[^>]*>(\d+)\. /g)].map((m) => Number(m[1]));
}

describe("about, help and legal pages", () => {
  it.each(myRoutes)("%s answers 200 with one h1, a unique title, a description and a canonical link", async (path) => {
    const { html } = await page(path);
    expect(html.match(/<h1\b/g)).toHaveLength(1);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain(`<link rel="canonical" href="http://localhost${path}"/>`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost${path}"/>`);
    expect(html).toContain('<meta property="og:title"');
    // Content pages ship no JavaScript: the only script is JSON-LD data.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.every((tag) => tag.includes('type="application/ld+json"'))).toBe(true);
    expect(html).not.toContain("modulepreload");
  });

  it("gives every page its own title", async () => {
    const titles = await Promise.all(
      myRoutes.map(async (path) => /<title>([^<]+)<\/title>/.exec(await (await fetchSite(path)).text())?.[1]),
    );
    expect(new Set(titles).size).toBe(myRoutes.length);
  });

  it("takes the canonical origin from BASE_URL when it is set", async () => {
    const response = await fetchWithEnv("/faq?utm_source=x", { BASE_URL: "https://challenge.example.org/" });
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="https://challenge.example.org/faq"/>');
  });
});

describe("/faq", () => {
  it("has the five groups, each anchored at its title lower-cased with hyphens", async () => {
    const { main } = await page("/faq");
    expect(faqGroups.map((g) => faqGroupAnchor(g.title))).toEqual([
      "for-employees",
      "for-organizations",
      "program-details",
      "submission-&-awards",
      "technical-&-support",
    ]);
    const pageIds = ids(main);
    for (const group of faqGroups) {
      expect(pageIds).toContain(faqGroupAnchor(group.title));
      expect(hrefs(main)).toContain(`#${faqGroupAnchor(group.title)}`);
    }
  });

  it("renders each group as exclusive <details> sharing one name, all closed", async () => {
    const { main } = await page("/faq");
    const details = [...main.matchAll(/<details\b[^>]*>/g)].map((m) => m[0]);
    expect(details).toHaveLength(faqGroups.reduce((n, g) => n + g.items.length, 0));
    expect(details.some((tag) => /\bopen\b/.test(tag))).toBe(false);
    for (const group of faqGroups) {
      const name = `faq-${faqGroupAnchor(group.title)}`.replace(/&/g, "&amp;");
      expect(details.filter((tag) => tag.includes(`name="${name}"`))).toHaveLength(group.items.length);
    }
  });

  it("has the quick links, the mail link and Contact Us to /about#contact", async () => {
    const { main, text } = await page("/faq");
    const links = hrefs(main);
    for (const card of faqQuickLinks) expect(links).toContain(card.href);
    expect(faqQuickLinks.map((c) => c.href)).toEqual([
      "/employees",
      "/organizations",
      "/submission-guidelines",
      "/timeline",
    ]);
    expect(main).toMatch(new RegExp(`<a[^>]*href="${mailtoHref(contact.email)}"[^>]*>Email Support</a>`));
    expect(main).toMatch(/<a[^>]*href="\/about#contact"[^>]*>Contact Us<\/a>/);
    expect(text).toContain("Quick Links");
  });

  it("states the FAQ's own readings: per-employee price, team size and the judges-page weights", async () => {
    const { text } = await page("/faq");
    expect(text).toContain(`${formatUsd(faqWorkforcePricing.perEmployeeCents)} per employee`);
    expect(text).toContain(`${faqWorkforcePricing.volumeDiscountFromEmployees} or more employees`);
    expect(text).toContain(`Teams of ${teamSize.faq.min}–${teamSize.faq.max} members`);
    for (const c of judgingCriteria) expect(text).toContain(`${c.name}: ${judgingWeights.judgesPage[c.id]}%`);
    expect(text).toContain("Mar 18, 2026".replace("Mar", "March"));
    expect(text).toContain("11:59 PM MT (10:59 PM PT)");
  });
});

describe("legal texts", () => {
  it("has the section counts of the spec, numbered in order", () => {
    expect(legalDocumentsById["terms-of-service"].sections).toHaveLength(13);
    expect(legalDocumentsById["privacy-policy"].sections).toHaveLength(12);
    expect(legalDocumentsById["sponsor-agreement"].sections).toHaveLength(9);
    expect(legalDocumentsById["contest-rules"].sections).toHaveLength(11);
  });

  it.each([
    ["/terms-of-service", 13],
    ["/privacy-policy", 12],
    ["/sponsor-agreement", 9],
    ["/contest-rules", 11],
  ] as const)("%s renders %i numbered sections with anchors and a table of contents", async (path, count) => {
    const { main } = await page(path);
    expect(numberedSections(main)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    const doc = legalDocuments.find((d) => d.path === path);
    expect(doc).toBeDefined();
    const pageIds = ids(main);
    const links = hrefs(main);
    for (const section of doc!.sections) {
      expect(pageIds).toContain(section.id);
      expect(links).toContain(`#${section.id}`);
    }
    expect(new Set(pageIds).size).toBe(pageIds.length);
  });

  it("/privacy-policy is effective and last updated September 26, 2025, links back to /legal and states retention", async () => {
    const { main, text } = await page("/privacy-policy");
    expect(text).toContain("Effective September 26, 2025");
    expect(text).toContain("Last updated September 26, 2025");
    expect(hrefs(main)).toContain("/legal");
    const submissions = dataRetention.find((r) => r.id === "project-submissions");
    expect(submissions?.months).toBe(SUBMISSION_RETENTION_MONTHS);
    expect(SUBMISSION_RETENTION_MONTHS).toBe(12);
    for (const rule of dataRetention) expect(text).toContain(rule.dataset);
    expect(text).toMatch(/Project submissions 12 months/);
    expect(main).toContain('<th scope="col"');
  });

  it("retention rules are whole positive months (or days, for short periods) with unique ids", () => {
    expect(new Set(dataRetention.map((r) => r.id)).size).toBe(dataRetention.length);
    for (const rule of dataRetention) {
      const period: number = "days" in rule ? rule.days : rule.months;
      expect(Number.isInteger(period) && period > 0).toBe(true);
    }
  });

  it("/sponsor-agreement has both signature blocks and links to /sponsors and /contact", async () => {
    const { main, text } = await page("/sponsor-agreement");
    expect(main.match(/data-testid="signature-block"/g)).toHaveLength(sponsorSignatureBlocks.length);
    expect(text).toContain("Signatures");
    expect(hrefs(main)).toEqual(expect.arrayContaining(["/sponsors", "/contact"]));
    for (const tier of sponsorTiers) expect(text).toContain(tier.name);
    expect(text).toContain("due 30 days from the date of the invoice");
    expect(text).toContain("ends 30 days after the Challenge");
  });

  it("/contest-rules states the rules' limits and weights and links to the guidelines and /register", async () => {
    const { main, text } = await page("/contest-rules");
    expect(hrefs(main)).toEqual(expect.arrayContaining(["/submission-guidelines", "/register"]));
    for (const c of judgingCriteria) {
      // One list everywhere (docs/content-conflicts.md #2): the rules show the weights judges score with.
      expect(text).toContain(`${c.name} ${rubricWeights[c.id]}%`);
    }
    expect(text).toContain(`up to ${teamSize.contestRules.max} members`);
    expect(text).toContain("written parental consent");
    expect(text).toContain("at most 10 pages");
    expect(text).toContain("under 10 minutes");
    expect(text).toContain("100–250 words");
    expect(text).toContain("250–500 words");
    expect(text).toContain("3–5 minutes");
    expect(text).toContain("within 5 business days");
    expect(text).toContain("within 10 business days");
    expect(text).toContain("A committee of 3 people");
    expect(text).toContain("up to 12 months");
    expect(text).toContain("one verified vote per person, email address and IP address");
  });

  it("/legal lists the four documents with links, and the update date the spec gives", async () => {
    const { main, text } = await page("/legal");
    for (const doc of legalDocuments) {
      expect(hrefs(main)).toContain(doc.path);
      expect(text).toContain(doc.title);
    }
    expect(legalDocuments.map((d) => d.title)).toEqual([
      "Contest Rules",
      "Terms of Service",
      "Privacy Policy",
      "Sponsor Agreement",
    ]);
    // Only the privacy policy has a date in the spec; the others show none.
    expect(text.match(/Last updated September 26, 2025/g)).toHaveLength(1);
  });
});

describe("sponsors, mission and judges pages", () => {
  it("/why-sponsor has its hero links, six benefits, the three categories, the tiers and a closing mail and phone", async () => {
    const { main, text } = await page("/why-sponsor");
    expect(main).toMatch(/<a[^>]*href="\/sponsors"[^>]*>View Sponsorship Tiers<\/a>/);
    expect(main).toMatch(/<a[^>]*href="\/sponsors"[^>]*>View Detailed Benefits<\/a>/);
    expect(main).toMatch(new RegExp(`<a[^>]*href="${mailtoHref(contact.email)}"[^>]*>Contact Us</a>`));
    expect(hrefs(main)).toContain(telHref(contact.phone));
    expect(sponsorBenefits).toHaveLength(6);
    for (const b of sponsorBenefits) expect(text).toContain(b.title);
    for (const name of ["Corporate Sponsors", "Innovation Partners", "Community Champions"])
      expect(text).toContain(name);
    for (const title of ["Triple Impact", "Sponsorship Investment Levels", "Why Sponsor Now", "Who Should Sponsor"]) {
      expect(text).toContain(title);
    }
    expect(text).toContain("$50,000+");
    expect(text).toContain("PREMIER");
  });

  it("/mission-vision has the horizons, six values, five goals and the three closing buttons", async () => {
    const { main, text } = await page("/mission-vision");
    expect(text).toContain("2026–2027");
    expect(text).toContain("2028–2030");
    expect(coreValues.map((v) => v.name)).toEqual([
      "Accessibility",
      "Responsible AI",
      "Innovation",
      "Impact",
      "Community",
      "Growth",
    ]);
    for (const v of coreValues) expect(text).toContain(v.name);
    expect(strategicGoals).toHaveLength(5);
    for (const g of strategicGoals) expect(text).toContain(g.metric);
    expect(main).toMatch(/<a[^>]*href="\/why-join"[^>]*>For Employees<\/a>/);
    expect(main).toMatch(/<a[^>]*href="\/workforce-package"[^>]*>For Organizations<\/a>/);
    expect(main).toMatch(/<a[^>]*href="\/why-sponsor"[^>]*>For Sponsors<\/a>/);
  });

  it("/judges-advisors has the criteria with the judges-page weights, the notice, the board and its links", async () => {
    const { main, text } = await page("/judges-advisors");
    for (const c of judgingCriteria) expect(text).toContain(`${judgingWeights.judgesPage[c.id]}% ${c.name}`);
    expect(text).toContain("Judge Profiles Coming Soon");
    for (const name of ["Industry Experts", "Academic Leaders", "Business Leaders"]) expect(text).toContain(name);
    expect(hrefs(main)).toEqual(expect.arrayContaining(["/judge-advisor-register", "/why-join", "/contest-rules"]));
  });
});

describe("structured data", () => {
  it("embeds Organization and Finals Event JSON-LD with the response's CSP nonce", async () => {
    for (const [path, type] of [
      ["/mission-vision", "Organization"],
      ["/judges-advisors", "Event"],
    ] as const) {
      const response = await fetchSite(path);
      const html = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(nonce).toBeTruthy();
      const match = /<script type="application\/ld\+json" nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
      expect(match?.[1]).toBe(nonce);
      const data = JSON.parse(match?.[2] ?? "{}") as Record<string, unknown>;
      expect(data["@context"]).toBe("https://schema.org");
      expect(data["@type"]).toBe(type);
      if (type === "Event") {
        expect(data.startDate).toBe("2026-04-25T09:00:00-06:00");
        expect(data.endDate).toBe("2026-04-25T16:00:00-06:00");
        expect(JSON.stringify(data.location)).toContain("Boise");
      } else {
        expect(data.url).toBe("http://localhost/");
        expect(data.email).toBe(contact.email);
      }
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every indexable public route once, as absolute URLs", async () => {
    const response = await fetchSite("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.trim().endsWith("</urlset>")).toBe(true);
    const locs = [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<\/url>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      sitemapRoutes.map((r) => (r.path === "/" ? "http://localhost/" : `http://localhost${r.path}`)),
    );
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of myRoutes) expect(locs).toContain(`http://localhost${path}`);
    // Transactional pages stay out; every other public route is in.
    expect(locs).not.toContain("http://localhost/registration-success");
    expect(publicRoutes.filter((r) => r.inSitemap)).toHaveLength(locs.length);
  });

  it("robots.txt allows the site, keeps crawlers out of /api/ and names the sitemap", async () => {
    const response = await fetchSite("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /dev/");
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
  });
});
