/**
 * The calendar feed's SEQUENCE (RFC 5545 §3.8.7.4) of each event of an
 * edition: how many of its published versions moved that event's times.
 * A subscribed calendar replaces an event (same UID) only when the SEQUENCE
 * rises, so a moved deadline moves in people's calendars too. Pure: the
 * history is the edition's published versions (published, then superseded)
 * in version order; an edition with one version, or none stored, is 0
 * everywhere.
 */
import type { Edition } from "~/content/editions";
import { movedMilestones } from "./check";

export function eventSequences(history: readonly Edition[]): Readonly<Record<string, number>> {
  const sequences: Record<string, number> = {};
  for (let i = 1; i < history.length; i++) {
    for (const { after } of movedMilestones(history[i - 1]!, history[i]!)) {
      sequences[after.id] = (sequences[after.id] ?? 0) + 1;
    }
  }
  return sequences;
}
