import { milestonesById, type EditionMilestone, type MilestoneId } from "~/content/editions";
import { buildCalendar, calendarFileName } from "~/clock/calendar";
import { requestClock } from "~/clock/page-clock.server";
import type { Route } from "./+types/timeline[.]ics";

/**
 * /timeline.ics: every dated milestone as one iCalendar file;
 * /timeline.ics?milestone=<id>: that milestone alone (404 for an unknown id).
 * DTSTAMP is the request's "now" from the one clock.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("milestone");
  const { now, edition } = requestClock(context);
  const byId = milestonesById(edition);
  let list: readonly EditionMilestone[] = edition.milestones;
  if (id !== null) {
    const one = Object.hasOwn(byId, id) ? byId[id as MilestoneId] : undefined;
    if (!one) {
      return new Response(`No milestone "${id}". See /timeline for the list.\n`, {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    list = [one];
  }
  const body = buildCalendar(list, { dtstamp: now, origin: url.origin });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendarFileName(id ?? undefined)}"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
