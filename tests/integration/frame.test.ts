import { describe, expect, it } from "vitest";
import { footerLinks, headerGroups } from "~/content/navigation";
import { developmentSiteContact, mailtoHref, telHref } from "~/content/site";
import { fetchSite, fetchWithEnv } from "./worker";
import { decodeEntities, expectHtmlToContain, textOf } from "./html";

/** The one element `<tag …label…>…</tag>` of a page (none of these nest in themselves). */
function element(html: string, tag: string, label: string): string {
  const match = new RegExp(`<${tag}\\b[^>]*${label}[^>]*>[\\s\\S]*?</${tag}>`).exec(html);
  if (!match) throw new Error(`no <${tag}> with ${label}`);
  return match[0];
}

/** Every link of a fragment, in document order, as a visitor reads it. */
function links(html: string): { href: string; label: string }[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    href: decodeEntities(m[1] ?? ""),
    label: textOf(m[2] ?? ""),
  }));
}

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
    expect([...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1] ?? ""))).toEqual([
      "Oops! Page not found",
    ]);
    expect(/<a[^>]+href="\/"[^>]*>Return to Home<\/a>/.test(html)).toBe(true);
  });
});

/** The home page on a day of early-bird enrollment, when the header's action is Register Now. */
async function homeDuringEnrollment(): Promise<string> {
  return (await fetchWithEnv("/", { APP_NOW: "2025-12-01T12:00:00-07:00" })).text();
}

// The link sets of the shared frame (formerly checked link by link in tests/e2e/frame.spec.ts, which
// keeps what needs a browser: menus opening and closing, the skip link's focus).
describe("the shared frame's links", () => {
  it("the header offers every group with exactly its links, then Contact Us, Sign In and Register Now", async () => {
    const html = await homeDuringEnrollment();
    const main = element(html, "nav", 'aria-label="Main"');
    const groups = [...main.matchAll(/<details\b[^>]*>[\s\S]*?<\/details>/g)].map((m) => m[0]);
    expect(groups).toHaveLength(headerGroups.length);
    for (const [index, group] of headerGroups.entries()) {
      const details = groups[index]!;
      expect(textOf(/<summary\b[^>]*>([\s\S]*?)<\/summary>/.exec(details)?.[1] ?? "")).toBe(group.label);
      expect(links(details)).toEqual(group.links.map(({ href, label }) => ({ href, label })));
    }
    const outsideGroups = links(groups.reduce((rest, group) => rest.replace(group, ""), main));
    expect(outsideGroups).toEqual([
      { href: "/", label: "Home" },
      { href: "/contact", label: "Contact Us" },
      { href: "/auth", label: "Sign In" },
      { href: "/register", label: "Register Now" },
    ]);
  });

  it("the phone menu holds the same links", async () => {
    const html = await homeDuringEnrollment();
    const menu = element(html, "nav", 'aria-label="Mobile"');
    expect(links(menu)).toEqual([
      { href: "/", label: "Home" },
      ...headerGroups.flatMap((group) => group.links.map(({ href, label }) => ({ href, label }))),
      { href: "/contact", label: "Contact Us" },
      { href: "/auth", label: "Sign In" },
      { href: "/register", label: "Register Now" },
    ]);
  });

  it("the footer has its ten links (SPEC.md's nine and /impact, issue 55) and the contact details", async () => {
    const html = await homeDuringEnrollment();
    const footer = element(html, "footer", "");
    expect(links(element(footer, "nav", 'aria-label="Footer"'))).toEqual(
      footerLinks.map(({ href, label }) => ({ href, label })),
    );
    expect(footerLinks).toHaveLength(10);
    // The test worker runs on wrangler.toml's development [vars].
    const contact = developmentSiteContact;
    expect(links(element(footer, "address", ""))).toEqual([
      { href: mailtoHref(contact.email), label: contact.email },
      { href: telHref(contact.phone), label: contact.phone },
    ]);
    const text = textOf(footer);
    for (const fact of [contact.organizerLegalName, "Rexburg, Idaho", "© 2025", "public benefit corporation"]) {
      expect(text, fact).toContain(fact);
    }
  });
});
