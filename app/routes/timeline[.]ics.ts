import { milestonesById, type MilestoneId } from "~/content/editions";
import { buildCalendar, calendarFileName, type EditionEvents } from "~/clock/calendar";
import { editionsFor } from "~/clock/clock.server";
import { requestClock } from "~/clock/page-clock.server";
import { editionStartsAt } from "~/clock/schedule";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { eventSequencesByEdition } from "~/editions/history.server";
import type { Route } from "./+types/timeline[.]ics";

/**
 * /timeline.ics: every dated milestone of the current edition and of the
 * editions before it, as one iCalendar file: a subscriber's calendar keeps
 * past editions' events rather than losing them when the next edition opens
 * (issue 23; UIDs carry the edition, so the years never overwrite each other);
 * /timeline.ics?milestone=<id>: that milestone of the current edition alone
 * (404 for an unknown id).
 * DTSTAMP is the request's "now" from the one clock; each event's SEQUENCE
 * counts the published changes that moved it (issue 52).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("milestone");
  const { now, edition } = requestClock(context);
  const byId = milestonesById(edition);
  const startsAt = editionStartsAt(edition).getTime();
  const { env } = context.get(requestContext);
  // One statement: the published versions, whose history raises each moved event's SEQUENCE.
  const sequences = await eventSequencesByEdition(getDb(env));
  let events: EditionEvents[] = editionsFor(env)
    .filter((e) => editionStartsAt(e).getTime() <= startsAt)
    .sort((a, b) => editionStartsAt(a).getTime() - editionStartsAt(b).getTime())
    .map((e) => ({ editionId: e.id, milestones: e.milestones, sequences: sequences.get(e.id) }));
  if (id !== null) {
    const one = Object.hasOwn(byId, id) ? byId[id as MilestoneId] : undefined;
    if (!one) {
      return new Response(`No milestone "${id}". See /timeline for the list.\n`, {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    events = [{ editionId: edition.id, milestones: [one], sequences: sequences.get(edition.id) }];
  }
  const body = buildCalendar(events, { dtstamp: now, origin: url.origin });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${calendarFileName(id ?? undefined)}"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
