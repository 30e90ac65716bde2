// What a first visit to a page downloads: the HTML, then every script and
// stylesheet it references (modulepreload links included), raw and gzipped
// as the edge would send them. Shared by `npm run bench` and the budget test.
import { gzipSync } from "node:zlib";

/** @param {Uint8Array | string} body */
export function gzipSize(body) {
  return gzipSync(typeof body === "string" ? Buffer.from(body) : body, { level: 6 }).length;
}

/**
 * @param {string} html
 * @returns {{ scripts: string[], styles: string[], inlineScripts: string[] }}
 */
export function referencedAssets(html) {
  const scripts = new Set();
  const styles = new Set();
  const inlineScripts = [];
  for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
    const open = tag.slice(0, tag.indexOf(">") + 1);
    if (/type="application\/(ld\+)?json"/.test(open)) continue;
    const src = /\ssrc="([^"]+)"/.exec(open)?.[1];
    if (src) scripts.add(src);
    else inlineScripts.push(tag.slice(open.length, -"</script>".length));
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/rel="modulepreload"/.test(tag)) scripts.add(href);
    else if (/rel="stylesheet"/.test(tag)) styles.add(href);
  }
  return { scripts: [...scripts], styles: [...styles], inlineScripts };
}

/**
 * @param {string} baseUrl e.g. http://127.0.0.1:8796
 * @param {string} path
 */
export async function pageWeight(baseUrl, path) {
  const response = await fetch(new URL(path, baseUrl));
  const html = await response.text();
  const { scripts, styles, inlineScripts } = referencedAssets(html);
  /** @param {string[]} urls */
  const sum = async (urls) => {
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const body = new Uint8Array(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
      raw += body.length;
      gzip += gzipSize(body);
    }
    return { raw, gzip, files: urls.length };
  };
  const js = await sum(scripts);
  for (const inline of inlineScripts) {
    js.raw += Buffer.byteLength(inline);
    js.gzip += gzipSize(inline);
  }
  return {
    path,
    status: response.status,
    html: { raw: Buffer.byteLength(html), gzip: gzipSize(html) },
    js: { ...js, inline: inlineScripts.length },
    css: await sum(styles),
    cacheControl: response.headers.get("cache-control"),
  };
}
