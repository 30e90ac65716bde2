/**
 * The issuer's signing keys (issue 26, ADR 016).
 *
 * The current key is the secret CREDENTIAL_SIGNING_KEY, `<key id>:<64 hex
 * characters>` (its 32-byte Ed25519 seed); its public half is published at
 * /credentials/issuer/keys/<key id> and listed in the issuer profile.
 *
 * Rotation (docs/admin.md): add the old key's id and public key below, then
 * set the new secret with a new key id. Every key listed here stays
 * published, so credentials signed with it keep verifying; nothing signed is
 * ever re-signed.
 */

/** Development and tests only: a committed, public key. Production refuses it (app/lib/config.server.ts). */
export const DEVELOPMENT_SIGNING_KEY = "development-1:f7dfa369b35031ba96ae0fad8f90400083f75aabd47f09e83dc83afaac3331ac";

const SIGNING_KEY_SETTING = /^([A-Za-z0-9][A-Za-z0-9.-]{0,39}):([0-9a-fA-F]{64})$/;

/**
 * CREDENTIAL_SIGNING_KEY is `<key id>:<64 hex characters>`: a short name for
 * the key (letters, digits, dots, dashes) and its 32-byte Ed25519 seed, e.g.
 * `2026-1:` followed by `openssl rand -hex 32` (docs/admin.md, key rotation).
 * The seed comes back lower-cased: the same key however it was typed.
 */
export function parseSigningKeySetting(value: string | undefined): { keyId: string; seedHex: string } | null {
  const match = SIGNING_KEY_SETTING.exec(value?.trim() ?? "");
  if (!match) return null;
  return { keyId: match[1]!, seedHex: match[2]!.toLowerCase() };
}

/**
 * Whether a setting carries the committed development seed, under any key id
 * and in any letter case (issue 31): what makes a key is its seed, and this
 * one is public, so anyone could sign "our" credentials with it.
 */
export function usesDevelopmentSeed(value: string | undefined): boolean {
  const setting = parseSigningKeySetting(value);
  return setting !== null && setting.seedHex === parseSigningKeySetting(DEVELOPMENT_SIGNING_KEY)!.seedHex;
}

/** Why production refuses a CREDENTIAL_SIGNING_KEY value, or null when it may sign. */
export function signingKeyRefusal(value: string | undefined): "missing" | "malformed" | "development-seed" | null {
  if (!value?.trim()) return "missing";
  if (!parseSigningKeySetting(value)) return "malformed";
  return usesDevelopmentSeed(value) ? "development-seed" : null;
}

export interface RetiredKey {
  readonly keyId: string;
  /** The Multikey `publicKeyMultibase` (z6Mk…), as /credentials/issuer/keys/<key id> published it. */
  readonly publicKeyMultibase: string;
  /** The day it stopped signing, for the record. */
  readonly retiredOn: string;
}

/** Keys no longer used for signing whose credentials must keep verifying. Never remove one. */
export const retiredSigningKeys: readonly RetiredKey[] = [];

/** The public paths of the issuer profile and its keys. */
export const ISSUER_PATH = "/credentials/issuer";
export const keyPath = (keyId: string) => `${ISSUER_PATH}/keys/${encodeURIComponent(keyId)}`;
export const statusListPath = (list: number) => `/credentials/status/${list}`;
