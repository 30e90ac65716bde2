/**
 * Content that tells the truth (issue 11): sponsor tier links pre-select their
 * tier, the 20-person comparison follows the day's price, each return figure
 * carries its label, /mission-vision states no judging weight, and the legal
 * pages show only the dates the spec gives, and the contact details are
 * configuration. Through the built worker, so each assertion is about the
 * HTML a visitor without JavaScript receives.
 */
import { describe, expect, it } from "vitest";
import { returnFigureLabels, returnFiguresNote as returnFiguresNoteOf, roiExampleHeadline } from "~/content/claims";
import { legalDocuments as legalDocumentsOf } from "~/content/legal";
import { formatUsd, sponsorRegisterPath, sponsorTiers, type SponsorTierId } from "~/content/pricing";
import { judgingWeights } from "~/content/program";
import { developmentSiteContact } from "~/content/site";
import { siteContact } from "~/lib/site-config.server";
import { organizersRecipient } from "~/notifications/recipients.server";
import { registrationConfirmation } from "~/payments/notification.server";
import { confirmationPayload } from "~/payments/confirmation.server";
import { edition2026 } from "../edition-2026";
import { fetchWithEnv } from "./worker";
import { escapedAsReact, expectHtmlNotToContain, expectHtmlToContain } from "./html";

// As 2026 states them.
const returnFiguresNote = returnFiguresNoteOf(edition2026);
const legalDocuments = legalDocumentsOf(edition2026);

const EARLY_BIRD = "2025-12-01T12:00:00-07:00";
const REGULAR = "2026-02-10T12:00:00-07:00";

async function page(path: string, appNow = EARLY_BIRD) {
  const response = await fetchWithEnv(path, { APP_NOW: appNow });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The tier radio buttons that are checked in the server HTML. */
function checkedTiers(html: string): string[] {
  const radios = html.match(/<input[^>]*name="sponsorshipTier"[^>]*>/g) ?? [];
  expect(radios).toHaveLength(sponsorTiers.length);
  return radios.filter((r) => /\schecked(=""|\s|\/|>)/.test(r)).map((r) => /value="([^"]+)"/.exec(r)?.[1] ?? "");
}

describe("sponsor tier links pre-select their tier", () => {
  it.each(["/sponsors", "/why-sponsor"])("%s links every tier card to /sponsor-register?tier=<id>", async (path) => {
    const html = await page(path);
    for (const tier of sponsorTiers) {
      const href = escapedAsReact(sponsorRegisterPath(tier.id));
      expect(html).toMatch(
        new RegExp(`<a[^>]*href="${href.replace(/[?]/g, "\\?")}"[^>]*>Become a ${tier.name} sponsor</a>`),
      );
    }
  });

  it.each(sponsorTiers.map((t) => t.id))("?tier=%s is checked in the server HTML", async (id: SponsorTierId) => {
    expect(checkedTiers(await page(`/sponsor-register?tier=${id}`))).toEqual([id]);
  });

  it("falls back to Gold for a missing, unknown or odd value", async () => {
    for (const query of ["", "?tier=diamond", "?tier=PLATINUM", "?tier=", "?tier=gold&tier=silver"]) {
      expect(checkedTiers(await page(`/sponsor-register${query}`)), query).toEqual(["gold"]);
    }
  });

  it("sends a signed-out visitor to sign in and back to the same tier", async () => {
    const html = await page("/sponsor-register?tier=silver");
    expect(html).toContain(`redirectTo=${encodeURIComponent("/sponsor-register?tier=silver")}`);
  });
});

