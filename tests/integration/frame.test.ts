import { describe, expect, it } from "vitest";
import { fetchSite } from "./worker";
import { expectHtmlToContain } from "./html";

describe("the worker serves the site", () => {
  it("renders the home page with the shared frame", async () => {
    const response = await fetchSite("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expectHtmlToContain(html, '<html lang="en">', 'href="#main"', '<main id="main"');
  });

  it("answers an unknown path with the 404 page", async () => {
    const response = await fetchSite("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expectHtmlToContain(html, "Oops! Page not found");
    expect(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/.test(html)).toBe(true);
  });
});
