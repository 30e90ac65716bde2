import { editionIn, type Edition } from "~/content/editions";
import { currentEdition } from "~/clock/schedule";
import { isProduction } from "~/lib/config.server";

/**
 * The one clock. Every date-dependent decision (price phase, enrollment open,
 * past/upcoming milestones) takes its "now" from here, so a preview or a test
 * can set APP_NOW and see the site as it will be on that day.
 * Production ignores APP_NOW: real money must never follow a pretend date.
 * See docs/decisions/003-one-clock.md.
 */
export function now(env: Pick<Env, "ENVIRONMENT" | "APP_NOW">): Date {
  const previewAt = requestEditions.get(env)?.previewAt;
  if (previewAt) return previewAt;
  if (isProduction(env) || !env.APP_NOW) return new Date();
  const pretend = new Date(env.APP_NOW);
  if (Number.isNaN(pretend.getTime())) {
    throw new Error(`APP_NOW must be an ISO 8601 timestamp such as 2025-12-01T12:00:00-07:00, got "${env.APP_NOW}"`);
  }
  return pretend;
}

/**
 * What one request (or one job's run) knows of the editions: the published
 * ones as loaded for it (app/editions/, ADR 024) and, for an organizer's
 * preview of the site on another day (bound to their desk session, never a
 * header or a variable), the edition versions and the instant previewed.
 * Kept beside the request's own `env` object, so concurrent requests in one
 * isolate never see each other's.
 */
export interface RequestEditions {
  readonly editions: readonly Edition[];
  /** The instant an organizer's preview shows the site at: the request's clock, in production too. */
  readonly previewAt?: Date;
}

const requestEditions = new WeakMap<object, RequestEditions>();

/** A copy of `env` for one request or run that carries its editions (and preview, if any). */
export function withEditions<E extends object>(env: E, state: RequestEditions): E {
  const own = { ...env };
  requestEditions.set(own, state);
  return own;
}

/** The preview this request shows, or null for the live site. */
export function previewOf(env: object): RequestEditions | null {
  const state = requestEditions.get(env);
  return state?.previewAt ? state : null;
}

/**
 * The editions the clock may pick from, as loaded for this request or run
 * (the published ones, plus the test fixture when APP_EDITION_FIXTURE=1
 * outside production: app/editions/cache.server.ts `siteEditions`). A request
 * or job that has not loaded them is a bug, never a reason to guess.
 */
export function editionsFor(env: object): readonly Edition[] {
  const loaded = requestEditions.get(env);
  if (!loaded)
    throw new Error("this request or job has not loaded its editions (withEditions, app/editions/cache.server.ts)");
  return loaded.editions;
}

/**
 * An edition this request knows, by the id a row or a link names: a past
 * edition's project, credential or sponsorship. Throws for an id no
 * published edition (or, outside production, the fixture) has.
 */
export function editionOf(env: object, id: string): Edition {
  return editionIn(editionsFor(env), id);
}

/** The edition of that id if this request knows it, else undefined (a URL's, which may name none). */
export function findEdition(env: object, id: string): Edition | undefined {
  return editionsFor(env).find((candidate) => candidate.id === id);
}

/**
 * The edition the site is about at `at`, a time the caller already holds (a
 * job's run, a request's clock passed down): the one way to pick it.
 */
export function editionAt(env: object, at: Date): Edition {
  return currentEdition(at, editionsFor(env));
}

/** The current time and the edition the site is about then. */
export function clockFor(env: Pick<Env, "ENVIRONMENT" | "APP_NOW">): {
  now: Date;
  edition: Edition;
} {
  const at = now(env);
  return { now: at, edition: editionAt(env, at) };
}

/** The request header that moves the clock for one request, outside production only. */
export const APP_NOW_HEADER = "X-App-Now";

/**
 * Outside production, a request may carry its own APP_NOW (the X-App-Now
 * header): the end-to-end tests walk one participant's project from the
 * creation period past the deadline on one server and one database. Production
 * ignores it, as it ignores APP_NOW itself.
 */
export function withRequestClock(request: Request, env: Env): Env {
  const pretend = request.headers.get(APP_NOW_HEADER);
  if (!pretend || isProduction(env)) return env;
  const own = { ...env, APP_NOW: pretend };
  // The copy keeps the editions the request already loaded, whichever was called first.
  const loaded = requestEditions.get(env);
  if (loaded) requestEditions.set(own, loaded);
  return own;
}
