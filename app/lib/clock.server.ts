/**
 * The one clock. Every date-dependent decision (price phase, enrollment open,
 * past/upcoming milestones) takes its "now" from here, so a preview or a test
 * can set APP_NOW and see the site as it will be on that day.
 * Production ignores APP_NOW: real money must never follow a pretend date.
 * See docs/decisions/003-one-clock.md.
 */
export function now(env: Pick<Env, "ENVIRONMENT" | "APP_NOW">): Date {
  if (env.ENVIRONMENT === "production" || !env.APP_NOW) return new Date();
  const pretend = new Date(env.APP_NOW);
  if (Number.isNaN(pretend.getTime())) {
    throw new Error(`APP_NOW must be an ISO 8601 timestamp such as 2025-12-01T12:00:00-07:00, got "${env.APP_NOW}"`);
  }
  return pretend;
}
