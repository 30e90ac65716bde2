import { describe, expect, it } from "vitest";
import { fetchSite } from "./worker";

describe("the worker serves the site", () => {
  it("renders the home page with the shared frame", async () => {
    const response = await fetchSite("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('href="#main"');
    expect(html).toContain('<main id="main"');
  });

  it("answers an unknown path with the 404 page", async () => {
    const response = await fetchSite("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/);
  });
});
