import { createExecutionContext, createMessageBatch, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { assertProductionConfig, ConfigurationError, missingProductionSettings } from "~/lib/config.server";
import { builtWorker } from "./contact-helpers";
import { completeProductionEnv } from "./production-env";
import { fetchWithEnv } from "./worker";

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
      for (const name of ["RESEND_API_KEY", "EMAIL_FROM", "NOTIFY_TO", "BETTER_AUTH_SECRET", "BASE_URL"]) {
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
