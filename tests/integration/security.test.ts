import { describe, expect, it } from "vitest";
import { fetchSite, fetchWithEnv } from "./worker";

function nonceOf(csp: string): string {
  const match = /'nonce-([^']+)'/.exec(csp);
  if (!match?.[1]) throw new Error(`no nonce in ${csp}`);
  return match[1];
}

describe("security headers", () => {
  it("every page carries a CSP with a fresh nonce and no inline scripts", async () => {
    const first = await fetchSite("/");
    const second = await fetchSite("/");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(nonceOf(csp)).not.toBe(nonceOf(second.headers.get("content-security-policy") ?? ""));
    await first.text();
    await second.text();
  });

  it("sets the other hardening headers and a request id", async () => {
    const response = await fetchSite("/");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("strict-transport-security")).toBeNull();
    await response.text();
  });

  it("adds HSTS in production only", async () => {
    const response = await fetchWithEnv("/", { ENVIRONMENT: "production" });
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    await response.text();
  });

  it("uses Cloudflare's ray id as the request id when there is one", async () => {
    const response = await fetchSite("/", { headers: { "cf-ray": "8abc123def456789-DEN" } });
    expect(response.headers.get("x-request-id")).toBe("8abc123def456789-DEN");
    await response.text();
  });

  it("hardens API answers and the 404 page too", async () => {
    for (const path of ["/api/health", "/no-such-page", "/api/no-such-endpoint"]) {
      const response = await fetchSite(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      await response.text();
    }
  });
});

describe("cross-site form posts", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  it("refuses a form posted from another site (Sec-Fetch-Site)", async () => {
    const response = await fetchSite("/", {
      method: "POST",
      headers: { ...form, "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      body: "name=x",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("another site");
  });

  it("refuses a form whose Origin is another site when Sec-Fetch-Site is absent", async () => {
    const response = await fetchSite("/contact", {
      method: "POST",
      headers: { ...form, origin: "https://evil.example" },
      body: "name=x",
    });
    expect(response.status).toBe(403);
    await response.text();
  });

  it("refuses a sibling subdomain too (same-site is not same-origin)", async () => {
    const response = await fetchSite("/", {
      method: "POST",
      headers: { ...form, "sec-fetch-site": "same-site" },
      body: "name=x",
    });
    expect(response.status).toBe(403);
    await response.text();
  });

  it("lets the site's own form posts through", async () => {
    const response = await fetchSite("/no-such-page", {
      method: "POST",
      headers: { ...form, "sec-fetch-site": "same-origin", origin: "http://localhost" },
      body: "name=x",
    });
    expect(response.status).toBe(404);
    await response.text();
  });

  it("lets a server-to-server JSON post through (a payment provider's webhook)", async () => {
    const response = await fetchSite("/api/no-such-endpoint", {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ id: "evt_1" }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});

describe("GET /api/health", () => {
  it("answers JSON and proves D1 answers with its migrations applied", async () => {
    const response = await fetchSite("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { status: string; database: { status: string; migrationsApplied: number } };
    expect(body.status).toBe("ok");
    expect(body.database.status).toBe("ok");
    expect(body.database.migrationsApplied).toBeGreaterThan(0);
  });
});
