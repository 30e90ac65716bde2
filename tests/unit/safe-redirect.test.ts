import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { authPath, DEFAULT_AFTER_AUTH, safeRedirectPath } from "~/auth/safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirectPath("/judge-advisor-register")).toBe("/judge-advisor-register");
    expect(safeRedirectPath("/register?tab=workforce")).toBe("/register?tab=workforce");
    expect(safeRedirectPath("/sponsors#tiers")).toBe("/sponsors#tiers");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("falls back to /register when nothing usable is given", () => {
    expect(DEFAULT_AFTER_AUTH).toBe("/register");
    for (const value of [undefined, null, "", 42, ["/contact"], "contact", "x".repeat(3000)]) {
      expect(safeRedirectPath(value)).toBe("/register");
    }
    expect(safeRedirectPath(undefined, "/contact")).toBe("/contact");
  });

  // Each of these would leave the site in some browser if used as a Location.
  const tricks = [
    "https://evil.example/",
    "http://evil.example",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example",
    "//evil.example/register",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    " //evil.example",
    "/ /evil.example",
    "/%2Fevil.example",
    "/%2fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%2525252F%2525252Fevil.example",
    "/%E0%A4%A", // malformed escape
    "/.//evil.example", // dot segments normalise to //evil.example
    "/./%2F/evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/\u3000/evil.example",
    "/\u200b/evil.example",
    "https:evil.example",
    "evil.example",
    "@evil.example",
  ];

  it.each(tricks)("refuses %j", (trick) => {
    expect(safeRedirectPath(trick)).toBe("/register");
  });

  it("never returns anything but a same-origin path (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
          fc.string().map((s) => `/${s}`),
        ),
        (value) => {
          const result = safeRedirectPath(value);
          expect(result.startsWith("/")).toBe(true);
          expect(result.startsWith("//")).toBe(false);
          expect(result).not.toContain("\\");
          expect(new URL(result, "https://site.example").origin).toBe("https://site.example");
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("authPath", () => {
  it("names the return target unless it is the default", () => {
    expect(authPath("/register")).toBe("/auth");
    expect(authPath("/judge-advisor-register")).toBe("/auth?redirectTo=%2Fjudge-advisor-register");
    expect(authPath("/judge-advisor-register", "signin")).toBe("/auth?tab=signin&redirectTo=%2Fjudge-advisor-register");
    expect(authPath("//evil.example")).toBe("/auth");
  });
});
