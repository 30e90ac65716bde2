/**
 * The teams' part of the organizers' desk: the overview's count of the
 * edition's teams and of their submitted projects. (Deadline exceptions are
 * granted on the showcase's page: app/showcase/desk.server.ts.)
 */
import { and, count, eq } from "drizzle-orm";
import { submissions, teams } from "~/db/schema";
import type { Desk } from "~/organize/guard.server";
import { firstCount, overviewBlock } from "~/organize/overview-block.server";
import { isSubmittedProject } from "./submitted.server";

export function teamsOverview({ db, edition }: Pick<Desk, "db" | "edition">) {
  return overviewBlock(
    [
      db.select({ n: count() }).from(teams).where(eq(teams.editionId, edition.id)),
      db
        .select({ n: count() })
        .from(submissions)
        .where(and(eq(submissions.editionId, edition.id), isSubmittedProject)),
    ] as const,
    ([teamCount, submitted]) => ({ teams: firstCount(teamCount), submitted: firstCount(submitted) }),
  );
}
