/**
 * The event log's hash chain (issue 50; issue 51 moved it here): every
 * organizer's and job's row of `events` names the chained row before it (`prev_id`),
 * repeats that row's hash (`prev_hash`) and carries a SHA-256 of its own
 * content and that hash (`hash`), so a row rewritten in place, or deleted
 * from the middle, shows when the chain is verified (/organize/audit/chain).
 *
 * D1 has no SHA function, so the worker computes the hash (Web Crypto)
 * before the batch, from the last row it read. `prev_id` is UNIQUE: of two
 * writers that read the same last row, the second batch fails on it, and
 * `appendToChain` reads the last row again and retries (the batch is
 * all-or-nothing, so a retry is safe).
 *
 * The one place that knows how a row is hashed and how the chain is
 * checked. An account's own rows (a participant's, a judge's, a company
 * admin's) are not chained (ADR 022): thousands of participants writing at a
 * deadline would otherwise queue for one global last row; nor are an
 * organizer's reads of personal data since issue 56 (ten organizers opening
 * a person's page at once raced for the last row). Verification passes over
 * them; a chained row relabelled as an account's or as a read leaves its
 * successor naming a row the chain does not hold, and shows.
 *
 * What a chain without a secret proves: someone who rewrites a row through
 * SQL must also recompute every later row's hash to hide it; the last
 * row's hash, shown with the verification, is what a director notes
 * elsewhere to make that visible too.
 */
import { and, asc, desc, gt, inArray, isNotNull, ne, not, or } from "drizzle-orm";
import { personalDataReadIds } from "~/content/organize";
import type { Db } from "~/db/client.server";
import { events, type EventRow } from "~/db/schema";

/**
 * The rows the chain holds: an organizer's or a job's, but a read of
 * personal data written without a hash (issue 56, ./reads.server.ts: a read
 * changes nothing). Reads chained before then keep their place.
 */
const onTheChain = and(
  ne(events.actorKind, "account"),
  or(isNotNull(events.hash), not(inArray(events.action, personalDataReadIds))),
);

/** What a row's hash covers: every column but its own id and hash (the id is assigned by the insert; the next row names it). */
export type ChainedContent = Omit<EventRow, "id" | "prevId" | "prevHash" | "hash">;

/** Where a new row joins the chain: after the last row, and its hash. */
export interface ChainLink {
  prevId: number | null;
  prevHash: string | null;
  hash: string;
}

/**
 * The canonical form new rows are hashed in, recorded on each row
 * (`hash_format`), so rows hashed in an older form keep verifying under it:
 * "organizer_events/1" before the one log, "events/2" since, which also
 * covers what the row is about (its subject columns) and its payload.
 */
export const CHAIN_FORMAT = "events/2";
const FIRST_FORMAT = "organizer_events/1";

/**
 * Each round of a race lets one writer through, so this many writers at
 * the same moment all land; a desk has a handful of people, tokens and jobs.
 */
const CHAIN_ATTEMPTS = 10;

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 (hex) of the row's content and its place in the chain, as a JSON array in a fixed order. */
export async function rowHash(
  content: ChainedContent,
  prevId: number | null,
  prevHash: string | null,
): Promise<string> {
  const common = [
    prevId,
    prevHash,
    content.createdAt,
    content.actorKind,
    content.actorUserId,
    content.actorLabel,
    content.actorRole,
    content.tokenId,
    content.action,
    content.summary,
    content.targets,
    content.factsBefore,
    content.factsAfter,
    content.reason,
    content.proposalId,
    content.requestId,
  ];
  const format = content.hashFormat ?? FIRST_FORMAT;
  const canonical =
    format === FIRST_FORMAT
      ? JSON.stringify([FIRST_FORMAT, ...common])
      : JSON.stringify([
          format,
          ...common,
          content.editionId,
          content.teamId,
          content.subjectUserId,
          content.organizationId,
          content.payload,
        ]);
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical)));
}

