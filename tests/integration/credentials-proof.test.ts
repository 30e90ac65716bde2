import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkProof, OB_CONTEXT, signCredential, signingKeyFromSeed, VC_V2_CONTEXT } from "~/credentials/proof.server";

const seed = new Uint8Array(32).fill(7);

describe("eddsa-rdfc-2022 in workerd", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", () => {
      throw new Error("outbound fetch refused in this test");
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("signs and verifies offline", async () => {
    const key = await signingKeyFromSeed(
      seed,
      "https://example.org/credentials/issuer/keys/k1",
      "https://example.org/credentials/issuer",
    );
    const credential = {
      "@context": [VC_V2_CONTEXT, OB_CONTEXT],
      id: "https://example.org/credentials/abc",
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { id: "https://example.org/credentials/issuer", type: ["Profile"], name: "Org" },
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
    const t0 = Date.now();
    const signed = await signCredential(credential, key, "2026-05-01T00:00:00Z");
    console.log("signed in", Date.now() - t0, JSON.stringify(signed.proof));
    const result = await checkProof(signed, [key.published], new Date("2026-06-01T00:00:00Z"));
    expect(result).toMatchObject({ status: "verified" });
    const tampered = JSON.parse(JSON.stringify(signed).replace("AI Builder", "AI Bvilder"));
    expect((await checkProof(tampered, [key.published], new Date("2026-06-01T00:00:00Z"))).status).toBe("invalid");
  });
});
