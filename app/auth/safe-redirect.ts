/**
 * Where to send a visitor after sign-in or sign-up (`redirectTo`): only a path
 * on this site, never an open redirect. Rejected, falling back to the default:
 * absolute URLs (https://evil, javascript:…), protocol-relative ones (//evil),
 * backslash tricks (/\evil, which browsers read as //evil), control characters
 * and whitespace (browsers drop tabs and newlines: "/\t/evil" is "//evil"),
 * and each of these percent-encoded, once or several times.
 */
export const DEFAULT_AFTER_AUTH = "/register";

const MAX_LENGTH = 2048;
/** Decoding rounds to see through "%252F%252Fevil" and the like; more is refused outright. */
const MAX_DECODES = 3;
const PROBE_ORIGIN = "http://redirect.invalid";

function looksUnsafe(value: string): boolean {
  if (!value.startsWith("/")) return true;
  if (value.startsWith("//")) return true;
  if (value.includes("\\")) return true;
  // Control characters, whitespace and their Unicode look-alikes.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/.test(value);
}

/** The checks above on the value and on each of its percent-decodings. */
function survivesDecoding(value: string): boolean {
  let current = value;
  for (let round = 0; ; round++) {
    if (looksUnsafe(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    if (round === MAX_DECODES) return false;
    current = decoded;
  }
}

export function safeRedirectPath(value: unknown, fallback: string = DEFAULT_AFTER_AUTH): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_LENGTH) return fallback;
  if (!survivesDecoding(value)) return fallback;
  // Last word to the URL parser: the result must stay on our origin.
  try {
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    // Dot segments normalise away ("/.//evil" becomes "//evil"): check the result again.
    const path = `${url.pathname}${url.search}${url.hash}`;
    return survivesDecoding(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** /auth with the return target, when it is not the default. */
export function authPath(redirectTo: string, tab?: "signin"): string {
  const params = new URLSearchParams();
  if (tab) params.set("tab", tab);
  const target = safeRedirectPath(redirectTo);
  if (target !== DEFAULT_AFTER_AUTH) params.set("redirectTo", target);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}
