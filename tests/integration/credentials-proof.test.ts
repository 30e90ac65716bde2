/**
 * The proof code in workerd (ADR 016, ADR 017): signing and verifying
 * offline, with the key and its controller read by URL from the documents
 * the site serves. No controller is handed to the library, so a controller
 * document that does not authorize the key, or one a JSON-LD reader cannot
 * find `assertionMethod` in (issue 31's bug), fails here too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkProof,
  controllerDocument,
  MULTIKEY_CONTEXT,
  multikeyDocument,
  OB_CONTEXT,
  signCredential,
  signingKeyFromSeed,
  VC_V2_CONTEXT,
  type SigningKey,
} from "~/credentials/proof.server";

const seed = new Uint8Array(32).fill(7);
const ISSUER = "https://example.org/credentials/issuer";
const KEY = "https://example.org/credentials/issuer/keys/k1";
const later = new Date("2026-06-01T00:00:00Z");

const credential = {
  "@context": [VC_V2_CONTEXT, OB_CONTEXT],
  id: "https://example.org/credentials/abc",
  type: ["VerifiableCredential", "OpenBadgeCredential"],
  issuer: { id: ISSUER, type: ["Profile"], name: "Org" },
  validFrom: "2026-05-01T00:00:00Z",
  name: "AI Builder",
  credentialSubject: {
    type: ["AchievementSubject"],
    identifier: [
      { type: "IdentityObject", identityHash: "sha256$abc", identityType: "emailAddress", hashed: true, salt: "x" },
    ],
    achievement: {
      id: "https://example.org/a/1",
      type: ["Achievement"],
      name: "AI Builder",
      description: "d",
      criteria: { narrative: "n" },
    },
  },
};

function served(key: SigningKey, controller: unknown = controllerDocument({ id: ISSUER }, [key.published])) {
  return new Map<string, unknown>([
    [ISSUER, controller],
    [KEY, multikeyDocument(key.published)],
  ]);
}

describe("eddsa-rdfc-2022 in workerd", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", () => {
      throw new Error("outbound fetch refused in this test");
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("signs and verifies offline, the key and controller read by URL; a changed byte fails", async () => {
    const key = await signingKeyFromSeed(seed, KEY, ISSUER);
    const signed = await signCredential(credential, key, "2026-05-01T00:00:00Z");
    expect(await checkProof(signed, served(key), later)).toEqual({
      status: "verified",
      verificationMethod: KEY,
      controller: ISSUER,
    });
    const tampered = JSON.parse(JSON.stringify(signed).replace("AI Builder", "AI Bvilder"));
    expect((await checkProof(tampered, served(key), later)).status).toBe("invalid");
  });

  it("refuses a controller document that does not list the key in assertionMethod", async () => {
    const key = await signingKeyFromSeed(seed, KEY, ISSUER);
    const signed = await signCredential(credential, key, "2026-05-01T00:00:00Z");
    const withoutAssertion = { ...controllerDocument({ id: ISSUER }, [key.published]), assertionMethod: [] };
    expect(await checkProof(signed, served(key, withoutAssertion), later)).toMatchObject({
      status: "not-authorized",
      verificationMethod: KEY,
    });
  });

  it("never accepts the issuer profile as it was before issue 31: its contexts leave assertionMethod undefined", async () => {
    const key = await signingKeyFromSeed(seed, KEY, ISSUER);
    const signed = await signCredential(credential, key, "2026-05-01T00:00:00Z");
    const before = {
      ...controllerDocument({ id: ISSUER }, [key.published]),
      "@context": [VC_V2_CONTEXT, OB_CONTEXT, MULTIKEY_CONTEXT],
    };
    expect((await checkProof(signed, served(key, before), later)).status).not.toBe("verified");
  });

  it("judges only the signature: an expired credential's proof still holds (dates are the caller's)", async () => {
    const key = await signingKeyFromSeed(seed, KEY, ISSUER);
    const expired = await signCredential(
      { ...credential, validUntil: "2026-05-02T00:00:00Z" },
      key,
      "2026-05-01T00:00:00Z",
    );
    expect((await checkProof(expired, served(key), later)).status).toBe("verified");
  });

  it("says a key it cannot resolve offline is unresolvable, not invalid", async () => {
    const key = await signingKeyFromSeed(seed, KEY, ISSUER);
    const signed = await signCredential(credential, key, "2026-05-01T00:00:00Z");
    expect((await checkProof(signed, new Map(), later)).status).toBe("unresolvable");
  });
});
