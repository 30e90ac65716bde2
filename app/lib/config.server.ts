/**
 * Settings the site cannot run in production without. Locally each has a
 * stand-in (the /dev/mailbox instead of Resend, a development cookie secret…);
 * in production a stand-in would silently lose mail or sign cookies with a
 * public key, so the worker refuses every request instead (workers/app.ts).
 * Later issues add their settings (Stripe, auth) to REQUIRED_IN_PRODUCTION.
 */
import { log } from "./log.server";

export const REQUIRED_IN_PRODUCTION = [
  { name: "RESEND_API_KEY", purpose: "sends notification e-mail through Resend" },
  { name: "EMAIL_FROM", purpose: "sender of notification e-mail, on a domain verified in Resend" },
  { name: "NOTIFY_TO", purpose: "the organizers' mailbox that receives contact messages" },
  { name: "BETTER_AUTH_SECRET", purpose: "signs session and flash-message cookies" },
  { name: "BASE_URL", purpose: "the site's public origin, for links in e-mail and callbacks" },
  { name: "STRIPE_SECRET_KEY", purpose: "creates and verifies Stripe Checkout Sessions (docs/payments.md)" },
  { name: "STRIPE_WEBHOOK_SECRET", purpose: "verifies the signature of Stripe's webhook events" },
] as const satisfies readonly { name: keyof Env; purpose: string }[];

export function isProduction(env: Pick<Env, "ENVIRONMENT">): boolean {
  return env.ENVIRONMENT === "production";
}

/** The names of required production settings that are unset or blank. */
export function missingProductionSettings(env: Env): string[] {
  return REQUIRED_IN_PRODUCTION.filter(({ name }) => {
    const value: unknown = env[name];
    return typeof value !== "string" || value.trim() === "";
  }).map(({ name }) => name);
}

export class ConfigurationError extends Error {
  constructor(readonly missing: string[]) {
    super(`Production configuration is incomplete; missing: ${missing.join(", ")}`);
    this.name = "ConfigurationError";
  }
}

/** Throws a ConfigurationError naming every missing setting; a no-op outside production. */
export function assertProductionConfig(env: Env): void {
  if (!isProduction(env)) return;
  const missing = missingProductionSettings(env);
  if (missing.length > 0) throw new ConfigurationError(missing);
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
    log("error", "config.production_incomplete", { requestId, missing: error.missing });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable</title></head><body><main><h1>The site is temporarily unavailable</h1><p>We are fixing a configuration problem. Please try again later.</p><p>Reference: ${escapeHtml(requestId)}</p></main></body></html>`;
    return new Response(html, {
      status: 500,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}

/** Paths of the local stand-ins (/dev/mailbox, /dev/checkout/…): never served in production. */
export function isDevOnlyPath(pathname: string): boolean {
  return pathname === "/dev" || pathname.startsWith("/dev/");
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
