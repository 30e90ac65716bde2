/**
 * Signed links of the next-edition list (docs/decisions/009-next-edition-list.md):
 * `<payload>.<signature>`, both base64url, the signature an HMAC-SHA-256 of
 * the payload under BETTER_AUTH_SECRET with a purpose prefix, so a token of
 * this list can never pass for anything else the secret signs. The payload
 * names the subscriber and a nonce stored on its row; the row's nonce is what
 * makes a link single-use (cleared or replaced once used).
 */

import { base64url } from "~/lib/encoding";

export type TokenPurpose = "confirm" | "unsubscribe";

export interface TokenClaims {
  purpose: TokenPurpose;
  subscriberId: string;
  nonce: string;
  /** Milliseconds since the epoch; unsubscribe links do not expire (RFC 8058 asks for lasting links). */
  expiresAt?: number;
}

/** Signs locally when no secret is set; production requires BETTER_AUTH_SECRET (app/lib/config.server.ts). */
const DEVELOPMENT_SECRET = "development-only-next-edition-secret-not-for-production";
const PREFIX = "next-edition-link:v1:";

function secretOf(env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">): string {
  const secret = env.BETTER_AUTH_SECRET;
  if (secret) return secret;
  if (env.ENVIRONMENT === "production") throw new Error("BETTER_AUTH_SECRET is required in production");
  return DEVELOPMENT_SECRET;
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

async function key(env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secretOf(env)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export function newNonce(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

export async function signToken(
  env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  claims: TokenClaims,
): Promise<string> {
  const body = base64url(
    new TextEncoder().encode(
      JSON.stringify({ p: claims.purpose, s: claims.subscriberId, n: claims.nonce, e: claims.expiresAt }),
    ),
  );
  const signature = await crypto.subtle.sign("HMAC", await key(env), new TextEncoder().encode(PREFIX + body));
  return `${body}.${base64url(new Uint8Array(signature))}`;
}

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: "malformed" | "signature" | "expired" };

/** Checks the signature (in constant time, by WebCrypto), the purpose and the expiry; not the row. */
export async function verifyToken(
  env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  token: unknown,
  purpose: TokenPurpose,
  now: Date,
): Promise<VerifyResult> {
  if (typeof token !== "string" || token.length > 512) return { ok: false, reason: "malformed" };
  const [body, signatureText, extra] = token.split(".");
  if (!body || !signatureText || extra !== undefined) return { ok: false, reason: "malformed" };
  const signature = fromBase64url(signatureText);
  if (!signature) return { ok: false, reason: "malformed" };
  const valid = await crypto.subtle.verify("HMAC", await key(env), signature, new TextEncoder().encode(PREFIX + body));
  if (!valid) return { ok: false, reason: "signature" };
  const bytes = fromBase64url(body);
  if (!bytes) return { ok: false, reason: "malformed" };
  let raw: { p?: unknown; s?: unknown; n?: unknown; e?: unknown };
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes)) as typeof raw;
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (raw.p !== purpose || typeof raw.s !== "string" || typeof raw.n !== "string") {
    return { ok: false, reason: "malformed" };
  }
  if (raw.e !== undefined && (typeof raw.e !== "number" || raw.e < now.getTime()))
    return { ok: false, reason: "expired" };
  return {
    ok: true,
    claims: { purpose, subscriberId: raw.s, nonce: raw.n, expiresAt: typeof raw.e === "number" ? raw.e : undefined },
  };
}
