import type { RouterContextProvider } from "react-router";
import { milestones, type MilestoneId } from "~/content/dates";
import { requestContext } from "~/context";
import { now } from "./clock.server";
import { siteOrigin } from "./meta";
import { enrollmentState, milestoneStatus, pricingPhase, type MilestoneStatus } from "./schedule";

/**
 * The clock as seen by a loader or action: `now(env)` for this request.
 * (Kept apart from clock.server.ts, which stays free of React Router so
 * anything, a queue consumer or a unit test, can read the clock.)
 */
export function requestNow(context: Readonly<RouterContextProvider>): Date {
  return now(context.get(requestContext).env);
}

/**
 * What a content page needs from the one clock, as plain serializable data:
 * whether enrollment is open, which price phase applies, and each
 * milestone's status. Pages import the facts themselves from app/content.
 */
export function pageClock(context: Readonly<RouterContextProvider>) {
  const now = requestNow(context);
  return {
    now: now.toISOString(),
    enrollment: enrollmentState(now),
    phase: pricingPhase(now),
    statuses: Object.fromEntries(milestones.map((m) => [m.id, milestoneStatus(m, now)])) as Record<
      MilestoneId,
      MilestoneStatus
    >,
  };
}

export type PageClock = ReturnType<typeof pageClock>;

/** The clock plus the site's origin (canonical links, calendar links). */
export function contentPageData({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  return { ...pageClock(context), origin: siteOrigin(request, context.get(requestContext).env) };
}
