/**
 * The one source of an edition's results on the site (issue 24, ADR 015):
 * the rows the publication of finalists and awards (app/results/, issue 32)
 * and the Audience Choice wrote to `published_results`, only those whose
 * publication time has come. A project's title shows only while the project
 * may be named in public (app/showcase/shown.server.ts): hidden after its
 * publication, it is named again when shown again.
 */
import { and, asc, eq, lte, min, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import type { AwardId } from "~/content/editions";
import { awards, finalsAwards } from "~/content/program";
import type { Db } from "~/db/client.server";
import { publishedResults, submissions } from "~/db/schema";
import { nameableInPublic } from "~/showcase/shown.server";
import type { PublishedResults, ResultEntry } from "./published";

const awardIds = new Set<string>([...awards, ...finalsAwards].map((a) => a.id));

/**
 * The time rule, for every reader of `published_results` that shows or uses
 * a result: a row counts once its publication time has come on this
 * request's clock, so a page rehearsed at an earlier instant (APP_NOW, the
 * X-App-Now header) shows nothing published after it. The desk reads every
 * row whatever its time: its list of what was written (app/results/) and the
 * finalists an announcement goes to (app/notifications/segments.server.ts),
 * as does a credential's evidence (app/credentials/credential.server.ts),
 * signed in the batch that publishes its result.
 */
export function publishedBy(now: Date): SQL {
  return lte(publishedResults.publishedAt, now.toISOString());
}

export async function publishedResultsOf(db: Db, editionId: string, now: Date): Promise<PublishedResults> {
  const rows = await db
    .select({
      award: publishedResults.award,
      teamName: publishedResults.teamName,
      organization: publishedResults.organization,
      projectTitle: publishedResults.projectTitle,
      // A project hidden since its publication is named no more while it is hidden (issue 50).
      nameable: sql<number>`coalesce((${nameableInPublic}), 0)`,
    })
    .from(publishedResults)
    .leftJoin(submissions, eq(submissions.teamId, publishedResults.teamId))
    .where(and(eq(publishedResults.editionId, editionId), publishedBy(now)))
    .orderBy(asc(publishedResults.award), asc(publishedResults.place), asc(publishedResults.teamName));
  const entry = (row: (typeof rows)[number]): ResultEntry => ({
    name: row.teamName,
    ...(row.organization ? { organization: row.organization } : {}),
    ...(row.projectTitle && row.nameable ? { project: row.projectTitle } : {}),
  });
  const finalists = rows.filter((row) => row.award === "finalist").map(entry);
  const byAward: Partial<Record<AwardId, ResultEntry[]>> = {};
  for (const row of rows) {
    if (!awardIds.has(row.award)) continue;
    (byAward[row.award as AwardId] ??= []).push(entry(row));
  }
  return { finalists, awards: byAward };
}

/**
 * When the edition's finalists were published (the first finalist row whose
 * time has come), or null: the instant a team's scores become visible to it
 * and its appeal window opens.
 */
export async function finalistsPublishedAt(db: Db, editionId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(publishedResults.publishedAt) })
    .from(publishedResults)
    .where(and(eq(publishedResults.editionId, editionId), eq(publishedResults.award, "finalist"), publishedBy(now)));
  return row?.at ? new Date(row.at) : null;
}

/** A public page's results (home, timeline): its edition's, as of this request's clock. */
export function pageResults(env: Pick<Env, "DB">, page: { editionId: string; now: string }): Promise<PublishedResults> {
  return publishedResultsOf(getDb(env), page.editionId, new Date(page.now));
}
