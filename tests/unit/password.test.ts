import { describe, expect, it } from "vitest";
import {
  hashPassword,
  parsePasswordHash,
  PASSWORD_PARAMS,
  passwordHashParams,
  TEST_PASSWORD_PARAMS,
  verifyPassword,
} from "~/auth/password.server";

// Most cases use a cheap cost to keep the suite fast; one checks the real one.
const cheap = TEST_PASSWORD_PARAMS;

describe("password hashing", () => {
  it("uses OWASP-level scrypt parameters by default and records them in a versioned string", async () => {
    // Exactly ADR 005's choice: changing it is a decision, not a side effect of a test setting.
    expect(PASSWORD_PARAMS).toEqual({ N: 65_536, r: 8, p: 2 });
    expect(PASSWORD_PARAMS.N * PASSWORD_PARAMS.p).toBeGreaterThanOrEqual(2 ** 17);
    expect(PASSWORD_PARAMS.r).toBeGreaterThanOrEqual(8);
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^\$scrypt\$v=1\$n=65536,r=8,p=2\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery stapler")).toBe(false);
  });

  it("salts every hash", async () => {
    const first = await hashPassword("same password", cheap);
    const second = await hashPassword("same password", cheap);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, "same password")).toBe(true);
    expect(await verifyPassword(second, "same password")).toBe(true);
  });

  it("uses a long passphrase whole: a change in its last character fails", async () => {
    const passphrase = `${"a long passphrase of many words ".repeat(6)}END`;
    expect(passphrase.length).toBeGreaterThan(128);
    const stored = await hashPassword(passphrase, cheap);
    expect(await verifyPassword(stored, passphrase)).toBe(true);
    expect(await verifyPassword(stored, `${passphrase.slice(0, -1)}X`)).toBe(false);
    expect(await verifyPassword(stored, passphrase.slice(0, 128))).toBe(false);
  });

  it("treats composed and decomposed accents alike (NFKC)", async () => {
    const stored = await hashPassword("caf\u00e9 au lait", cheap);
    expect(await verifyPassword(stored, "cafe\u0301 au lait")).toBe(true);
  });

  it("refuses malformed or out-of-bounds stored hashes without throwing", async () => {
    const stored = await hashPassword("secret", cheap);
    const [, , version, params, salt, key] = stored.split("$");
    expect(version).toBe("v=1");
    const variants = [
      "",
      "not a hash",
      stored.replace("v=1", "v=2"),
      `$scrypt$${version}$n=1000,r=8,p=1$${salt}$${key}`, // N not a power of two
      `$scrypt$${version}$n=4194304,r=8,p=1$${salt}$${key}`, // too costly: a tampered row must not stall us
      `$scrypt$${version}$${params}$${salt}$`,
      `$scrypt$${version}$${params}$$${key}`,
    ];
    for (const variant of variants) {
      expect(parsePasswordHash(variant)).toBeNull();
      expect(await verifyPassword(variant, "secret")).toBe(false);
    }
  });

  it("hashes at production strength unless a non-production worker is told the test cost", () => {
    expect(TEST_PASSWORD_PARAMS).toEqual({ N: 1_024, r: 8, p: 1 });
    const development = { ENVIRONMENT: "development" } as const;
    expect(passwordHashParams({ ...development, PASSWORD_HASH_COST: "test" })).toEqual(TEST_PASSWORD_PARAMS);
    for (const cost of [undefined, "", "production", "TEST", "cheap"]) {
      expect(passwordHashParams({ ...development, PASSWORD_HASH_COST: cost }), String(cost)).toEqual(PASSWORD_PARAMS);
    }
    // Production never hashes cheaply, whatever it is told (and refuses to start: app/lib/config.server.ts).
    for (const environment of ["production", "staging", ""]) {
      expect(passwordHashParams({ ENVIRONMENT: environment, PASSWORD_HASH_COST: "test" })).toEqual(PASSWORD_PARAMS);
    }
  });

  it("verifies a hash by the parameters it carries: either cost verifies whatever the configuration", async () => {
    const strong = await hashPassword("the same passphrase", passwordHashParams({ ENVIRONMENT: "production" }));
    const cheapHash = await hashPassword(
      "the same passphrase",
      passwordHashParams({ ENVIRONMENT: "development", PASSWORD_HASH_COST: "test" }),
    );
    expect(parsePasswordHash(strong)?.params).toEqual(PASSWORD_PARAMS);
    expect(parsePasswordHash(cheapHash)?.params).toEqual(TEST_PASSWORD_PARAMS);
    for (const stored of [strong, cheapHash]) {
      expect(await verifyPassword(stored, "the same passphrase")).toBe(true);
      expect(await verifyPassword(stored, "the same passphrase!")).toBe(false);
    }
  });
});
