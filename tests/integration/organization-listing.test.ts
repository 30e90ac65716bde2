/**
 * Recognized organizations (issue 54) through the built worker and real D1
 * and R2: the dashboard's opt-in (its messages, listing and unlisting, the
 * logo checked as sponsors' logos are), the registrar's approval and return
 * on the desk and the API (by role, audited, the organization e-mailed
 * through the outbox), /employer-recognition by tier from the day the tier
 * is earned (employees enrolled with the code on /register), never an
 * unlisted, unapproved or untiered organization, the isolate's one cached
 * read forgotten by the unlisting, and the listing gone with its owner's
 * account.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { organizationListingMessages as m, organizationReviewMessages } from "~/content/organization-listing";
import { eventLabels } from "~/content/organization";
import { sponsorLogoFailureMessages } from "~/content/sponsor-presence";
import { getDb } from "~/db/client.server";
import {
  forgetRecognizedOrganizations,
  readRecognizedOrganizations,
  recognizedOrganizations,
} from "~/organization/recognized.server";
import { countingD1, newTally } from "../../workers/bench/counting-d1";
import { createAccount, postForm } from "./auth-helpers";
import { textOf } from "./html";
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
import { individualFields, liveCodes, uniqueEmail, uniqueIp, workforceFields } from "./payments-helpers";
import { png, svg } from "./sponsor-helpers";
import { fetchWithEnv } from "./worker";

/** Enrollment is open: packages are bought and employees enroll. */
const EARLY = { APP_NOW: "2025-12-01T12:00:00-07:00" };
/** During the 2026 Challenge, when the page is looked at. */
const DURING = { APP_NOW: "2026-03-25T12:00:00-06:00" };

interface Account {
  email: string;
  cookie: string;
  id: string;
}

async function account(tag: string): Promise<Account> {
  const email = uniqueEmail(tag);
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE id = ?").bind(row!.id).run();
  return { email, cookie, id: row!.id };
}

const post = (path: string, fields: Record<string, string>, who?: { cookie: string }, clock = EARLY) =>
  postForm(path, fields, { ip: uniqueIp(), cookie: who?.cookie, appNow: clock.APP_NOW });

const page = (path: string, who?: { cookie: string }, clock: Partial<Env> = DURING) =>
  fetchWithEnv(path, clock, { headers: who ? { cookie: who.cookie } : {}, redirect: "manual" });

interface Organization {
  id: string;
  code: string;
  path: string;
  owner: Account;
  contactEmail: string;
}

/** An owner buys a Workforce Package on the stand-in checkout. */
async function organization(companyName: string): Promise<Organization> {
  const owner = await account("owner");
  const fields = workforceFields({ companyName });
  const started = await post("/register?tab=workforce", fields, owner);
  expect(started.status).toBe(303);
  const paid = await post(new URL(started.headers.get("location")!).pathname, {});
  expect(paid.status).toBe(303);
  const row = await env.DB.prepare(
    "SELECT id FROM registrations WHERE user_id = ? AND registration_type = 'workforce' AND status = 'paid'",
  )
    .bind(owner.id)
    .first<{ id: string }>();
  const [code] = await liveCodes(row!.id);
  return { id: row!.id, code: code!, path: `/organization/${row!.id}`, owner, contactEmail: fields.email! };
}

/** `count` employees enroll with the organization's code on /register, as the product enrolls them. */
async function enroll(org: Organization, count: number) {
  for (let i = 0; i < count; i++) {
    const employee = await account("employee");
    const response = await post(
      "/register",
      individualFields({ employerCode: org.code, email: employee.email }),
      employee,
    );
    expect(response.status).toBe(303);
  }
}

async function listingOf(organizationId: string) {
  return env.DB.prepare("SELECT * FROM organization_listings WHERE organization_id = ?")
    .bind(organizationId)
    .first<Record<string, string | number | null>>();
}

/** The organization's administrator asks for the listing on the dashboard's form. */
async function requestListing(org: Organization, fields: Record<string, string>) {
  return post(org.path, { intent: "listing", ...fields }, org.owner);
}

