/**
 * A sponsor's logo, checked by its content (issue 54): the bytes tell what
 * it is, never its name or the browser's type. PNG and WebP are read far
 * enough to know their size in pixels. SVG is text a browser would run as a
 * document if it could: it is parsed into tags, refused with a clear reason
 * when it holds a script, an event handler, a reference to anything outside
 * the file or embedded content, and otherwise written again from what was
 * parsed, keeping only plain shapes, text, gradients and the like (metadata
 * and editors' own tags dropped). What is stored is that rewriting, never
 * the upload. Served as an image with nosniff and a CSP that forbids
 * everything (app/routes/sponsor-logos.$file.ts), and shown with <img>,
 * which runs nothing.
 */
import { sponsorLogoRules, type SponsorLogoFailure } from "~/content/sponsor-presence";

export type LogoKind = "png" | "webp" | "svg";

export const logoContentTypes = {
  png: "image/png",
  webp: "image/webp",
  svg: "image/svg+xml",
} as const satisfies Record<LogoKind, string>;

export interface CheckedLogo {
  kind: LogoKind;
  contentType: string;
  /** What to store: the upload as is for PNG and WebP, the rewritten SVG. */
  bytes: Uint8Array;
  /** Pixels for PNG and WebP, the viewBox's units for SVG: only their ratio matters on the page. */
  width: number;
  height: number;
}

export type LogoCheck = { ok: true; logo: CheckedLogo } | { ok: false; failure: SponsorLogoFailure };

const refuse = (failure: SponsorLogoFailure): LogoCheck => ({ ok: false, failure });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.byteLength >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The logo checked, or why it is refused. */
export function checkLogo(bytes: Uint8Array): LogoCheck {
  if (bytes.byteLength === 0) return refuse("missing");
  if (bytes.byteLength > sponsorLogoRules.rasterMaxBytes) return refuse("too-large");
  const raster = rasterSize(bytes);
  if (raster) {
    const { kind, width, height } = raster;
    if (!pixelsWithin(width) || !pixelsWithin(height)) return refuse("dimensions");
    return { ok: true, logo: { kind, contentType: logoContentTypes[kind], bytes, width, height } };
  }
  if (!looksLikeSvg(bytes)) return refuse("wrong-type");
  if (bytes.byteLength > sponsorLogoRules.svgMaxBytes) return refuse("svg-too-large");
  const svg = sanitizeSvg(bytes);
  if (!svg.ok) return svg;
  return {
    ok: true,
    logo: {
      kind: "svg",
      contentType: logoContentTypes.svg,
      bytes: new TextEncoder().encode(svg.text),
      width: svg.width,
      height: svg.height,
    },
  };
}

function pixelsWithin(value: number): boolean {
  return Number.isInteger(value) && value >= sponsorLogoRules.minPixels && value <= sponsorLogoRules.maxPixels;
}

