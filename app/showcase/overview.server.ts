/**
 * The showcase's block of the desk's overview, apart from its desk pages so
 * the impact figures (app/impact) can count with it without the desk's page
 * machinery.
 */
import { count, eq } from "drizzle-orm";
import { showcaseVotes } from "~/db/schema";
import type { Desk } from "~/organize/guard.server";
import { firstCount, overviewBlock } from "~/organize/overview-block.server";

/** The overview's count of showcase votes cast (a count only: the tally waits for the close). */
export function votesOverview({ db, edition }: Pick<Desk, "db" | "edition">) {
  return overviewBlock(
    [db.select({ n: count() }).from(showcaseVotes).where(eq(showcaseVotes.editionId, edition.id))] as const,
    ([votes]) => firstCount(votes),
  );
}
