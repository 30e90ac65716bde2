/**
 * Credentials that every verifier accepts (issue 31): each kind this site
 * issues (certification, AI Innovator, finalist, award, Audience Choice) and
 * the status list, as SERVED, verified by the verifiers the world uses, the
 * way they use them:
 *
 * - the Digital Credentials Consortium's verifier-core (behind VerifierPlus
 *   and the Learner Credential Wallet), with its own document loader, which
 *   fetches whatever it does not bundle over HTTP;
 * - @digitalbazaar/vc as a third party calls it: no controller handed in, a
 *   document loader that fetches every URL.
 *
 * Their network is this test's `fetch`: our URLs go to the built worker, a
 * few public documents (the VC 2.0 and OB 3.0.3 contexts, 1EdTech's JSON
 * Schema) are answered from their published copies, and anything else is
 * refused and makes the test fail. A copy with one byte changed fails in both.
 * An organization's tier credential (issue 54, ADR 028), whose subject is
 * the organization rather than a person, is held to the same checks.
 */
import { Validator } from "@cfworker/json-schema";
import { contexts as credentialsContexts } from "@digitalbazaar/credentials-context";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite as eddsaRdfc2022 } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as vc from "@digitalbazaar/vc";
import { verifyCredential as verifierCore } from "@digitalcredentials/verifier-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OB_CONTEXT, VC_V2_CONTEXT } from "~/credentials/proof.server";
import obContext from "../../app/credentials/contexts/ob-context-3.0.3.json";
import schema from "../fixtures/ob3/ob_v3p0_achievementcredential_schema.json";
import {
  AFTER_DEADLINE,
  changeOneByte,
  credentialIdOf,
  get,
  importCertifications,
  ORIGIN,
  plainUser,
  publish,
  rows,
  runDailyJob,
  signedJson,
  teamWithSubmission,
} from "./credentials-helpers";
import { createRegistration } from "./factories";
import { person, type Person } from "./portal-helpers";
import { fetchWithEnv } from "./worker";

const OB_SCHEMA = "https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json";

/** What the public internet would answer for the few non-site documents a verifier may ask for. */
const publishedElsewhere = new Map<string, unknown>([
  [VC_V2_CONTEXT, credentialsContexts.get(VC_V2_CONTEXT)],
  [OB_CONTEXT, obContext],
  [OB_SCHEMA, schema],
]);

const fetched: string[] = [];
const refused: string[] = [];

async function network(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  fetched.push(request.url);
  if (request.url.startsWith(`${ORIGIN}/`)) {
    const url = new URL(request.url);
    return fetchWithEnv(`${url.pathname}${url.search}`, AFTER_DEADLINE, {
      method: request.method,
      headers: request.headers,
    });
  }
  const document = publishedElsewhere.get(request.url);
  if (document !== undefined) {
    return new Response(JSON.stringify(document), { headers: { "Content-Type": "application/json" } });
  }
  refused.push(request.url);
  throw new TypeError(`network unreachable in this test: ${request.url}`);
}

/** @digitalbazaar/vc as a third party uses it: every document by URL, no controller handed in. */
async function thirdPartyVerifies(credential: unknown): Promise<boolean> {
  const result = await vc.verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
    purpose: new vc.CredentialIssuancePurpose(),
    documentLoader: async (url: string) => {
      const response = await fetch(url, { headers: { Accept: "application/ld+json, application/json" } });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return { contextUrl: null, documentUrl: url, document: await response.json() };
    },
    // Status is the DCC verifier's part below; this library leaves it to the caller.
    checkStatus: async () => ({ verified: true }),
  });
  return result.verified;
}

/** The DCC verifier as VerifierPlus calls it (no issuer registries: registry membership is not ours to test). */
async function core(credential: unknown) {
  return coreSummary(await verifierCore({ credential: credential as never, knownDIDRegistries: [] }));
}

/** verifier-core's answer, reduced to what a wallet shows: fatal errors, and each check's verdict. */
function coreSummary(result: unknown) {
  const { errors = [], log = [] } = result as {
    errors?: { name: string; message: string }[];
    log?: { id: string; valid: boolean }[];
  };
  return {
    errors: errors.map((error) => `${error.name}: ${error.message}`),
    log: Object.fromEntries(log.map((entry) => [entry.id, entry.valid])),
  };
}

beforeAll(() => vi.stubGlobal("fetch", network));
afterAll(() => {
  vi.unstubAllGlobals();
  expect(refused).toEqual([]);
});