describe("the 20-person comparison uses the day's individual price", () => {
  const cases = [
    { clock: EARLY_BIRD, perPerson: "$250", total: "$5,000", wrong: "$300" },
    { clock: REGULAR, perPerson: "$300", total: "$6,000", wrong: "$250" },
  ];
  for (const { clock, perPerson, total, wrong } of cases) {
    it.each(["/organizations", "/workforce-package"])(`%s at ${clock}: 20 at ${perPerson} = ${total}`, async (path) => {
      const html = await page(path, clock);
      expectHtmlToContain(html, `20 people at ${perPerson} each`);
      expect(html).toMatch(new RegExp(`20 people at \\${perPerson} each (comes to|is) \\${total}`));
      expectHtmlNotToContain(html, `20 people at ${wrong} each`);
    });
  }
});

describe("each return figure says what it is", () => {
  it("/workforce-package labels the claim, the worked example and the visitor's calculation", async () => {
    const html = await page("/workforce-package", REGULAR);
    expectHtmlToContain(
      html,
      escapedAsReact(returnFiguresNote),
      escapedAsReact(returnFigureLabels.claim),
      // The 300% stat sits under its own label.
      "Average return reported by participating organizations</dt>",
      `${returnFigureLabels.workedExample}: the package costs`,
      `a ${roiExampleHeadline.multipleLabel} return on the package price`,
      // The example's figures at the regular price: $1.55M against $6,000.
      `${returnFigureLabels.calculation}: 258.3× the package price`,
    );
    // No bare figure: "300X" and "×" never appear without their label.
    expect(html.match(/300X/g)?.length).toBe(
      html.match(/300X return on the package price|300X is the worked/g)?.length,
    );
  });

  it("/organizations labels the claim and the worked example and points to the calculator", async () => {
    const html = await page("/organizations");
    expectHtmlToContain(
      html,
      escapedAsReact(returnFiguresNote),
      escapedAsReact(returnFigureLabels.claim),
      `>${returnFigureLabels.workedExample}</h3>`,
      `a ${roiExampleHeadline.multipleLabel} return on the package price`,
      'href="/workforce-package#calculate-roi"',
    );
    expect(returnFiguresNote).toContain("300%");
    expect(returnFiguresNote).toContain("300X");
    expect(returnFiguresNote).toContain(formatUsd(500_000));
  });
});

describe("/mission-vision states no judging weight", () => {
  it("names Ethical AI Use as a criterion without a percentage", async () => {
    const html = await page("/mission-vision");
    expectHtmlToContain(html, "Ethical AI Use is one of the 5 judging criteria");
    for (const list of Object.values(judgingWeights)) {
      expectHtmlNotToContain(html, `${list["ethical-ai"]}% of every judging score`);
    }
    expect(html).not.toMatch(/Ethical AI Use weighs/);
  });
});

describe("legal pages show only the spec's dates", () => {
  it("/legal dates the privacy policy alone", async () => {
    const html = await page("/legal");
    expect(html.match(/Last updated/g)).toHaveLength(1);
    expect(html.match(/Effective/g)).toHaveLength(1);
    expect(html).toMatch(/<time datetime="2025-09-26">September 26, 2025<\/time>/i);
  });

  it.each(["/contest-rules", "/terms-of-service", "/sponsor-agreement"])("%s shows no update date", async (path) => {
    const html = await page(path);
    expect(html).not.toMatch(/Last updated|Effective <time|the date above/);
    expect(legalDocuments.find((d) => d.path === path)?.lastUpdated).toBeUndefined();
  });

  it("/privacy-policy is effective and last updated September 26, 2025", async () => {
    const html = await page("/privacy-policy");
    expect(html).toMatch(/Effective <time datetime="2025-09-26">September 26, 2025<\/time>/i);
    expect(html).toMatch(/Last updated <time datetime="2025-09-26">September 26, 2025<\/time>/i);
  });
});

