/**
 * Single-use links sent by e-mail (a co-administrator's invitation, a team
 * invitation): 256 random bits in the URL, only their SHA-256 stored, so a
 * copy of the database cannot accept anything.
 */

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A new link token: 43 base64url characters. */
export function newLinkToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Hex SHA-256 of a token: what the table stores and looks up. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Anything but 43 base64url characters is not worth a query. */
export function isLinkToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
