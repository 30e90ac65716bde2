import { describe, expect, it } from "vitest";
import { publicRoutes } from "../../app/content/routes";
import { fetchWithEnv } from "./worker";
import { executableScriptTags } from "./html";

// Issue 12, ADR 007: a page that hydrates requests nothing while it parses;
// its entry module waits, as text, in one nonce-carrying inline script that
// inserts it after the first paint. Early bird, so every form is open.
const EARLY_BIRD = "2025-12-01T12:00:00-07:00";
const formPaths = publicRoutes.filter((route) => route.kind === "form").map((route) => route.path);
const contentPaths = publicRoutes.filter((route) => route.kind === "content").map((route) => route.path);

async function page(path: string) {
  const response = await fetchWithEnv(path, { APP_NOW: EARLY_BIRD });
  return { response, html: await response.text() };
}

/** The module text handed to the activation script (its first argument, a JSON string). */
function deferredModuleText(html: string): string {
  const script = /<script\b[^>]*data-deferred-entry[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const literal = /\}\)\(("(?:[^"\\]|\\.)*"),\s*\d+\)\s*$/.exec(script)?.[1];
  if (!literal) throw new Error("no deferred entry in the page");
  return JSON.parse(literal) as string;
}

describe("form pages hydrate after the first paint", () => {
  it.each(formPaths)("%s has no modulepreload, no module or external script, and one deferred entry", async (path) => {
    const { response, html } = await page(path);
    expect(response.status).toBe(200);
    expect(html).not.toContain("modulepreload");
    const tags = executableScriptTags(html);
    expect(
      tags.filter((tag) => /\ssrc=|type="module"/.test(tag)),
      "scripts that load while the page parses",
    ).toEqual([]);
    expect(tags.filter((tag) => tag.includes("data-deferred-entry"))).toHaveLength(1);

    // The entry is imported only by the deferred module text, never by the page itself.
    const moduleText = deferredModuleText(html);
    const entry = /\bimport\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(moduleText)?.[1];
    expect(entry, "the deferred module imports the entry").toBeTruthy();
    expect(moduleText).toMatch(/^import \* as route0 from "\/assets\/root-[^"]+\.js";$/m);
    const pageWithoutDeferredEntry = html.replace(/<script\b[^>]*data-deferred-entry[^>]*>[\s\S]*?<\/script>/, "");
    expect(pageWithoutDeferredEntry).not.toContain("/assets/entry.client-");
    expect(pageWithoutDeferredEntry).not.toMatch(/\/assets\/[^"]+\.js/);
  });

  it.each(formPaths)(
    "%s: every script carries the response's nonce and the CSP allows no inline script",
    async (path) => {
      const { response, html } = await page(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false);
      for (const tag of executableScriptTags(html)) expect(tag).toContain(`nonce="${nonce}"`);
    },
  );

  it("waits for load, the first contentful paint and an idle moment, or the first interaction", async () => {
    const { html } = await page("/contact");
    const script = /<script\b[^>]*data-deferred-entry[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    for (const fragment of [
      '"load"',
      '"first-contentful-paint"',
      "requestIdleCallback",
      '"focusin"',
      '"pointerdown"',
      '"keydown"',
    ]) {
      expect(script).toContain(fragment);
    }
    // The module script it inserts carries the page's nonce, read from the activation script itself.
    expect(script).toMatch(/document\.currentScript/);
    expect(script).toMatch(/\.nonce = nonce/);
  });

  it("no `</script>` in the deferred module text can close the activation script early", async () => {
    const { html } = await page("/register");
    const script = /<script\b[^>]*data-deferred-entry[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const argument = script.slice(script.lastIndexOf("})("));
    expect(argument).not.toContain("<");
  });
});

describe("content pages", () => {
  it.each(contentPaths)("%s ships no JavaScript at all", async (path) => {
    const { html } = await page(path);
    expect(executableScriptTags(html)).toEqual([]);
    expect(html).not.toContain("modulepreload");
  });
});
