/**
 * The running edition's public figures, kept per isolate for
 * `impactRules.keptSeconds` (issue 55: /impact within 1.2× /faq's CPU when
 * cached; ADR 023, addendum). /impact and the Challenge's side of an
 * organization's report read the same edition-wide counts on every view;
 * they change by the minute at most, and the edge already serves /impact up
 * to five minutes old. Kept only on the real clock: a request whose clock is
 * moved (APP_NOW, X-App-Now, an organizer's preview) counts at its own
 * instant, so "equal to the desk at the same instant" holds wherever an
 * instant is chosen.
 */
import { previewOf } from "~/clock/clock.server";
import { impactRules } from "~/content/impact";
import { isProduction } from "~/lib/config.server";

const kept = new Map<string, { until: number; value: unknown }>();

/** Whether this request's clock is the real one (no pretend instant, no preview). */
export function onRealClock(env: Pick<Env, "ENVIRONMENT" | "APP_NOW">): boolean {
  return !previewOf(env) && (isProduction(env) || !env.APP_NOW);
}

/**
 * `compute()`, or what this isolate computed for `key` less than
 * `impactRules.keptSeconds` ago on the real clock. A computation that fails is
 * not kept. Only a finished computation is kept: views that start together
 * while none is kept each compute (a promise of one request awaited by
 * another is I/O on behalf of a different request, which the Workers runtime
 * refuses; app/lib/kept-per-isolate.server.ts).
 */
export function keptForAWhile<T>(
  env: Pick<Env, "ENVIRONMENT" | "APP_NOW">,
  key: string,
  now: Date,
  compute: () => Promise<T>,
): Promise<T> {
  if (!onRealClock(env)) return compute();
  const hit = kept.get(key);
  if (hit && now.getTime() < hit.until) return Promise.resolve(hit.value as T);
  return compute().then((value) => {
    kept.set(key, { until: now.getTime() + impactRules.keptSeconds * 1000, value });
    return value;
  });
}
