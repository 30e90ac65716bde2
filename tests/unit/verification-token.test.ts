import { signJWT } from "better-auth/crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unverifiedTokenEmail } from "~/auth/verification-token";

/**
 * Our only token handling (issue 13): reading the address out of a
 * verification token before better-auth checks it. It must never throw and
 * must read what better-auth wrote.
 */
describe("unverifiedTokenEmail", () => {
  it("reads the address better-auth signed, lower-cased", async () => {
    await fc.assert(
      fc.asyncProperty(fc.emailAddress(), fc.string(), async (email, userId) => {
        const token = await signJWT(
          { email: email.toLowerCase(), userId },
          "a-secret-long-enough-for-hs256-signing",
          60,
        );
        expect(unverifiedTokenEmail(token)).toBe(email.toLowerCase());
      }),
      { numRuns: 50 },
    );
  });

  it("never throws, and gives null or a short string, for anything at all", () => {
    const segment = fc.oneof(fc.string(), fc.base64String(), fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/));
    const candidates = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 5000 }),
      fc.tuple(segment, segment, segment).map((parts) => parts.join(".")),
      fc
        .tuple(fc.json(), segment)
        .map(
          ([json, sig]) =>
            `eyJhbGciOiJIUzI1NiJ9.${btoa(json).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.${sig}`,
        ),
    );
    fc.assert(
      fc.property(candidates, (value) => {
        const result = unverifiedTokenEmail(value);
        expect(result === null || (typeof result === "string" && result.length > 0 && result.length <= 255)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a three-part token with an email claim", () => {
    const claims = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "");
    for (const token of ["", "a.b", "a.b.c.d", `x.${claims({ sub: "1" })}.y`, `x.${claims(["a@b.c"])}.y`, `x.!!.y`]) {
      expect(unverifiedTokenEmail(token)).toBeNull();
    }
    expect(unverifiedTokenEmail(`x.${claims({ email: "Person@Example.org" })}.y`)).toBe("person@example.org");
  });
});
