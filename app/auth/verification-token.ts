/**
 * Reads the claims of an e-mail verification token *without* checking its
 * signature: better-auth checks that (auth.api.verifyEmail). We only need the
 * address beforehand, to tell "verified just now" from "this link was already
 * used" (better-auth answers both the same). Never throws; anything that is
 * not a three-part JWT with an `email` claim gives null.
 */
const MAX_TOKEN_LENGTH = 4096;

function base64UrlDecode(part: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part) || part.length % 4 === 1) return null;
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (part.length % 4)) % 4);
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function unverifiedTokenEmail(token: unknown): string | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const json = base64UrlDecode(parts[1]!);
  if (json === null) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return null;
  const email = (claims as { email?: unknown }).email;
  return typeof email === "string" && email.length > 0 && email.length <= 255 ? email.toLowerCase() : null;
}
