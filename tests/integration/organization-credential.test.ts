/**
 * An organization's recognition tier as a verifiable credential (issue 54,
 * ADR 028), through the built worker: issued once when the employees
 * enrolled with the code reach a tier (AI Champion at 25), replaced at the
 * next tier, revoked when the count falls below it or the Workforce Package
 * is refunded (the status list's bit, /verify's answer), shown on the
 * dashboard with a badge and an HTML snippet whose link and image resolve.
 * No STRIPE_SECRET_KEY: packages are bought on the local stand-in.
 */
import { env } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { recognitionTiers } from "~/content/program";
import { reconcileTierCredential } from "~/organization/tier-credential.server";
import { handleDisputeClosed, handleDisputeOpened, handleRefund } from "~/payments/adjustments.server";
import headersFile from "../../public/_headers?raw";
import championSvg from "../../public/badges/organization-ai-champion.svg?raw";
import schema from "../fixtures/ob3/ob_v3p0_achievementcredential_schema.json";
import { createAccount, postForm } from "./auth-helpers";
import { createRegistration } from "./factories";
import { decodeEntities, textOf } from "./html";
import { individualFields, liveCodes, uniqueEmail, uniqueIp, workforceFields } from "./payments-helpers";
import { runDailyJob } from "./credentials-helpers";
import { api, organizer, tokenOf } from "./organize-helpers";
import { fetchWithEnv } from "./worker";

const NOW = "2025-12-01T12:00:00-07:00";
const CLOCK = { APP_NOW: NOW };
const VALID = "Issued by the Idaho AI Challenge and valid.";
const REVOKED = "Issued by the Idaho AI Challenge, but revoked.";

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  postForm(path, fields, { ip: uniqueIp(), cookie, appNow: NOW });
const get = (path: string, cookie?: string) =>
  fetchWithEnv(path, CLOCK, { headers: cookie ? { cookie } : {}, redirect: "manual" });

async function account(tag: string) {
  const email = uniqueEmail(tag);
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE id = ?").bind(row!.id).run();
  return { email, cookie, id: row!.id };
}

/** A Workforce Package bought on the stand-in checkout: its id, code and name. */
async function organization() {
  const owner = await account("owner");
  const companyName = `Snake River "Works" & Co ${crypto.randomUUID().slice(0, 4)}`;
  const started = await post("/register?tab=workforce", workforceFields({ companyName }), owner.cookie);
  expect(started.status).toBe(303);
  expect((await post(new URL(started.headers.get("location")!).pathname, {})).status).toBe(303);
  const row = await env.DB.prepare(
    "SELECT id FROM registrations WHERE user_id = ? AND registration_type = 'workforce' AND status = 'paid'",
  )
    .bind(owner.id)
    .first<{ id: string }>();
  const [code] = await liveCodes(row!.id);
  return { id: row!.id, code: code!, companyName, owner, path: `/organization/${row!.id}` };
}

/** Employees enrolled with the code, written directly (the /register path is `enroll`). */
async function enrolledDirectly(organizationId: string, count: number) {
  for (let i = 0; i < count; i++) {
    await createRegistration({
      userId: crypto.randomUUID(),
      amountCents: 0,
      status: "enrolled",
      email: uniqueEmail("bulk"),
      organizationRegistrationId: organizationId,
    });
  }
}

/** One employee enrolls with the code on /register, as a person does: the trigger runs there. */
async function enroll(code: string) {
  const employee = await account("employee");
  const response = await post(
    "/register",
    individualFields({ employerCode: code, email: employee.email }),
    employee.cookie,
  );
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!, "http://localhost").searchParams.get("registration_id")!;
}

async function tierCredentials(organizationId: string) {
  const { results } = await env.DB.prepare(
    "SELECT seq, id, achievement, edition_id, revoked_at, revoked_reason, revoked_by FROM credentials WHERE user_id = ? AND source = 'tier' ORDER BY seq",
  )
    .bind(`organization:${organizationId}`)
    .all<{
      seq: number;
      id: string;
      achievement: string;
      edition_id: string;
      revoked_at: string | null;
      revoked_reason: string | null;
      revoked_by: string | null;
    }>();
  return results;
}