/** The link a row with `content` gets if written now: after the log's last chained row (whatever it is). */
async function linkAfterLast(db: Db, content: ChainedContent): Promise<ChainLink> {
  const [last] = await db
    .select({ id: events.id, hash: events.hash })
    .from(events)
    .where(onTheChain)
    .orderBy(desc(events.id))
    .limit(1);
  const prevId = last?.id ?? null;
  const prevHash = last?.hash ?? null;
  return { prevId, prevHash, hash: await rowHash(content, prevId, prevHash) };
}

/** Whether a failed batch lost the race for the last row (another writer appended after it first). */
function lostTheRace(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
  return text.includes("events.prev_id");
}

/**
 * Appends one row: reads the last row, lets `write` run its batch with the
 * row linked after it, and on a lost race reads again and retries.
 */
export async function appendToChain<T>(
  db: Db,
  content: ChainedContent,
  write: (link: ChainLink) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const link = await linkAfterLast(db, content);
    try {
      return await write(link);
    } catch (error) {
      if (attempt >= CHAIN_ATTEMPTS || !lostTheRace(error)) throw error;
      // A random pause, so writers that lost together do not read the same last row again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Why the chain breaks at a row. */
export type ChainBreakReason =
  /** Its content no longer matches its hash: rewritten in place. */
  | "rewritten"
  /** It names a previous row that is no longer there: deleted from the middle. */
  | "missing"
  /** Its copy of the previous row's hash differs from that row's hash: the previous row's hash was changed. */
  | "relinked"
  /** It carries no hash although the chain had begun: written outside the log's writer. */
  | "unhashed";

export type ChainVerdict =
  | {
      holds: true;
      /** Rows the chain covers. */
      chained: number;
      /** Rows before the first hashed one (written before the chain began). */
      unchained: number;
      firstId: number | null;
      /** The first row's previous row when the retention job has removed it: its hash is the anchor. */
      anchor: { prevId: number; prevHash: string | null } | null;
      lastId: number | null;
      lastHash: string | null;
    }
  | {
      holds: false;
      chained: number;
      unchained: number;
      /** The first row where the chain breaks. */
      breakAt: number;
      reason: ChainBreakReason;
      /** The row it names as the one before it. */
      namedPrevId: number | null;
    };

/** Rows read at a time: the log holds up to 36 months. */
const VERIFY_PAGE = 500;

/** Walks the whole log's chained rows in id order and checks every link and hash; stops at the first break. */
export async function verifyChain(db: Db): Promise<ChainVerdict> {
  let previous: { id: number; hash: string | null } | null = null;
  let firstId: number | null = null;
  let anchor: { prevId: number; prevHash: string | null } | null = null;
  let chained = 0;
  let unchained = 0;
  for (let after = 0; ;) {
    const rows = await db
      .select()
      .from(events)
      .where(and(gt(events.id, after), onTheChain))
      .orderBy(asc(events.id))
      .limit(VERIFY_PAGE);
    for (const row of rows) {
      const broken = (reason: ChainBreakReason): ChainVerdict => ({
        holds: false,
        chained,
        unchained,
        breakAt: row.id,
        reason,
        namedPrevId: row.prevId,
      });
      if (firstId === null) {
        if (row.hash === null) {
          unchained++;
          previous = { id: row.id, hash: null };
          continue;
        }
        firstId = row.id;
        // Nothing before it in the log: the rows it follows were removed after their retention period.
        if (!previous && row.prevId !== null) anchor = { prevId: row.prevId, prevHash: row.prevHash };
      } else if (row.hash === null) {
        return broken("unhashed");
      }
      if (previous) {
        if (row.prevId !== previous.id) return broken("missing");
        if (row.prevHash !== previous.hash) return broken("relinked");
      }
      const { id: _id, prevId, prevHash, hash, ...content } = row;
      if ((await rowHash(content, prevId, prevHash)) !== hash) return broken("rewritten");
      chained++;
      previous = { id: row.id, hash };
    }
    if (rows.length < VERIFY_PAGE) break;
    after = rows.at(-1)!.id;
  }
  return {
    holds: true,
    chained,
    unchained,
    firstId,
    anchor,
    lastId: firstId === null ? null : previous!.id,
    lastHash: firstId === null ? null : previous!.hash,
  };
}
