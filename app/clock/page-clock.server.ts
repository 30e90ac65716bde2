import type { RouterContextProvider } from "react-router";
import { milestoneIds, type MilestoneId } from "~/content/editions";
import { requestContext } from "~/context";
import { clockFor } from "~/clock/clock.server";
import { siteOrigin } from "~/lib/meta";
import {
  editionPhase,
  enrollmentState,
  isJudgeInterestOpen,
  isSponsorshipOpen,
  milestoneStatus,
  pricingPhase,
  type MilestoneStatus,
} from "~/clock/schedule";
import { milestoneOf } from "~/content/editions";

/**
 * The clock as seen by a loader or action: `now` for this request and the
 * edition the site is about then. (Kept apart from clock.server.ts, which
 * stays free of React Router so anything, a queue consumer or a unit test,
 * can read the clock.)
 */
export function requestClock(context: Readonly<RouterContextProvider>) {
  return clockFor(context.get(requestContext).env);
}

export function requestNow(context: Readonly<RouterContextProvider>): Date {
  return requestClock(context).now;
}

/**
 * What a page needs from the one clock: the edition (the object itself, as
 * this request loaded it: a component reads its facts from its loader's data,
 * never from a module; turbo-stream keeps its Dates), its id, its phase, whether enrollment, sponsorship and judge interest are open, the
 * price phase and each milestone's status.
 */
export function pageClock(context: Readonly<RouterContextProvider>) {
  const { now, edition } = requestClock(context);
  return {
    now: now.toISOString(),
    edition,
    editionId: edition.id,
    editionPhase: editionPhase(now, edition),
    enrollment: enrollmentState(now, edition),
    sponsorshipOpen: isSponsorshipOpen(now, edition),
    judgeInterestOpen: isJudgeInterestOpen(now, edition),
    phase: pricingPhase(now, edition),
    statuses: Object.fromEntries(
      milestoneIds.map((id) => [id, milestoneStatus(milestoneOf(edition, id), now)]),
    ) as Record<MilestoneId, MilestoneStatus>,
  };
}

export type PageClock = ReturnType<typeof pageClock>;

/** The clock plus the site's origin (canonical links, calendar links). */
export function contentPageData({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  return { ...pageClock(context), origin: siteOrigin(request, context.get(requestContext).env) };
}