async function credentialJson(id: string) {
  const response = await get(`/credentials/${id}/credential.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function verifyText(credential: unknown) {
  const form = new FormData();
  form.append("credential", JSON.stringify(credential));
  const response = await fetchWithEnv("/verify", CLOCK, {
    method: "POST",
    headers: { "cf-connecting-ip": uniqueIp(), origin: "http://localhost", "sec-fetch-site": "same-origin" },
    body: form,
  });
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

async function statusBit(seq: number): Promise<boolean> {
  const list = (await (await get("/credentials/status/1")).json()) as { credentialSubject: { encodedList: string } };
  const encoded = list.credentialSubject.encodedList.slice(1).replace(/-/g, "+").replace(/_/g, "/");
  const gz = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const bits = new Uint8Array(
    await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer(),
  );
  return (bits[seq >> 3]! & (0x80 >> (seq & 7))) !== 0;
}

const champion = recognitionTiers.find((tier) => tier.id === "ai-champion")!;
const leader = recognitionTiers.find((tier) => tier.id === "workforce-leader")!;

describe("the tier credential", { timeout: 120_000 }, () => {
  it("is issued once, at 25 employees enrolled with the code, as AI Champion: enrolling again or running the trigger again changes nothing", async () => {
    expect(champion.minParticipants).toBe(25);
    const org = await organization();
    await enrolledDirectly(org.id, champion.minParticipants - 2);
    await enroll(org.code);
    // 24 enrolled: Innovation Partner, not yet AI Champion.
    expect((await tierCredentials(org.id)).map((row) => [row.achievement, row.revoked_at])).toEqual([
      ["tier-innovation-partner", null],
    ]);
    await enroll(org.code);
    const afterTwentyFive = await tierCredentials(org.id);
    expect(afterTwentyFive.map((row) => [row.achievement, row.revoked_at === null])).toEqual([
      ["tier-innovation-partner", false],
      ["tier-ai-champion", true],
    ]);
    expect(afterTwentyFive[0]!.revoked_reason).toBe(
      "Replaced by the AI Champion designation, which the organization reached.",
    );
    expect(afterTwentyFive[1]!.edition_id).toBe("2026");

    await enroll(org.code);
    await reconcileTierCredential(env, org.id, { now: new Date(NOW) });
    await reconcileTierCredential(env, org.id, { now: new Date(NOW) });
    await runDailyJob(new Date(NOW).toISOString());
    await runDailyJob(new Date(NOW).toISOString());
    expect(await tierCredentials(org.id)).toEqual(afterTwentyFive);

    const live = afterTwentyFive.filter((row) => row.revoked_at === null);

    // The credential: the organization as its subject, valid on /verify, OB 3.0's schema holds.
    const credential = (await credentialJson(live[0]!.id)) as {
      type: string[];
      credentialSubject: {
        id: string;
        type: string[];
        name: string;
        identifier: unknown[];
        achievement: { name: string };
      };
      image: { id: string };
    };
    expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
    expect(credential.credentialSubject).toMatchObject({
      id: `urn:uuid:${org.id}`,
      type: ["AchievementSubject"],
      name: org.companyName,
      identifier: [{ type: "IdentityObject", identityType: "name", hashed: false, identityHash: org.companyName }],
      achievement: { name: "AI Champion" },
    });
    expect(JSON.stringify(credential)).not.toContain(org.owner.email);
    expect(credential.image.id).toBe("http://localhost/badges/organization-ai-champion.png");
    expect(new Validator(schema as never, "2019-09", false).validate(credential).errors).toEqual([]);
    const verified = await verifyText(credential);
    expect(verified).toContain(VALID);
    expect(verified).toContain(org.companyName);

    // Its page names the organization and offers no LinkedIn (a person's profile lists their own).
    const page = await get(`/credentials/${live[0]!.id}`);
    expect(page.status).toBe(200);
    const pageText = textOf(await page.text());
    expect(pageText).toContain(`Earned by ${org.companyName}`);
    expect(pageText).toContain(VALID);
    expect(pageText).not.toContain("Add to LinkedIn");
  });

  it("two runs racing issue one credential; one the organizers revoked on the desk is not issued again", async () => {
    const org = await organization();
    // Written directly: no trigger has run yet.
    await enrolledDirectly(org.id, champion.minParticipants);
    const [a, b] = await Promise.all([
      reconcileTierCredential(env, org.id, { now: new Date(NOW) }),
      reconcileTierCredential(env, org.id, { now: new Date(NOW) }),
    ]);
    expect([a.issued, b.issued].filter((issued) => issued !== null)).toHaveLength(1);
    const [only, ...none] = await tierCredentials(org.id);
    expect(only?.achievement).toBe("tier-ai-champion");
    expect(none).toEqual([]);
    // The partial unique index itself refuses a second live tier credential of the organization.
    await expect(
      env.DB.prepare(
        "INSERT INTO credentials (id, edition_id, achievement, user_id, source, earned_at, issued_at, recipient_email, recipient_salt) VALUES (?, '2026', 'tier-innovation-partner', ?, 'tier', ?, ?, '', '')",
      )
        .bind(crypto.randomUUID().replace(/-/g, ""), `organization:${org.id}`, NOW, NOW)
        .run(),
    ).rejects.toThrow(/UNIQUE/);

    // The desk names the organization as the holder (it has no address) and finds it by its name.
    const registrar = await organizer("registrar");
    const listed = await api("GET", `/queries/credentials.list?q=${encodeURIComponent(org.companyName)}`, {
      token: await tokenOf(registrar),
      clock: CLOCK,
    });
    expect(listed.status).toBe(200);
    const { result } = (await listed.json()) as { result: { id: string; holder: string }[] };
    expect(result.map((c) => [c.id, c.holder])).toEqual([[only!.id, org.companyName]]);

    await env.DB.prepare("UPDATE credentials SET revoked_at = ?, revoked_reason = ?, revoked_by = ? WHERE id = ?")
      .bind(new Date(NOW).toISOString(), "Enrollments not genuine", "organizer:registrar@example.org", only!.id)
      .run();
    await enroll(org.code);
    await runDailyJob(new Date(NOW).toISOString());
    expect((await tierCredentials(org.id)).map((row) => row.revoked_by)).toEqual(["organizer:registrar@example.org"]);
  });

  it("shows on the dashboard with a badge and an HTML snippet whose link and image resolve", async () => {
    const org = await organization();
    const before = await (await get(org.path, org.owner.cookie)).text();
    expect(before).toContain('data-testid="tier-credential-none"');
    await enrolledDirectly(org.id, champion.minParticipants - 1);
    await enroll(org.code);
    const [issued] = await tierCredentials(org.id);
    expect(issued?.achievement).toBe("tier-ai-champion");

    const html = await (await get(org.path, org.owner.cookie)).text();
    const textarea = /<textarea[^>]*data-testid="tier-snippet"[^>]*>([^<]*)<\/textarea>/.exec(html);
    expect(textarea).not.toBeNull();
    expect(textarea![0]).toMatch(/ readonly=""/i);
    const snippet = decodeEntities(textarea![1]!);
    // Parsed as a browser parses it: one link around one image, with fixed dimensions and the alt text.
    const parsed = /^<a href="([^"]+)"><img src="([^"]+)" alt="([^"]+)" width="(\d+)" height="(\d+)"><\/a>$/.exec(
      snippet,
    );
    expect(parsed, snippet).not.toBeNull();
    const [, href, src, alt, width, height] = parsed!;
    expect(decodeEntities(alt!)).toBe(`${org.companyName} — AI Champion, Idaho AI Challenge 2026`);
    expect(alt).toContain("&quot;Works&quot; &amp; Co");
    expect([width, height]).toEqual(["160", "160"]);
    expect(href).toBe(`http://localhost/credentials/${issued!.id}`);
    const linked = await get(new URL(href!).pathname);
    expect(linked.status).toBe(200);
    expect(textOf(await linked.text())).toContain(VALID);

    // The image: a badge this site ships (public/badges/, rendered to PNG at build), cached for a year.
    expect(src).toBe("http://localhost/badges/organization-ai-champion.svg");
    expect(html).toContain(`src="${src}"`);
    expect(championSvg).toMatch(/^<svg [^>]*width="200" height="200"/);
    expect(championSvg).toContain("AI</text>");
    expect(headersFile).toMatch(/\/badges\/organization-\*\n\s+Cache-Control: public, max-age=31536000, immutable/);
    expect(headersFile).toMatch(/\/badges\/\*\n\s+Access-Control-Allow-Origin: \*/);
  });

  it("is replaced at Workforce Leader, and revoked when an employee's removal takes the count below it", async () => {
    const org = await organization();
    await enrolledDirectly(org.id, leader.minParticipants - 1);
    const last = await enroll(org.code);
    // The 49 were written directly, so the first count the trigger sees is 50: Workforce Leader alone.
    const [first, second] = await tierCredentials(org.id);
    expect([first?.achievement, first?.revoked_at]).toEqual(["tier-workforce-leader", null]);
    expect(second).toBeUndefined();

    const removed = await post(org.path, { intent: "remove-employee", registrationId: last }, org.owner.cookie);
    expect(removed.status).toBe(303);
    const rows = await tierCredentials(org.id);
    expect(rows.map((row) => [row.achievement, row.revoked_at === null])).toEqual([
      ["tier-workforce-leader", false],
      ["tier-ai-champion", true],
    ]);
    expect(rows[0]!.revoked_reason).toBe(
      "Fewer than 50 employees are enrolled with the organization's code, the minimum for Workforce Leader.",
    );
    expect(rows[0]!.revoked_by).toBe("site:recognition-tier");
    expect(await statusBit(rows[0]!.seq)).toBe(true);
    expect(await statusBit(rows[1]!.seq)).toBe(false);
    const verdict = await verifyText(await credentialJson(rows[0]!.id));
    expect(verdict).toContain(REVOKED);
    expect(verdict).toContain("Fewer than 50 employees");

    // Back to 50: a new Workforce Leader credential (revocation is one-way), the AI Champion replaced.
    await enroll(org.code);
    const again = await tierCredentials(org.id);
    expect(again.map((row) => [row.achievement, row.revoked_at === null])).toEqual([
      ["tier-workforce-leader", false],
      ["tier-ai-champion", false],
      ["tier-workforce-leader", true],
    ]);
    expect(again[1]!.revoked_reason).toBe(
      "Replaced by the Workforce Leader designation, which the organization reached.",
    );
  });

  it("is revoked while the payment is disputed, issued again when the dispute is won, and stays revoked when one is lost", async () => {
    const disputed = async (won: boolean) => {
      const org = await organization();
      await enrolledDirectly(org.id, champion.minParticipants - 1);
      await enroll(org.code);
      const paymentIntentId = `pi_dispute_${org.id}`;
      await env.DB.prepare("UPDATE registrations SET payment_intent_id = ? WHERE id = ?")
        .bind(paymentIntentId, org.id)
        .run();
      const dispute = { id: `du_${org.id}`, paymentIntentId, amount: 500_000 };
      const context = (step: string) => ({ eventId: `evt_${step}_${org.id}`, now: new Date(NOW) });
      expect(
        (await handleDisputeOpened(env, { ...dispute, status: "needs_response" }, context("opened"))).handled,
      ).toBe(true);
      const [held] = await tierCredentials(org.id);
      expect(held?.revoked_reason).toBe("The organization's Workforce Package was refunded or its payment disputed.");
      const closed = await handleDisputeClosed(env, { ...dispute, status: won ? "won" : "lost" }, context("closed"));
      expect(closed.handled).toBe(true);
      // The daily job checks again: a lost dispute leaves nothing behind the credential.
      await runDailyJob(new Date(NOW).toISOString());
      return tierCredentials(org.id);
    };

    const afterWon = await disputed(true);
    // [achievement, still valid]: the one revoked while disputed, then the one issued again.
    expect(afterWon.map((row) => [row.achievement, row.revoked_at === null])).toEqual([
      ["tier-ai-champion", false],
      ["tier-ai-champion", true],
    ]);
    expect(await verifyText(await credentialJson(afterWon[1]!.id))).not.toContain(REVOKED);

    const afterLost = await disputed(false);
    expect(afterLost.map((row) => [row.achievement, row.revoked_at === null])).toEqual([["tier-ai-champion", false]]);
  });

  it("is revoked when the Workforce Package is refunded in full", async () => {
    const org = await organization();
    await enrolledDirectly(org.id, champion.minParticipants - 1);
    await enroll(org.code);
    const [issued] = await tierCredentials(org.id);
    expect(issued?.revoked_at).toBeNull();

    await env.DB.prepare("UPDATE registrations SET payment_intent_id = ? WHERE id = ?")
      .bind(`pi_tier_${org.id}`, org.id)
      .run();
    const outcome = await handleRefund(
      env,
      {
        id: `ch_tier_${org.id}`,
        paymentIntentId: `pi_tier_${org.id}`,
        amount: 500_000,
        amountRefunded: 500_000,
        refunded: true,
      },
      { eventId: `evt_tier_${org.id}`, now: new Date(NOW) },
    );
    expect(outcome.handled).toBe(true);
    const [revoked] = await tierCredentials(org.id);
    expect(revoked?.revoked_reason).toBe("The organization's Workforce Package was refunded or its payment disputed.");
    expect(await statusBit(revoked!.seq)).toBe(true);
    expect(await verifyText(await credentialJson(revoked!.id))).toContain(REVOKED);
    // The daily job does not issue it again: the package no longer stands behind it.
    await runDailyJob(new Date(NOW).toISOString());
    expect((await tierCredentials(org.id)).filter((row) => row.revoked_at === null)).toEqual([]);
    const dashboard = await (await get(org.path, org.owner.cookie)).text();
    expect(dashboard).toContain('data-testid="tier-credential-none"');
  });
});
