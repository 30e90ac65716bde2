/**
 * An edition's published history (issue 52): its versions that were
 * published, in version order, read in one statement for the calendar feed,
 * which turns it into each event's SEQUENCE (./sequence.ts).
 */
import { asc, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { editionVersions } from "~/db/schema";
import { parseEdition } from "./document";
import { eventSequences } from "./sequence";

/** Each stored edition's events' SEQUENCE, by edition id; an edition with no stored history is absent (0 everywhere). */
export async function eventSequencesByEdition(db: Db): Promise<ReadonlyMap<string, Readonly<Record<string, number>>>> {
  const rows = await db
    .select({ editionId: editionVersions.editionId, document: editionVersions.document })
    .from(editionVersions)
    .where(inArray(editionVersions.state, ["published", "superseded"]))
    .orderBy(asc(editionVersions.editionId), asc(editionVersions.version));
  const histories = new Map<string, ReturnType<typeof parseEdition>[]>();
  for (const row of rows) {
    const list = histories.get(row.editionId) ?? [];
    list.push(parseEdition(row.document));
    histories.set(row.editionId, list);
  }
  return new Map([...histories].map(([id, history]) => [id, eventSequences(history)]));
}
