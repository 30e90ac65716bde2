/**
 * Single-use links sent by e-mail (a co-administrator's invitation, a team
 * invitation): 256 random bits in the URL, only their SHA-256 stored, so a
 * copy of the database cannot accept anything.
 */

import { base64url, sha256Hex } from "./encoding";

/** A new link token: 43 base64url characters. */
export function newLinkToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Hex SHA-256 of a token: what the table stores and looks up. */
export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

/** Anything but 43 base64url characters is not worth a query. */
export function isLinkToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