function uploadLogo(org: Organization, bytes: Uint8Array<ArrayBuffer>, filename: string) {
  const form = new FormData();
  form.append("logo", new File([bytes], filename, { type: "image/svg+xml" }));
  return fetchWithEnv(`${org.path}/listing-logo`, EARLY, {
    method: "POST",
    headers: {
      "cf-connecting-ip": uniqueIp(),
      cookie: org.owner.cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: form,
    redirect: "manual",
  });
}

/** /employer-recognition's words, and its HTML. */
async function recognitionPage(clock: Partial<Env> = DURING) {
  const html = await (await page("/employer-recognition", undefined, clock)).text();
  return { html, text: textOf(html) };
}

let registrar: Organizer;
let coordinator: Organizer;

beforeAll(async () => {
  registrar = await organizer("registrar");
  coordinator = await organizer("coordinator");
});

describe("the dashboard's opt-in", { timeout: 120_000 }, () => {
  it("shows the form with the organization's name; refuses an empty name and a website that is not https, saying so", async () => {
    const org = await organization("Form Checks Manufacturing Cooperative");
    const dashboard = await (await page(org.path, org.owner, EARLY)).text();
    expect(dashboard).toContain('id="listing"');
    expect(textOf(dashboard)).toContain(m.notListed);
    expect(dashboard).toContain('value="Form Checks Manufacturing Cooperative"');

    const empty = await requestListing(org, { displayName: "  " });
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain(m.displayNameRequired);
    const http = await requestListing(org, { displayName: "Form Checks", website: "http://formchecks.example" });
    expect(http.status).toBe(400);
    expect(textOf(await http.text())).toContain(m.websiteInvalid);
    const long = await requestListing(org, { displayName: "x".repeat(81) });
    expect(textOf(await long.text())).toContain(m.displayNameTooLong);
    expect(await listingOf(org.id)).toBeNull();
  });

  it("lists and unlists, each in the organization's activity; a logo only once listed, checked as sponsors' are", async () => {
    const org = await organization("List Unlist Co");
    const early = await uploadLogo(org, await png(300, 100), "logo.png");
    expect(early.status).toBe(303);
    expect(early.headers.get("location")).toBe(`${org.path}?logo-error=not-listed#listing`);

    const listed = await requestListing(org, { displayName: "List Unlist Co", website: "https://listunlist.example" });
    expect(listed.status).toBe(303);
    expect(await listingOf(org.id)).toMatchObject({
      status: "submitted",
      display_name: "List Unlist Co",
      website: "https://listunlist.example",
      edition_id: "2026",
    });
    expect(textOf(await (await page(org.path, org.owner, EARLY)).text())).toContain(m.status.submitted);

    // One check for both: an SVG with a script is refused with the sponsors' message.
    const script = await uploadLogo(org, svg('<script>alert(1)</script><rect width="10" height="10"/>'), "l.svg");
    expect(script.status).toBe(303);
    const location = script.headers.get("location")!;
    expect(location).toBe(`${org.path}?logo-error=svg-script#listing`);
    expect(textOf(await (await page(location, org.owner, EARLY)).text())).toContain(
      sponsorLogoFailureMessages["svg-script"],
    );
    expect((await listingOf(org.id))?.logo_key).toBeNull();

    const stored = await uploadLogo(org, await png(300, 100), "logo.png");
    expect(stored.status).toBe(303);
    const key = String((await listingOf(org.id))?.logo_key);
    expect(key).toMatch(/^organization-logos\/[0-9a-f]{64}\.png$/);
    expect(await env.SUBMISSION_FILES.head(key)).not.toBeNull();
    // The logo under review: its administrators see it, the public does not.
    const preview = await page(`${org.path}/listing-logo`, org.owner, EARLY);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect((await page(`/organization-logos/${key.replace("organization-logos/", "")}`)).status).toBe(404);

    const unlisted = await post(org.path, { intent: "unlist" }, org.owner);
    expect(unlisted.status).toBe(303);
    expect(await listingOf(org.id)).toBeNull();
    const again = await post(org.path, { intent: "unlist" }, org.owner);
    expect(textOf(await again.text())).toContain(m.notListedNow);
    const { results } = await env.DB.prepare(
      "SELECT action FROM events WHERE organization_id = ? AND action LIKE 'organization.%list%' ORDER BY id",
    )
      .bind(org.id)
      .all<{ action: string }>();
    expect(results.map((r) => r.action)).toEqual([
      "organization.listing-requested",
      "organization.listing-logo-uploaded",
      "organization.unlisted",
    ]);
    // The dashboard's activity words each of them.
    const activity = textOf(await (await page(org.path, org.owner, EARLY)).text());
    for (const kind of ["listing-requested", "listing-logo-uploaded", "unlisted"]) {
      expect(activity).toContain(eventLabels[kind]);
    }
  });

  it("is the organization's administrators' only: another account gets a 404", async () => {
    const org = await organization("Private Listing Co");
    const stranger = await account("stranger");
    expect((await post(org.path, { intent: "listing", displayName: "Not Mine" }, stranger)).status).toBe(404);
    expect((await page(`${org.path}/listing-logo`, stranger, EARLY)).status).toBe(404);
    expect(await listingOf(org.id)).toBeNull();
  });
});

describe("the registrar's review", { timeout: 120_000 }, () => {
  it("returns with a reason on the desk, audited, the organization e-mailed; a coordinator may not", async () => {
    const org = await organization("Returned Listing Co");
    await requestListing(org, { displayName: "Returned Listing Co" });
    await uploadLogo(org, await png(200, 100), "logo.png");
    const desk = await (await deskGet("/organize/organizations", registrar)).text();
    expect(desk).toContain("Returned Listing Co");
    expect(desk).toContain(`/organize/organization-logos/${org.id}`);
    const preview = await deskGet(`/organize/organization-logos/${org.id}`, registrar);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");

    const fields = { intent: "return-listing", organizationId: org.id, reason: "too small to read" };
    expect((await deskPost("/organize/organizations", fields, coordinator)).status).toBe(404);
    expect((await listingOf(org.id))?.status).toBe("submitted");

    const since = await lastAuditId();
    const returned = await deskPost("/organize/organizations", fields, registrar);
    expect(returned.status).toBe(303);
    expect(await listingOf(org.id)).toMatchObject({ status: "returned", return_reason: "too small to read" });
    const audit = await auditSince(since);
    expect(audit.map((r) => r.action)).toEqual(["organizations.return-listing"]);
    expect(audit[0]).toMatchObject({ actor_user_id: registrar.id, reason: "too small to read" });
    const mail = await env.DB.prepare("SELECT recipient, payload FROM notifications WHERE kind = ? AND recipient = ?")
      .bind("organization-listing-returned", org.contactEmail)
      .all<{ recipient: string; payload: string }>();
    expect(mail.results).toHaveLength(1);
    expect(JSON.parse(mail.results[0]!.payload).reason).toBe("too small to read");
    expect(textOf(await (await page(org.path, org.owner, EARLY)).text())).toContain(
      `${m.status.returned} too small to read`,
    );
  });

  it("approves through the API per role, audited and e-mailed; refuses a return without a reason and what is not waiting", async () => {
    const org = await organization("Approved Listing Co");
    await requestListing(org, { displayName: "Approved Listing Co" });
    const forbidden = await api("POST", "/actions/organizations.approve-listing", {
      token: await tokenOf(coordinator),
      body: { organizationId: org.id },
    });
    expect(forbidden.status).toBe(403);
    const token = await tokenOf(registrar);
    const noReason = await api("POST", "/actions/organizations.return-listing", {
      token,
      body: { organizationId: org.id, reason: " " },
    });
    expect(noReason.status).toBe(400);

    const since = await lastAuditId();
    const approved = await api("POST", "/actions/organizations.approve-listing", {
      token,
      body: { organizationId: org.id },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await listingOf(org.id)).toMatchObject({ status: "approved", shown_name: "Approved Listing Co" });
    const audit = await auditSince(since);
    expect(audit.map((r) => r.action)).toEqual(["organizations.approve-listing"]);
    expect(audit[0]?.actor_kind).toBe("token");
    const mail = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE kind = ? AND recipient = ?")
      .bind("organization-listing-approved", org.contactEmail)
      .first<{ n: number }>();
    expect(mail?.n).toBe(1);

    const twice = await api("POST", "/actions/organizations.approve-listing", {
      token,
      body: { organizationId: org.id },
    });
    expect(twice.status).toBe(404);
    expect(await twice.text()).toContain(organizationReviewMessages.unknown);
  });
});

describe("/employer-recognition", { timeout: 300_000 }, () => {
  it("shows an approved, listed organization at its tier only once the tier is earned; never an unlisted or unapproved one", async () => {
    const name = "Snake River Precision Components and Advanced Manufacturing Cooperative";
    const shown = await organization(name);
    await enroll(shown, 9);
    await requestListing(shown, { displayName: name, website: "https://snakeriver.example" });
    await uploadLogo(shown, await png(400, 100), "wide.png");
    const token = await tokenOf(registrar);
    await api("POST", "/actions/organizations.approve-listing", { token, body: { organizationId: shown.id } });

    // Nine employees: below the first tier, so not shown, and the section is not there at all.
    const below = await recognitionPage();
    expect(below.text).not.toContain(name);
    expect(below.html).not.toContain('data-testid="recognized"');
    expect(textOf(await (await page(shown.path, shown.owner, EARLY)).text())).toContain(
      m.belowFirstTier("Innovation Partner", 1),
    );

    // The tenth enrolls: Innovation Partner from then on.
    await enroll(shown, 1);
    const earned = await recognitionPage();
    expect(earned.html).toContain('data-testid="recognized-innovation-partner"');
    const src = `/organization-logos/${String((await listingOf(shown.id))?.shown_logo_key).replace("organization-logos/", "")}`;
    // The box is 160 × 64: a 400 × 100 logo is drawn 160 × 40, the organization's name as its text.
    expect(earned.html).toContain(`src="${src}" alt="${name}" width="160" height="40"`);
    expect(earned.html).toContain('href="https://snakeriver.example"');
    expect(earned.html).not.toContain('data-testid="recognized-ai-champion"');
    const served = await page(src);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(await png(400, 100));

    // Listed but not approved, and approved then unlisted: neither shows, tier or not.
    const waiting = await organization("Waiting Review Co");
    await enroll(waiting, 10);
    await requestListing(waiting, { displayName: "Waiting Review Co" });
    const unlisted = await organization("Changed Its Mind Co");
    await enroll(unlisted, 10);
    await requestListing(unlisted, { displayName: "Changed Its Mind Co" });
    await api("POST", "/actions/organizations.approve-listing", { token, body: { organizationId: unlisted.id } });
    expect((await recognitionPage()).text).toContain("Changed Its Mind Co");
    expect((await post(unlisted.path, { intent: "unlist" }, unlisted.owner)).status).toBe(303);
    const after = await recognitionPage();
    expect(after.html).toContain(`alt="${name}"`);
    expect(after.text).not.toContain("Waiting Review Co");
    expect(after.text).not.toContain("Changed Its Mind Co");
    // Its approved logo is no longer served either.
    expect(await listingOf(unlisted.id)).toBeNull();
  });

  it("forgets the isolate's cached list when an organization unlists: the next request no longer shows it", async () => {
    const org = await organization("Cached Then Gone Co");
    await enroll(org, 10);
    await requestListing(org, { displayName: "Cached Then Gone Co" });
    await api("POST", "/actions/organizations.approve-listing", {
      token: await tokenOf(registrar),
      body: { organizationId: org.id },
    });
    // On the real clock the worker keeps one copy of the list per isolate (a moved clock reads every time).
    const tally = newTally();
    const DB = countingD1(env.DB, tally);
    const view = async () => textOf(await (await fetchWithEnv("/employer-recognition", { DB })).text());
    const reads = () => tally.sql.filter((sql) => sql.includes('"organization_listings"')).length;
    expect(await view()).toContain("Cached Then Gone Co");
    const before = reads();
    expect(await view()).toContain("Cached Then Gone Co");
    expect(reads(), "the second view reads the isolate's copy").toBe(before);
    expect((await post(org.path, { intent: "unlist" }, org.owner)).status).toBe(303);
    expect(await view()).not.toContain("Cached Then Gone Co");
    expect(reads()).toBe(before + 1);
  });

  it("deletes the listing with its owner's account", async () => {
    const org = await organization("Owner Leaves Co");
    await requestListing(org, { displayName: "Owner Leaves Co" });
    expect(await listingOf(org.id)).not.toBeNull();
    const deleted = await post(
      "/account",
      { intent: "delete-account", password: "a good passphrase", confirm: "yes" },
      org.owner,
    );
    expect(deleted.status).toBeLessThan(400);
    expect(await listingOf(org.id)).toBeNull();
  });
});

describe("the recognized organizations' read", () => {
  it("costs one statement per isolate on the real clock while fresh, not one per page", async () => {
    forgetRecognizedOrganizations();
    const tally = newTally();
    const counted = { DB: countingD1(env.DB, tally), ENVIRONMENT: "production" };
    const first = await recognizedOrganizations(counted);
    expect(await recognizedOrganizations(counted)).toEqual(first);
    expect(tally.statements).toBe(1);
    expect(first).toEqual(await readRecognizedOrganizations(getDb(env)));
  });
});
