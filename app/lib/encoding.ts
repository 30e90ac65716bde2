/**
 * The two encodings the server's tokens and credentials share (link tokens,
 * next-edition links, API tokens, credential status lists, identity hashes).
 */

/** Bytes as base64url without padding (RFC 4648 §5). */
export function base64url(bytes: Uint8Array): string {
  let binary = "";
  // In chunks: a gzipped status list is too long for one call's arguments.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Hex SHA-256 of a text's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
