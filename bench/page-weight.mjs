// What a first visit to a page downloads: the HTML, every script and
// stylesheet it references (modulepreload links included), raw and gzipped
// as the edge would send them, and, for pages that hydrate after the first
// paint (ADR 007), the JavaScript their deferred entry loads later. Shared by
// `npm run bench` and the budget test.
import { gzipSync } from "node:zlib";

/** @param {Uint8Array | string} body */
export function gzipSize(body) {
  return gzipSync(typeof body === "string" ? Buffer.from(body) : body, { level: 6 }).length;
}

/**
 * `fetch`, tried again up to twice when the connection fails: `wrangler dev`
 * on a busy machine now and then drops one (HTTP errors are answers, not retried).
 * @param {string | URL} url
 */
async function fetchRetrying(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/**
 * What the HTML makes the browser fetch or run while it parses the page,
 * before the first paint: external and module scripts, modulepreloads,
 * stylesheets, executable inline scripts (JSON data blocks excluded); and the
 * module text of the deferred entry, which runs only later.
 *
 * @param {string} html
 * @returns {{ scripts: string[], styles: string[], inlineScripts: string[], moduleScripts: number, deferredEntry: string | null }}
 */
export function referencedAssets(html) {
  const scripts = new Set();
  const styles = new Set();
  const inlineScripts = [];
  let moduleScripts = 0;
  let deferredEntry = null;
  for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    const open = tag.slice(0, tag.indexOf(">") + 1);
    if (/type="application\/(ld\+)?json"/.test(open)) continue;
    if (/type="module"/.test(open)) moduleScripts += 1;
    const src = /\ssrc="([^"]+)"/.exec(open)?.[1];
    if (src) {
      scripts.add(src);
      continue;
    }
    const body = tag.slice(open.length, -"</script>".length);
    inlineScripts.push(body);
    if (/\sdata-deferred-entry=/.test(open)) deferredEntry = deferredModuleSource(body);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/rel="modulepreload"/.test(tag)) scripts.add(href);
    else if (/rel="stylesheet"/.test(tag)) styles.add(href);
  }
  return { scripts: [...scripts], styles: [...styles], inlineScripts, moduleScripts, deferredEntry };
}

/**
 * The module text the activation script inserts (app/components/deferred-scripts.tsx
 * passes it as a JSON string, the first argument of its call).
 * @param {string} script
 */
export function deferredModuleSource(script) {
  const literal = /\}\)\(("(?:[^"\\]|\\.)*"),\s*\d+\)\s*;?\s*$/.exec(script)?.[1];
  return literal ? JSON.parse(literal) : null;
}

/** Static imports of a module (`import … from "x"`, `import "x"`, `export … from "x"`); dynamic `import()` is lazy and left out. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$\s{},*]*?\s*from\s*)?["']([^"']+\.js)["']/g;
/** What the module text loads when it runs: its static imports and the entry it imports dynamically. */
const ENTRY_IMPORTS =
  /\bimport\s*(?:[\w$\s{},*]*?\s*from\s*)?["']([^"']+\.js)["']|\bimport\(\s*["']([^"']+\.js)["']\s*\)/g;

/**
 * Every chunk a module text loads: what it imports, and their static imports
 * in turn (what the modulepreload links used to list).
 * @param {string} baseUrl @param {string} source
 * @returns {Promise<Map<string, Uint8Array>>}
 */
async function moduleGraph(baseUrl, source) {
  /** @type {Map<string, Uint8Array>} */
  const seen = new Map();
  const queue = [...source.matchAll(ENTRY_IMPORTS)].map((m) => new URL(m[1] ?? m[2], baseUrl).href);
  while (queue.length > 0) {
    const url = /** @type {string} */ (queue.shift());
    if (seen.has(url)) continue;
    const body = new Uint8Array(await (await fetchRetrying(url)).arrayBuffer());
    seen.set(url, body);
    const text = Buffer.from(body).toString("utf8");
    for (const m of text.matchAll(STATIC_IMPORT)) queue.push(new URL(m[1], url).href);
  }
  return seen;
}

/**
 * @param {string} baseUrl e.g. http://127.0.0.1:8796
 * @param {string} path
 */
export async function pageWeight(baseUrl, path) {
  const response = await fetchRetrying(new URL(path, baseUrl));
  const html = await response.text();
  const { scripts, styles, inlineScripts, moduleScripts, deferredEntry } = referencedAssets(html);
  /** @param {string[]} urls */
  const sum = async (urls) => {
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const body = new Uint8Array(await (await fetchRetrying(new URL(url, baseUrl))).arrayBuffer());
      raw += body.length;
      gzip += gzipSize(body);
    }
    return { raw, gzip, files: urls.length };
  };
  // Requested while the page parses, before its first paint.
  const js = { ...(await sum(scripts)), moduleScripts };
  const inline = { raw: 0, gzip: 0, count: inlineScripts.length };
  for (const body of inlineScripts) {
    inline.raw += Buffer.byteLength(body);
    inline.gzip += gzipSize(body);
  }
  // Requested by the deferred entry, after the paint.
  const deferred = { raw: 0, gzip: 0, files: 0 };
  if (deferredEntry !== null) {
    for (const body of (await moduleGraph(new URL(path, baseUrl).href, deferredEntry)).values()) {
      deferred.raw += body.length;
      deferred.gzip += gzipSize(body);
      deferred.files += 1;
    }
  }
  return {
    path,
    status: response.status,
    html: { raw: Buffer.byteLength(html), gzip: gzipSize(html) },
    js,
    inline,
    deferred,
    /** Everything a hydrating page runs, inline scripts included: the form-page budget. */
    totalJsGzip: js.gzip + inline.gzip + deferred.gzip,
    css: await sum(styles),
    cacheControl: response.headers.get("cache-control"),
  };
}
