import { env } from "cloudflare:test";
import { cookieHeaderFrom, createAccount, postForm, userByEmail } from "./auth-helpers";
import type { RegistrationStatus } from "~/db/schema";
import { createCompanyCode, createJudgeAdvisorInterest, createRegistration, createSponsorship } from "./factories";
import { fetchSite } from "./worker";

export const PASSWORD = "a good passphrase";

// ── RFC 6238 TOTP (SHA-1, 6 digits, 30 s) with WebCrypto, as an authenticator app computes it ──

function base32Decode(input: string): Uint8Array<ArrayBuffer> {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const clean = input.replace(/=+$/, "").replace(/\s+/g, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

const STEP_MS = 30_000;

/**
 * The account each secret enrolled by `enableTotp` belongs to: for those,
 * `totp(secret)` answers a code the account has not used yet, as a person
 * waits for the next code (each code counts once, issue 50).
 */
const accountOfSecret = new Map<string, string>();

/**
 * The code for the 30-second step `offset` steps from now (or from `at`).
 * Without either, for a secret `enableTotp` enrolled, the first code whose
 * step is later than the last one the account used (`second_factor_codes`):
 * the previous step's (while it is still taken), the current one's or the
 * next one's, else it waits for the clock to move.
 */
export async function totp(base32Secret: string, options: { offset?: number; at?: number } = {}): Promise<string> {
  const userId =
    options.offset === undefined && options.at === undefined ? accountOfSecret.get(base32Secret) : undefined;
  if (userId) return unusedTotp(base32Secret, userId);
  return totpAtStep(base32Secret, Math.floor((options.at ?? Date.now()) / STEP_MS) + (options.offset ?? 0));
}

async function unusedTotp(base32Secret: string, userId: string): Promise<string> {
  for (;;) {
    const row = await env.DB.prepare("SELECT last_totp_step AS step FROM second_factor_codes WHERE user_id = ?")
      .bind(userId)
      .first<{ step: number | null }>();
    const last = row?.step ?? -1;
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    // The previous step's code is still taken while the current step lasts: use it only with time to spare.
    const previous = STEP_MS - (now % STEP_MS) > 5_000 ? [current - 1] : [];
    const unused = [...previous, current, current + 1].find((step) => step > last);
    if (unused !== undefined) return totpAtStep(base32Secret, unused);
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 100));
  }
}

async function totpAtStep(base32Secret: string, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const key = await crypto.subtle.importKey("raw", base32Decode(base32Secret), { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const start = mac[mac.length - 1]! & 0x0f;
  const binary = new DataView(mac.buffer, start, 4).getUint32(0) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** A six-digit code that no nearby time step accepts. */
export async function wrongTotp(base32Secret: string): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => totp(base32Secret, { offset }))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

/** RFC 6238's own test vector, to prove the helper before trusting it. */
export const RFC6238_SHA1_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"; // "12345678901234567890"

// ── Requests ──

export function getPage(path: string, cookie?: string, ip = "10.251.0.1") {
  const headers: Record<string, string> = { "cf-connecting-ip": ip };
  if (cookie) headers.cookie = cookie;
  return fetchSite(path, { headers, redirect: "manual" });
}

export function postAccount(
  intent: string,
  fields: Record<string, string>,
  { cookie, ip }: { cookie: string; ip: string },
) {
  return postForm("/account", { intent, ...fields }, { ip, cookie });
}

export interface TestAccount {
  id: string;
  email: string;
  cookie: string;
}

export async function newAccount(email: string, ip: string): Promise<TestAccount> {
  const cookie = await createAccount(email, PASSWORD, ip);
  const user = await userByEmail(email);
  if (!user) throw new Error("account not created");
  return { id: user.id, email, cookie };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** The otpauth URI and its base32 secret on an enrollment page. */
export function enrollmentOf(html: string): { uri: string; secret: string } {
  const match = /data-testid="totp-uri">([^<]+)</.exec(html);
  if (!match) throw new Error("no otpauth URI on the page");
  const uri = unescapeHtml(match[1]!);
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the URI");
  return { uri, secret };
}

export function recoveryCodesOf(html: string): string[] {
  const list = /data-testid="recovery-codes">(.*?)<\/ul>/s.exec(html)?.[1] ?? "";
  return [...list.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]!);
}

/**
 * Turns on TOTP for the account through /account (password, then a code) and
 * returns the secret, the recovery codes shown once, and the new cookie.
 */
export async function enableTotp(account: TestAccount, ip: string) {
  const started = await postAccount("enable-two-factor", { password: PASSWORD }, { cookie: account.cookie, ip });
  if (started.status !== 200) throw new Error(`enable: ${started.status}`);
  const { uri, secret } = enrollmentOf(await started.text());
  accountOfSecret.set(secret, account.id);
  const confirmed = await postAccount(
    "confirm-two-factor",
    { code: await totp(secret), totpURI: uri },
    { cookie: account.cookie, ip },
  );
  if (confirmed.status !== 303) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  const cookie = cookieHeaderFrom(confirmed, account.cookie);
  const page = await getPage("/account", cookie, ip);
  const recoveryCodes = recoveryCodesOf(await page.text());
  return { secret, recoveryCodes, cookie: cookieHeaderFrom(page, cookie) };
}

/** Signs in through /auth as a browser without JavaScript; returns the response and the cookies it set. */
export async function signInOnPage(email: string, password: string, ip: string, redirectTo = "/account") {
  const response = await postForm("/auth", { intent: "signin", email, password, redirectTo }, { ip });
  return { response, cookie: cookieHeaderFrom(response) };
}

// ── Seeds: another person's rows sit beside the account's own ──

export async function seedRegistration(
  userId: string,
  fields: Partial<{
    id: string;
    type: "individual" | "workforce";
    status: string;
    amountCents: number;
    companyName: string | null;
    checkoutSessionId: string | null;
    organizationRegistrationId: string | null;
    email: string;
  }> = {},
) {
  const type = fields.type ?? "individual";
  const status = (fields.status ?? "paid") as RegistrationStatus;
  const { id } = await createRegistration({
    id: fields.id,
    userId,
    registrationType: type,
    status,
    amountCents: fields.amountCents ?? 19900,
    email: fields.email ?? "avery@example.com",
    companyName: fields.companyName ?? null,
    title: type === "workforce" ? "Director of People" : null,
    checkoutSessionId:
      fields.checkoutSessionId === undefined
        ? `cs_test_${crypto.randomUUID().replace(/-/g, "")}`
        : fields.checkoutSessionId,
    organizationRegistrationId: fields.organizationRegistrationId ?? null,
    paidAt: status === "paid" ? new Date().toISOString() : null,
  });
  return id;
}

export async function seedCompanyCode(registrationId: string): Promise<string> {
  return (await createCompanyCode({ registrationId })).code;
}

export async function seedSponsorship(userId: string, companyName: string) {
  return (await createSponsorship({ userId, companyName, paidAt: new Date().toISOString() })).id;
}

export async function seedInterest(userId: string, organization: string) {
  return createJudgeAdvisorInterest({ userId, organization });
}

export async function countRows(sql: string, ...values: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...values)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