describe("served credentials of every kind", () => {
  let holder: Person;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    holder = await person("verifiers");
    const mate = await plainUser("verifiers-mate");
    await importCertifications(holder.id);
    const teamId = await teamWithSubmission([holder.id, mate.id], "2026-03-10T20:00:00Z");
    // AI Innovator: issued and signed by the daily job in the worker, for the deployment's origin.
    await runDailyJob("2026-03-20T16:00:00Z", { BASE_URL: ORIGIN });
    await publish("finalist", teamId);
    await publish("grand-champion", teamId);
    await publish("audience-choice", teamId);
    for (const achievement of ["ai-builder", "ai-innovator", "finalist", "grand-champion", "audience-choice"]) {
      ids[achievement] = await credentialIdOf(holder.id, achievement);
    }
  });

  it("signs AI Innovator when the daily job issues it: no page view needed", async () => {
    const [row] = await rows<{ signed_json: string | null; proof_checked_at: string | null }>(
      "SELECT signed_json, proof_checked_at FROM credentials WHERE id = ?",
      ids["ai-innovator"],
    );
    expect(row?.signed_json).toContain('"proof"');
    expect(row?.proof_checked_at).not.toBeNull();
  });

  for (const achievement of ["ai-builder", "ai-innovator", "finalist", "grand-champion", "audience-choice"]) {
    it(`${achievement}: verifier-core and @digitalbazaar/vc accept it, and refuse it with one byte changed`, async () => {
      const credential = await signedJson(ids[achievement]!);
      fetched.length = 0;
      const genuine = await core(credential);
      expect(genuine.errors).toEqual([]);
      expect(genuine.log).toMatchObject({ valid_signature: true, expiration: true, revocation_status: true });
      // The key and its controller came by URL, from the worker, as the world fetches them.
      expect(fetched).toEqual(
        expect.arrayContaining([
          `${ORIGIN}/credentials/issuer`,
          expect.stringMatching(/^http:\/\/localhost\/credentials\/issuer\/keys\//),
          expect.stringMatching(/^http:\/\/localhost\/credentials\/status\/1$/),
        ]),
      );
      expect(await thirdPartyVerifies(credential)).toBe(true);

      const text = JSON.stringify(credential);
      const tampered = JSON.parse(changeOneByte(text, JSON.stringify(credential.name)));
      const refusedCopy = await core(tampered);
      expect(refusedCopy.errors).toEqual([expect.stringMatching(/^invalid_signature/)]);
      expect(await thirdPartyVerifies(tampered)).toBe(false);
    });
  }

  it("the OB 3.0 JSON Schema still holds for each, with PNG images and the issuer's logo", async () => {
    const validator = new Validator(schema as never, "2019-09", false);
    for (const id of Object.values(ids)) {
      const credential = (await signedJson(id)) as {
        image: { id: string };
        issuer: { image: { id: string } };
        credentialSubject: { achievement: { image: { id: string } } };
      };
      expect(validator.validate(credential).errors).toEqual([]);
      expect(credential.image.id).toMatch(/^http:\/\/localhost\/badges\/[a-z-]+\.png$/);
      expect(credential.credentialSubject.achievement.image.id).toBe(credential.image.id);
      expect(credential.issuer.image.id).toBe(`${ORIGIN}/badges/issuer-logo.png`);
    }
  });

  it("the status list verifies in both, and fails with one byte changed", async () => {
    const response = await get("/credentials/status/1");
    expect(response.status).toBe(200);
    const list = (await response.json()) as Record<string, unknown> & { validFrom: string };
    const accepted = await core(list);
    expect(accepted.errors).toEqual([]);
    expect(accepted.log).toMatchObject({ valid_signature: true, expiration: true });
    expect(await thirdPartyVerifies(list)).toBe(true);
    const tampered = JSON.parse(changeOneByte(JSON.stringify(list), '"revocation"'));
    expect(await thirdPartyVerifies(tampered)).toBe(false);
    expect((await core(tampered)).errors).toEqual([expect.stringMatching(/^invalid_signature/)]);
  });
});

describe("an organization's tier credential", () => {
  let id: string;
  const organizationId = crypto.randomUUID();
  const companyName = "Clearwater Verified Manufacturing";

  beforeAll(async () => {
    await createRegistration({
      id: organizationId,
      userId: `owner_${organizationId}`,
      registrationType: "workforce",
      plan: "workforce",
      status: "paid",
      amountCents: 500_000,
      companyName,
    });
    // 25 employees enrolled with the code: AI Champion.
    for (let i = 0; i < 25; i++) {
      await createRegistration({
        userId: `employee_${organizationId}_${i}`,
        amountCents: 0,
        status: "enrolled",
        organizationRegistrationId: organizationId,
      });
    }
    // Issued and signed by the daily job's safety net, for the deployment's origin.
    await runDailyJob("2026-04-01T16:00:00Z", { BASE_URL: ORIGIN });
    const [row] = await rows<{ id: string; signed_json: string | null }>(
      "SELECT id, signed_json FROM credentials WHERE user_id = ? AND source = 'tier' AND revoked_at IS NULL",
      `organization:${organizationId}`,
    );
    expect(row?.signed_json).toContain('"proof"');
    id = row!.id;
  });

  it("verifier-core and @digitalbazaar/vc accept it, and refuse it with one byte changed", async () => {
    const credential = (await signedJson(id)) as Record<string, unknown> & {
      credentialSubject: { id: string; name: string; achievement: { name: string } };
    };
    expect(credential.credentialSubject).toMatchObject({
      id: `urn:uuid:${organizationId}`,
      name: companyName,
      achievement: { name: "AI Champion" },
    });
    fetched.length = 0;
    const genuine = await core(credential);
    expect(genuine.errors).toEqual([]);
    expect(genuine.log).toMatchObject({ valid_signature: true, expiration: true, revocation_status: true });
    expect(fetched).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/credentials/issuer`,
        expect.stringMatching(/^http:\/\/localhost\/credentials\/status\/1$/),
      ]),
    );
    expect(await thirdPartyVerifies(credential)).toBe(true);

    const tampered = JSON.parse(changeOneByte(JSON.stringify(credential), JSON.stringify(companyName)));
    expect((await core(tampered)).errors).toEqual([expect.stringMatching(/^invalid_signature/)]);
    expect(await thirdPartyVerifies(tampered)).toBe(false);
  });

  it("the OB 3.0 JSON Schema holds, with the tier's PNG badge", async () => {
    const credential = (await signedJson(id)) as { image: { id: string } };
    expect(new Validator(schema as never, "2019-09", false).validate(credential).errors).toEqual([]);
    expect(credential.image.id).toBe(`${ORIGIN}/badges/organization-ai-champion.png`);
  });
});