/** A PNG's or WebP's kind and size from its header, or null when it is neither. */
export function rasterSize(bytes: Uint8Array): { kind: "png" | "webp"; width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: the signature, then the IHDR chunk (length, type, width, height, big-endian).
  if (startsWith(bytes, PNG_SIGNATURE)) {
    if (bytes.byteLength < 24 || !startsWith(bytes, ascii("IHDR"), 12)) return null;
    return { kind: "png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  // WebP: a RIFF container of WEBP, whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended).
  if (!startsWith(bytes, ascii("RIFF")) || !startsWith(bytes, ascii("WEBP"), 8) || bytes.byteLength < 30) return null;
  if (startsWith(bytes, ascii("VP8 "), 12)) {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return { kind: "webp", width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (startsWith(bytes, ascii("VP8L"), 12)) {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { kind: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(bytes, ascii("VP8X"), 12)) {
    const uint24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
    return { kind: "webp", width: uint24(24) + 1, height: uint24(27) + 1 };
  }
  return null;
}

/** Text that opens as an SVG document would: an XML declaration, a comment, a doctype or the svg element. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, "");
  return /^\s*(<\?xml[\s?]|<!--|<!doctype\s+svg|<svg[\s>/])/i.test(head);
}

/** Elements kept as they are: shapes, text, grouping, gradients, clipping and masks. */
const KEPT_ELEMENTS = new Set([
  "svg",
  "g",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "title",
  "desc",
  "defs",
  "linearGradient",
  "radialGradient",
  "stop",
  "clipPath",
  "mask",
  "pattern",
  "symbol",
  "use",
]);

/** Dropped with everything inside them: the editors' notes about the file, never drawn. */
const DROPPED_ELEMENTS = new Set(["metadata"]);

/** Refused, each with its own reason. */
const SCRIPT_ELEMENTS = new Set(["script", "handler", "listener"]);
const FOREIGN_ELEMENTS = new Set(["foreignObject", "iframe", "embed", "object"]);
const EXTERNAL_ELEMENTS = new Set(["image", "feImage", "font-face-uri", "link"]);

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";

const NAME = /^[A-Za-z_][\w.:-]*$/;
const TAG = /^<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g;

type Sanitized = { ok: true; text: string; width: number; height: number } | { ok: false; failure: SponsorLogoFailure };

/**
 * The SVG written again from its parsed tags, or why it is refused. Only
 * well-formed, entity-free XML is read: a doctype with declarations, CDATA
 * or processing instructions beyond the XML declaration are refused; a
 * plain doctype and comments are dropped.
 */
export function sanitizeSvg(bytes: Uint8Array): Sanitized {
  let source: string;
  try {
    source = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return { ok: false, failure: "svg-malformed" };
  }
  const malformed: Sanitized = { ok: false, failure: "svg-malformed" };
  const out: string[] = [];
  const open: { name: string; kept: boolean }[] = [];
  let dropping = 0;
  let root: Record<string, string> | null = null;
  let rootClosed = false;
  let at = 0;
  while (at < source.length) {
    const lt = source.indexOf("<", at);
    const text = source.slice(at, lt === -1 ? source.length : lt);
    if (text.length > 0) {
      if (text.replace(ENTITY, "").includes("&")) return malformed;
      if (open.length === 0) {
        if (text.trim() !== "") return malformed;
      } else if (dropping === 0) out.push(text);
    }
    if (lt === -1) break;
    const rest = source.slice(lt);
    if (rest.startsWith("<!--")) {
      const end = source.indexOf("-->", lt + 4);
      if (end === -1) return malformed;
      at = end + 3;
      continue;
    }
    if (rest.startsWith("<?")) {
      const end = source.indexOf("?>", lt + 2);
      // The XML declaration alone, before anything else.
      if (end === -1 || lt !== source.search(/\S/) || !/^<\?xml\s/.test(rest)) return malformed;
      at = end + 2;
      continue;
    }
    if (/^<!doctype/i.test(rest)) {
      const end = source.indexOf(">", lt);
      // Declarations in a doctype ("[<!ENTITY …]") define what the file expands to: never read.
      if (end === -1 || source.slice(lt, end).includes("[") || root !== null) return malformed;
      at = end + 1;
      continue;
    }
    if (rest.startsWith("<![CDATA[") || rest.startsWith("<!")) return { ok: false, failure: "svg-element" };
    const tag = TAG.exec(rest);
    if (!tag) return malformed;
    at = lt + tag[0].length;
    const [, closing, name = "", attributeText = "", selfClosing] = tag;
    if (closing) {
      const top = open.pop();
      if (!top || top.name !== name || selfClosing) return malformed;
      if (!top.kept) dropping -= 1;
      else if (dropping === 0) out.push(`</${name}>`);
      if (open.length === 0) rootClosed = true;
      continue;
    }
    if (rootClosed) return malformed;
    const local = name.includes(":") ? name.slice(name.indexOf(":") + 1) : name;
    if (SCRIPT_ELEMENTS.has(local)) return { ok: false, failure: "svg-script" };
    if (FOREIGN_ELEMENTS.has(local)) return { ok: false, failure: "svg-foreign-object" };
    if (EXTERNAL_ELEMENTS.has(local)) return { ok: false, failure: "svg-external" };
    const attributes: Record<string, string> = {};
    for (const [, attribute = "", double, single] of attributeText.matchAll(ATTRIBUTE)) {
      const value = double ?? single ?? "";
      const refusal = attributeRefusal(attribute, value);
      if (refusal) return { ok: false, failure: refusal };
      if (value.replace(ENTITY, "").includes("&")) return malformed;
      if (keptAttribute(attribute, value)) attributes[attribute] = value;
    }
    if (open.length === 0) {
      if (root !== null || name !== "svg") return malformed;
      root = attributes;
    }
    // Editors' own elements (sodipodi:namedview, inkscape:…) and metadata are dropped with what they hold.
    const kept = dropping === 0 && !name.includes(":") && !DROPPED_ELEMENTS.has(name);
    if (kept && !KEPT_ELEMENTS.has(name)) return { ok: false, failure: "svg-element" };
    if (kept) out.push(serializeTag(name, attributes, open.length === 0, Boolean(selfClosing)));
    if (!selfClosing) {
      open.push({ name, kept });
      if (!kept) dropping += 1;
    } else if (open.length === 0) rootClosed = true;
  }
  if (root === null || open.length > 0) return malformed;
  const size = svgSize(root);
  if (!size) return { ok: false, failure: "svg-no-size" };
  return { ok: true, text: out.join(""), ...size };
}

/** Why an attribute makes the file unacceptable, or null. */
function attributeRefusal(name: string, value: string): SponsorLogoFailure | null {
  const local = name.includes(":") ? name.slice(name.indexOf(":") + 1) : name;
  if (/^on/i.test(local)) return "svg-event-handler";
  const decoded = decodeEntities(value);
  if (name.startsWith("xmlns")) return null;
  if (local === "href" || local === "src") return /^#[\w.:-]+$/.test(decoded) ? null : "svg-external";
  // url(…) anywhere (fill, clip-path, style) must point inside the file.
  for (const [, target = ""] of decoded.matchAll(/url\(\s*['"]?([^'")]*)/gi)) {
    if (!/^#[\w.:-]+$/.test(target.trim())) return "svg-external";
  }
  if (/javascript:|data:|@import|expression\s*\(/i.test(decoded)) return "svg-external";
  return null;
}

/** Namespace declarations beyond SVG's and XLink's, and editors' attributes, are dropped. */
function keptAttribute(name: string, value: string): boolean {
  if (name === "xmlns") return value === SVG_NS;
  if (name.startsWith("xmlns:")) return name === "xmlns:xlink" && value === XLINK_NS;
  if (name.includes(":")) return name.startsWith("xlink:") || name.startsWith("xml:");
  return NAME.test(name);
}

function serializeTag(name: string, attributes: Record<string, string>, isRoot: boolean, selfClosing: boolean): string {
  const all = isRoot ? { xmlns: SVG_NS, ...attributes } : attributes;
  const text = Object.entries(all)
    .map(([attribute, value]) => ` ${attribute}="${value.replace(/"/g, "&quot;").replace(/</g, "&lt;")}"`)
    .join("");
  return `<${name}${text}${selfClosing ? "/>" : ">"}`;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The drawing's proportions: its viewBox, else a plain width and height (px or no unit). */
function svgSize(root: Record<string, string>): { width: number; height: number } | null {
  const within = (n: number) => Number.isFinite(n) && n > 0 && n <= sponsorLogoRules.svgMaxUnits;
  const box = root.viewBox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && within(box[2]!) && within(box[3]!)) return { width: box[2]!, height: box[3]! };
  const length = (value: string | undefined) => {
    const match = value?.trim().match(/^(\d+(?:\.\d+)?)(px)?$/);
    return match ? Number(match[1]) : Number.NaN;
  };
  const width = length(root.width);
  const height = length(root.height);
  return within(width) && within(height) ? { width, height } : null;
}

/** The logo's R2 key and public file name: its SHA-256, so one address always means one file. */
export async function logoFileName(logo: CheckedLogo): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(logo.bytes)));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex}.${logo.kind}`;
}

export const LOGO_KEY_PREFIX = "sponsor-logos/";

/** A public file name as the routes accept it: a SHA-256 in hex and a logo's extension. */
export const LOGO_FILE_NAME = /^[0-9a-f]{64}\.(png|webp|svg)$/;

/** Where recognized organizations' logos are kept (issue 54): checked and served as sponsors' are, listed apart. */
export const ORGANIZATION_LOGO_KEY_PREFIX = "organization-logos/";

/**
 * Stores the checked logo in the site's bucket beside the portal's files,
 * under its content's name: sponsors' by default, or an organization's
 * listing's under its own prefix.
 */
export async function storeLogo(
  bucket: R2Bucket,
  logo: CheckedLogo,
  prefix: typeof LOGO_KEY_PREFIX | typeof ORGANIZATION_LOGO_KEY_PREFIX = LOGO_KEY_PREFIX,
): Promise<string> {
  const key = prefix + (await logoFileName(logo));
  await bucket.put(key, logo.bytes, { httpMetadata: { contentType: logo.contentType } });
  return key;
}
