/**
 * Per-client limits with the RATE_LIMITER binding (wrangler.toml: 10 a minute
 * per key). Every limited thing the site does (forms, sign-in, company codes,
 * checkout creation, payment verification) names a scope; the key is the
 * scope and the client, so scopes never use up each other's allowance.
 */
import { ipv6PrefixHextets, rateLimitRetryAfterSeconds } from "~/content/limits";

export type LimitScope =
  | "contact"
  | "judge-advisor"
  | "next-edition"
  | "checkout"
  | "company-code"
  | "verify-payment"
  | "auth:sign-in"
  | "auth:sign-up"
  | "auth:two-factor"
  | "account:password"
  | "auth:verify-email"
  | "auth:password-reset"
  | "organization"
  | "portal"
  | "portal:upload"
  | "sponsor"
  | "judging"
  | "organize"
  | "organize:api"
  | "organize:bootstrap"
  | "organize:second-factor"
  | "showcase:vote"
  | "credentials:verify";

/** Expands an IPv6 address to its eight hextets, or null when it is not one. */
function ipv6Hextets(address: string): string[] | null {
  const plain = address
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  if (!plain.includes(":") || !/^[0-9a-f:.]+$/.test(plain)) return null;
  let tail: string[] = [];
  let body = plain;
  // An embedded IPv4 (::ffff:192.0.2.1) stands for the last two hextets.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(body);
  if (v4) {
    const bytes = v4.slice(1).map(Number);
    tail = [((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16)];
    body = body.slice(0, v4.index).replace(/:$/, "") || ":";
    if (body.endsWith(":") && !body.endsWith("::")) body += ":";
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - tail.length - head.length - rest.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest, ...tail];
  if (all.length !== 8 || all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => h.replace(/^0+(?=.)/, ""));
}

/**
 * Who is asking, for counting: the IPv4 address, or an IPv6 client's /64
 * (one host can use any address of its /64, so each address alone would be a
 * fresh allowance). `cf-connecting-ip` is set by Cloudflare on every request
 * (and by wrangler dev locally).
 */
export function clientKey(request: Request): string {
  const ip = request.headers.get("cf-connecting-ip")?.trim() || "unknown";
  const hextets = ipv6Hextets(ip);
  if (!hextets) return ip;
  // An IPv4-mapped address is the IPv4 client it maps.
  if (hextets.slice(0, 5).every((h) => h === "0") && hextets[5] === "ffff") {
    const [a, b] = [parseInt(hextets[6]!, 16), parseInt(hextets[7]!, 16)];
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return `${hextets.slice(0, ipv6PrefixHextets).join(":")}::/64`;
}

/**
 * True while the account is within the scope's allowance, whichever clients
 * it asks from (a stolen session used from many addresses). Every call counts.
 */
export async function accountAllowed(env: Pick<Env, "RATE_LIMITER">, scope: LimitScope, userId: string) {
  const { success } = await env.RATE_LIMITER.limit({ key: [scope, "account", userId].join(":") });
  return success;
}

/** True while the client is within the scope's allowance. Every call counts, allowed or not. */
export async function clientAllowed(
  env: Pick<Env, "RATE_LIMITER">,
  scope: LimitScope,
  request: Request,
  ...extra: string[]
): Promise<boolean> {
  const key = [scope, clientKey(request), ...extra].join(":");
  const { success } = await env.RATE_LIMITER.limit({ key });
  return success;
}

/**
 * The headers of a refusal for being over the allowance: when the binding's
 * window has surely passed. Every 429 of the site says the same (issue 21).
 */
export function retryAfterHeaders(): { "Retry-After": string } {
  return { "Retry-After": String(rateLimitRetryAfterSeconds) };
}