describe("contact details come from configuration", () => {
  const configured = {
    CONTACT_EMAIL: "team@configured.example",
    CONTACT_PHONE: "(208) 555-0177",
    ORGANIZER_LEGAL_NAME: "Configured Organizer PBC",
  };
  // Never printed once the settings are configured: the development values
  // and the placeholders that used to be written into the code.
  const stale = [developmentSiteContact.email, developmentSiteContact.phone, "info@idahoaichallenge.org", "555-0142"];

  async function configuredPage(path: string) {
    const response = await fetchWithEnv(path, { APP_NOW: EARLY_BIRD, ...configured });
    expect(response.status, path).toBe(200);
    return response.text();
  }

  it.each([
    "/",
    "/contact",
    "/about",
    "/faq",
    "/sponsors",
    "/why-sponsor",
    "/legal",
    "/privacy-policy",
    "/terms-of-service",
    "/contest-rules",
  ])("%s prints the configured mailbox, phone and organizer", async (path) => {
    const html = await configuredPage(path);
    // The footer, on every page.
    expectHtmlToContain(
      html,
      `href="mailto:${configured.CONTACT_EMAIL}"`,
      `href="tel:+12085550177"`,
      `organized by ${configured.ORGANIZER_LEGAL_NAME}, a public benefit corporation`,
    );
    for (const value of stale) expectHtmlNotToContain(html, value);
  });

  it("the legal texts and FAQ name the configured contact in their own words", async () => {
    const privacy = await configuredPage("/privacy-policy");
    expectHtmlToContain(
      privacy,
      `is run by ${configured.ORGANIZER_LEGAL_NAME}, a public benefit corporation`,
      `Write to ${configured.CONTACT_EMAIL};`,
      `Questions about your privacy: ${configured.CONTACT_EMAIL} or ${configured.CONTACT_PHONE}`,
    );
    const agreement = await configuredPage("/sponsor-agreement");
    expectHtmlToContain(agreement, `between ${configured.ORGANIZER_LEGAL_NAME}, the public benefit corporation`);
    const faq = await configuredPage("/faq");
    expectHtmlToContain(faq, `Email ${configured.CONTACT_EMAIL} or call ${configured.CONTACT_PHONE}`);
  });

  it("the structured data carries the configured contact", async () => {
    const html = await configuredPage("/");
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>,
    );
    const organization = blocks.find((b) => b["@type"] === "Organization");
    expect(organization).toMatchObject({
      email: configured.CONTACT_EMAIL,
      telephone: "+12085550177",
      parentOrganization: { legalName: configured.ORGANIZER_LEGAL_NAME },
      contactPoint: { email: configured.CONTACT_EMAIL, telephone: "+12085550177" },
    });
  });

  it("a development run without the settings falls back to the clearly fake values", () => {
    expect(siteContact({})).toEqual(developmentSiteContact);
    expect(siteContact({ CONTACT_EMAIL: "  " }).email).toBe(developmentSiteContact.email);
    expect(siteContact(configured)).toEqual({
      email: configured.CONTACT_EMAIL,
      phone: configured.CONTACT_PHONE,
      organizerLegalName: configured.ORGANIZER_LEGAL_NAME,
    });
  });

  it("e-mails name the configured mailbox; contact mail goes there when NOTIFY_TO is unset", () => {
    const payload = confirmationPayload(new Date("2025-12-01T19:00:00Z"), edition2026, {
      recordId: "rec_1",
      firstName: "Ada",
      item: "Individual (Early Bird)",
      amountCents: 25_000,
      companyCode: null,
      organizationName: null,
      contactEmail: siteContact(configured).email,
    });
    const { text } = registrationConfirmation.render(payload);
    expect(text).toContain(`write to ${configured.CONTACT_EMAIL}.`);
    // The record's edition, not the clock's (issue 23).
    expect(text).toContain("Edition: 2026 Challenge");
    // A row queued before the field existed still renders, without an address.
    const { contactEmail: _omitted, ...older } = payload;
    expect(registrationConfirmation.render(older).text).toContain("Questions? Reply to this e-mail.\n");
    expect(organizersRecipient({ ...configured, NOTIFY_TO: "" })).toBe(configured.CONTACT_EMAIL);
    expect(organizersRecipient({ ...configured, NOTIFY_TO: "inbox@organizer.example" })).toBe(
      "inbox@organizer.example",
    );
  });
});
