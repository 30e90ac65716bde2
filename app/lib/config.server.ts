/**
 * Settings the site cannot run in production without. Locally each has a
 * stand-in (the /dev/mailbox instead of Resend, a development cookie secret…);
 * in production a stand-in would silently lose mail or sign cookies with a
 * public key, so the worker refuses every request instead (workers/app.ts).
 * It refuses as well while a setting meant only for tests is set.
 */
import { isProduction } from "./environment";
import { log } from "./log.server";
import { SITE_CONTACT_PLACEHOLDERS } from "./site-config.server";
import { signingKeyRefusal } from "~/credentials/keys";
import { escapeHtml } from "./html";

export const REQUIRED_IN_PRODUCTION = [
  { name: "RESEND_API_KEY", purpose: "sends notification e-mail through Resend" },
  { name: "EMAIL_FROM", purpose: "sender of notification e-mail, on a domain verified in Resend" },
  { name: "NOTIFY_TO", purpose: "the organizers' mailbox that receives contact messages" },
  { name: "BETTER_AUTH_SECRET", purpose: "signs session and flash-message cookies" },
  { name: "BASE_URL", purpose: "the site's public origin, for links in e-mail and callbacks" },
  { name: "STRIPE_SECRET_KEY", purpose: "creates and verifies Stripe Checkout Sessions (docs/payments.md)" },
  { name: "STRIPE_WEBHOOK_SECRET", purpose: "verifies the signature of Stripe's webhook events" },
  // Signs the Open Badges credentials (issue 26): the committed development seed is public, so
  // production refuses it under any key id and in any letter case, and refuses a malformed value
  // (issue 31).
  {
    name: "CREDENTIAL_SIGNING_KEY",
    purpose: "signs Open Badges credentials (docs/admin.md, key rotation)",
    refuses: (value: string) => signingKeyRefusal(value) !== null,
  },
  // Shown on every page, in e-mails and in the legal texts: a development
  // placeholder there would send visitors to a mailbox nobody reads (issue 11).
  {
    name: "CONTACT_EMAIL",
    purpose: "the public contact mailbox on every page and in e-mails",
    placeholder: SITE_CONTACT_PLACEHOLDERS.CONTACT_EMAIL,
  },
  {
    name: "CONTACT_PHONE",
    purpose: "the public phone number on every page",
    placeholder: SITE_CONTACT_PLACEHOLDERS.CONTACT_PHONE,
  },
  {
    name: "ORGANIZER_LEGAL_NAME",
    purpose: "the organizer's legal name in the footer and the legal texts",
    placeholder: SITE_CONTACT_PLACEHOLDERS.ORGANIZER_LEGAL_NAME,
  },
] as const satisfies readonly {
  name: keyof Env;
  purpose: string;
  placeholder?: string;
  refuses?: (value: string) => boolean;
}[];

export { isProduction };

/** RESEND_BASE_URL points the SDK at the tests' fake; production always talks to Resend itself (issue 16). */
export function resendBaseUrl(env: Pick<Env, "ENVIRONMENT" | "RESEND_BASE_URL">): string | undefined {
  return isProduction(env) ? undefined : env.RESEND_BASE_URL || undefined;
}

/**
 * The names of required production settings that are unset, blank, still their
 * development placeholder, or a value the setting refuses.
 */
export function missingProductionSettings(env: Env): string[] {
  return REQUIRED_IN_PRODUCTION.filter((setting) => {
    const value: unknown = env[setting.name];
    if (typeof value !== "string" || value.trim() === "") return true;
    if ("refuses" in setting && setting.refuses(value)) return true;
    return "placeholder" in setting && value.trim() === setting.placeholder;
  }).map(({ name }) => name);
}

/**
 * Settings that exist for the tests alone and must never reach production: a
 * deployment that carried one over would run weakened (ADR 005 for the
 * password hashing cost), so production refuses to start instead.
 */
export const TEST_ONLY_SETTINGS = [
  {
    name: "PASSWORD_HASH_COST",
    purpose: "lowers the scrypt cost of new password hashes for tests (ADR 005)",
    allowedInProduction: ["production"],
  },
] as const satisfies readonly { name: keyof Env; purpose: string; allowedInProduction: readonly string[] }[];

/** The names of test-only settings set to anything but production's own value. */
export function testOnlySettingsPresent(env: Env): string[] {
  return TEST_ONLY_SETTINGS.filter((setting) => {
    const value: unknown = env[setting.name];
    if (value === undefined || value === "") return false;
    return !(setting.allowedInProduction as readonly unknown[]).includes(value);
  }).map(({ name }) => name);
}

export class ConfigurationError extends Error {
  constructor(
    readonly missing: string[],
    readonly testOnly: string[] = [],
  ) {
    const problems = [
      ...(missing.length > 0 ? [`missing: ${missing.join(", ")}`] : []),
      ...(testOnly.length > 0 ? [`set to a test-only value: ${testOnly.join(", ")}`] : []),
    ];
    super(`Production configuration is incomplete; ${problems.join("; ")}`);
    this.name = "ConfigurationError";
  }
}

/** Throws a ConfigurationError naming every missing or test-only setting; a no-op outside production. */
export function assertProductionConfig(env: Env): void {
  if (!isProduction(env)) return;
  const missing = missingProductionSettings(env);
  const testOnly = testOnlySettingsPresent(env);
  if (missing.length > 0 || testOnly.length > 0) throw new ConfigurationError(missing, testOnly);
}

/**
 * The answer to every request while production is misconfigured, or null when
 * all is well. The page names no setting (that is for the log, not visitors).
 */
export function misconfigurationResponse(env: Env, requestId: string): Response | null {
  try {
    assertProductionConfig(env);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    log("error", "config.production_incomplete", { requestId, missing: error.missing, testOnly: error.testOnly });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable</title></head><body><main><h1>The site is temporarily unavailable</h1><p>We are fixing a configuration problem. Please try again later.</p><p>Reference: ${escapeHtml(requestId)}</p></main></body></html>`;
    return new Response(html, {
      status: 500,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/**
 * The path as the router will match it: percent-decoded (repeatedly, so
 * %2564 cannot hide a %64), lower-cased (route matching ignores case),
 * backslashes read as slashes and runs of slashes collapsed.
 */
export function normalizedPath(pathname: string): string {
  let path = pathname;
  for (let round = 0; round < 3; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path
    .toLowerCase()
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/");
}

/** Paths of the local stand-ins (/dev/mailbox, /dev/checkout/…): never served in production, however spelled. */
export function isDevOnlyPath(pathname: string): boolean {
  const path = normalizedPath(pathname);
  return path === "/dev" || path.startsWith("/dev/");
}
