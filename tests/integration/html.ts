/**
 * Reading the server's HTML in integration tests: one home for the helpers
 * that find, decode and compare fragments of a page.
 */

/**
 * Asserts that an HTML page contains a fragment without printing the whole
 * page on failure (a page is tens of kilobytes).
 */
export function expectHtmlToContain(html: string, ...fragments: string[]): void {
  for (const fragment of fragments) {
    if (!html.includes(fragment)) throw new Error(`expected the page to contain ${JSON.stringify(fragment)}`);
  }
}

export function expectHtmlNotToContain(html: string, ...fragments: string[]): void {
  for (const fragment of fragments) {
    if (html.includes(fragment)) throw new Error(`expected the page not to contain ${JSON.stringify(fragment)}`);
  }
}

/** Like expectHtmlToContain, for copy written with plain apostrophes (React escapes them). */
export function expectHtmlToSay(html: string, ...fragments: string[]): void {
  expectHtmlToContain(html, ...fragments.map((fragment) => fragment.replaceAll("'", "&#x27;")));
}

/** Text as React escapes it in element content and attributes. */
export function escapedAsReact(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: " " };

/** The entities React and our content write, decoded: compare with what the visitor reads. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, name: string) => entities[name] ?? "");
}

/** The visible text of an HTML fragment, tags dropped and whitespace collapsed. */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  ).trim();
}

/** The page's <main> element only, so header and footer links do not count. */
export function mainOf(html: string): string {
  const match = /<main\b[\s\S]*<\/main>/.exec(html);
  if (!match) throw new Error("no <main> element");
  return match[0];
}

export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ""));
}

export function ids(html: string): string[] {
  return [...html.matchAll(/\bid="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ""));
}

/** Opening tags of the scripts that run: JSON and JSON-LD data blocks left out. */
export function executableScriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
}
