/**
 * Password hashing with native scrypt (node:crypto under nodejs_compat), used
 * by better-auth's `emailAndPassword.password` hooks. better-auth's default is
 * a pure-JavaScript scrypt, several times slower in workerd than the native
 * one, and PBKDF2 is capped at 100,000 iterations there. Parameters, measured
 * CPU cost and the reasons: docs/decisions/005-password-hashing.md.
 *
 * Stored form (PHC-like, versioned so the cost can rise later):
 *   $scrypt$v=1$n=65536,r=8,p=2$<salt, base64>$<key, base64>
 * Verification reads the parameters from the stored string, so hashes made
 * with older parameters keep working after the defaults change, and a hash
 * made at test cost verifies wherever a production one does (and back).
 *
 * The cost of new hashes comes from configuration: PASSWORD_HASH_COST=test
 * (the tests' workers and servers) hashes cheaply outside production; every
 * other case hashes at production strength, and production refuses to start
 * with a test cost at all (app/lib/config.server.ts).
 */
import { Buffer } from "node:buffer";
import { scrypt, timingSafeEqual } from "node:crypto";
// Relative and dependency-free: the seed script imports this module from Node.
import { isProduction } from "../lib/environment";

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

/** OWASP's scrypt row "N=2^16 (64 MiB), r=8, p=2" (Password Storage Cheat Sheet). */
export const PASSWORD_PARAMS: ScryptParams = { N: 2 ** 16, r: 8, p: 2 };

/**
 * About 1 ms instead of 0.3 s of CPU per sign-up or sign-in: for tests only,
 * which create hundreds of accounts. Never in production (ADR 005).
 */
export const TEST_PASSWORD_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

/** The one value of PASSWORD_HASH_COST that lowers the cost; production refuses it. */
export const TEST_PASSWORD_HASH_COST = "test";

/** The parameters new hashes are made with: production strength unless a non-production worker is told "test". */
export function passwordHashParams(env: Pick<Env, "ENVIRONMENT" | "PASSWORD_HASH_COST">): ScryptParams {
  if (isProduction(env) || env.PASSWORD_HASH_COST !== TEST_PASSWORD_HASH_COST) return PASSWORD_PARAMS;
  return TEST_PASSWORD_PARAMS;
}

const VERSION = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Refuse stored parameters beyond these: a tampered row must not buy a denial of service. */
const LIMITS = { maxN: 2 ** 20, maxR: 32, maxP: 16 };

function scryptAsync(password: string, salt: Uint8Array, keyLength: number, { N, r, p }: ScryptParams) {
  return new Promise<Buffer>((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; Node's and workerd's default maxmem (32 MiB) is below that.
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * The same passphrase typed on different keyboards (composed or decomposed
 * accents) hashes the same. Never truncated: scrypt takes any length.
 */
function normalize(password: string): string {
  return password.normalize("NFKC");
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64");
}

export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await scryptAsync(normalize(password), salt, KEY_BYTES, params);
  return `$scrypt$v=${VERSION}$n=${params.N},r=${params.r},p=${params.p}$${toBase64(salt)}$${toBase64(key)}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const HASH_PATTERN = /^\$scrypt\$v=1\$n=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

export function parsePasswordHash(stored: string): ParsedHash | null {
  const match = HASH_PATTERN.exec(stored);
  if (!match) return null;
  const [, n, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > LIMITS.maxN) return null;
  if (params.r < 1 || params.r > LIMITS.maxR || params.p < 1 || params.p > LIMITS.maxP) return null;
  const saltBytes = Buffer.from(salt, "base64");
  const keyBytes = Buffer.from(key, "base64");
  if (saltBytes.length < SALT_BYTES || keyBytes.length < KEY_BYTES) return null;
  return { params, salt: saltBytes, key: keyBytes };
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const candidate = await scryptAsync(normalize(password), parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(candidate, parsed.key);
}
