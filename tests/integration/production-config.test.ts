import { createExecutionContext, createMessageBatch, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { developmentSiteContact } from "~/content/site";
import {
  assertProductionConfig,
  ConfigurationError,
  missingProductionSettings,
  testOnlySettingsPresent,
} from "~/lib/config.server";
import { SITE_CONTACT_PLACEHOLDERS } from "~/lib/site-config.server";
import { completeProductionEnv } from "./production-env";
import { builtWorker, fetchWithEnv } from "./worker";

function developmentValues() {
  return {
    CONTACT_EMAIL: developmentSiteContact.email,
    CONTACT_PHONE: developmentSiteContact.phone,
    ORGANIZER_LEGAL_NAME: developmentSiteContact.organizerLegalName,
  };
}

describe("production refuses to run without its settings", () => {
  it("answers every request with a 500 page and logs what is missing", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const path of ["/", "/contact", "/api/health"]) {
        const response = await fetchWithEnv(path, { ENVIRONMENT: "production" });
        expect(response.status, path).toBe(500);
        const html = await response.text();
        expect(html).toContain("temporarily unavailable");
        expect(html).not.toContain("RESEND_API_KEY");
        expect(response.headers.get("strict-transport-security")).toMatch(/max-age/);
      }
      const logged = errors.mock.calls.map(([line]) => String(line)).find((line) => line.includes("config.production"));
      expect(logged).toBeDefined();
      for (const name of [
        "RESEND_API_KEY",
        "EMAIL_FROM",
        "NOTIFY_TO",
        "BETTER_AUTH_SECRET",
        "BASE_URL",
        "CREDENTIAL_SIGNING_KEY",
        "CONTACT_EMAIL",
        "CONTACT_PHONE",
        "ORGANIZER_LEGAL_NAME",
      ]) {
        expect(logged).toContain(name);
      }
    } finally {
      errors.mockRestore();
    }
  });

  it("names exactly the missing or blank settings", () => {
    const base = { ...env, ...completeProductionEnv } as Env;
    expect(missingProductionSettings(base)).toEqual([]);
    expect(missingProductionSettings({ ...base, NOTIFY_TO: " ", RESEND_API_KEY: undefined })).toEqual([
      "RESEND_API_KEY",
      "NOTIFY_TO",
    ]);
    expect(() => assertProductionConfig({ ...base, EMAIL_FROM: "" })).toThrow(ConfigurationError);
    expect(() => assertProductionConfig({ ...env, ENVIRONMENT: "development" } as Env)).not.toThrow();
  });

  it("refuses the contact settings while unset, blank or still development's placeholders", async () => {
    const base = { ...env, ...completeProductionEnv } as Env;
    const contactSettings = ["CONTACT_EMAIL", "CONTACT_PHONE", "ORGANIZER_LEGAL_NAME"] as const;
    expect(missingProductionSettings({ ...base, ...developmentValues() })).toEqual(contactSettings);
    expect(
      missingProductionSettings({
        ...base,
        CONTACT_EMAIL: undefined,
        CONTACT_PHONE: "  ",
        ORGANIZER_LEGAL_NAME: ` ${developmentSiteContact.organizerLegalName} `,
      }),
    ).toEqual(contactSettings);
    for (const name of contactSettings) {
      expect(missingProductionSettings({ ...base, [name]: developmentValues()[name] }), name).toEqual([name]);
    }

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Everything else set, contact details still development's: no page is served.
      const response = await fetchWithEnv("/contact", { ...completeProductionEnv, ...developmentValues() });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("temporarily unavailable");
      expect(html).not.toContain(developmentSiteContact.email);
      const logged = errors.mock.calls.map(([line]) => String(line)).find((line) => line.includes("config.production"));
      for (const name of contactSettings) expect(logged).toContain(name);
    } finally {
      errors.mockRestore();
    }
  });

  it("development's [vars] are exactly the placeholders production refuses", () => {
    // The test worker runs on wrangler.toml's top-level [vars].
    expect({
      CONTACT_EMAIL: env.CONTACT_EMAIL,
      CONTACT_PHONE: env.CONTACT_PHONE,
      ORGANIZER_LEGAL_NAME: env.ORGANIZER_LEGAL_NAME,
    }).toEqual(developmentValues());
    expect(SITE_CONTACT_PLACEHOLDERS).toEqual(developmentValues());
  });

  it("refuses to start with the tests' password hashing cost (ADR 005)", async () => {
    const base = { ...env, ...completeProductionEnv } as Env;
    expect(testOnlySettingsPresent(base)).toEqual([]);
    expect(testOnlySettingsPresent({ ...base, PASSWORD_HASH_COST: "production" })).toEqual([]);
    for (const cost of ["test", "cheap"]) {
      expect(testOnlySettingsPresent({ ...base, PASSWORD_HASH_COST: cost }), cost).toEqual(["PASSWORD_HASH_COST"]);
      expect(() => assertProductionConfig({ ...base, PASSWORD_HASH_COST: cost })).toThrow(
        /set to a test-only value: PASSWORD_HASH_COST/,
      );
    }
    // The test worker itself runs with it, outside production.
    expect((env as Env).PASSWORD_HASH_COST).toBe("test");
    expect(() => assertProductionConfig(env)).not.toThrow();

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const refused = await fetchWithEnv("/auth", { ...completeProductionEnv, PASSWORD_HASH_COST: "test" });
      expect(refused.status).toBe(500);
      expect(await refused.text()).toContain("temporarily unavailable");
      const logged = errors.mock.calls.map(([line]) => String(line)).find((line) => line.includes("config.production"));
      expect(logged).toContain("PASSWORD_HASH_COST");
    } finally {
      errors.mockRestore();
    }
    const served = await fetchWithEnv("/auth", { ...completeProductionEnv, PASSWORD_HASH_COST: "production" });
    expect(served.status).toBe(200);
    await served.text();
  });

  it("serves pages once everything is set", async () => {
    const response = await fetchWithEnv("/contact", completeProductionEnv);
    expect(response.status).toBe(200);
    await response.text();
  });

  it("never falls back to the local mailbox: the consumer refuses the batch", async () => {
    const batch = createMessageBatch("idaho-ai-challenge-notifications", [
      { id: "m", timestamp: new Date(), attempts: 1, body: { id: "whatever" } },
    ]);
    const worker = await builtWorker();
    await expect(
      worker.queue(batch, { ...env, ENVIRONMENT: "production" } as Env, createExecutionContext()),
    ).rejects.toThrow(/missing: RESEND_API_KEY/);
  });
});
