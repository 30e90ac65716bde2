import { describe, expect, it } from "vitest";
import { PRIVATE_NO_STORE, PUBLIC_HTML_CACHE } from "../../workers/cache";
import { fetchSite } from "./worker";

async function cacheControlOf(path: string, init?: RequestInit): Promise<string | null> {
  const response = await fetchSite(path, init);
  await response.arrayBuffer();
  return response.headers.get("cache-control");
}

describe("Cache-Control by kind of response", () => {
  it("lets the edge cache an anonymous content page", async () => {
    expect(await cacheControlOf("/")).toBe(PUBLIC_HTML_CACHE);
  });

  it("keeps a page requested with cookies (a session or a flash message) private", async () => {
    expect(await cacheControlOf("/", { headers: { cookie: "session=abc" } })).toBe(PRIVATE_NO_STORE);
  });

  it("keeps form results private", async () => {
    const cacheControl = await cacheControlOf("/no-such-page", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: "a=1",
    });
    expect(cacheControl).toBe(PRIVATE_NO_STORE);
  });

  it("never caches an error page in a shared cache", async () => {
    expect(await cacheControlOf("/no-such-page")).toBe(PRIVATE_NO_STORE);
  });

  it("varies cached HTML on cookies", async () => {
    const response = await fetchSite("/");
    await response.arrayBuffer();
    expect(response.headers.get("vary")).toMatch(/cookie/i);
  });
});
