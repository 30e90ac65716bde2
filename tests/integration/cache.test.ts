import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { unsubscribeUrl } from "~/next-edition/links.server";
import { PRIVATE_NO_STORE, PUBLIC_HTML_CACHE, withCachePolicy } from "../../workers/cache";
import { createSubscriber } from "./factories";
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
    // Every form of the site answers a POST with a redirect, an error status,
    // a cookie or a policy of its own, so no route can show the method check
    // alone: the policy itself is asked about a 200 page answering a POST to
    // a real form route, with no cookie either way.
    const post = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Ada",
    });
    const page = new Response("<!doctype html><p>Sent</p>", {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
    expect(withCachePolicy(post, page).headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
  });

  it("never lets the edge store the list's unsubscribe result", async () => {
    const subscriber = { id: crypto.randomUUID(), unsubscribeNonce: crypto.randomUUID() };
    await createSubscriber({ ...subscriber, email: `cache-${subscriber.id}@example.com`, status: "confirmed" });
    const link = new URL(await unsubscribeUrl(env, "http://localhost", subscriber));
    const response = await fetchSite(link.pathname, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ token: link.searchParams.get("token")! }),
    });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(response.headers.has("set-cookie")).toBe(false);
    expect(response.headers.get("cache-control")).toBe("no-store");
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
