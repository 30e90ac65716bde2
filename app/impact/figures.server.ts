/**
 * The one home of the impact figures (issue 55, ADR 023): an edition's, and
 * an organization's within it. The edition's figures are counted by the
 * organizers' desk's own overview blocks (registrations, teams and submitted
 * projects, votes: app/people, app/portal, app/showcase) plus the blocks
 * below, which use the same rules (`paidWorkforce`, `isSubmittedProject`,
 * `publishedBy`), all in one `db.batch`: one round trip, a fixed number of
 * aggregate statements whatever the edition's size.
 *
 * The running edition is counted live (so /impact equals the desk at the
 * same instant); an edition that is over is read from `impact_figures`, as
 * the daily job froze it after its end (`planImpactFigures`, committed with the job's row).
 */
import { and, count, countDistinct, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { editionEndsAt } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { prepared, type PlannedChange, type Statement } from "~/events/commit.server";
import { credentials, impactFigures, publishedResults, registrations, submissions } from "~/db/schema";
import { publishedBy } from "~/judging/published.server";
import { trackedAchievements } from "~/organization/credentials.server";
import { paidWorkforce } from "~/organization/paid-workforce.server";
import { firstCount, overviewBlock, readOverviewBlocks } from "~/organize/overview-block.server";
import { registrationsOverview } from "~/people/overview.server";
import { teamsOverview } from "~/portal/desk.server";
import { isSubmittedProject } from "~/portal/submitted.server";
import { votesOverview } from "~/showcase/overview.server";
import { organizationsByTier, type EditionFigures } from "./figures";

const EDITION_SCOPE = "edition";

/** Each paid Workforce Package of the edition with its employees enrolled this edition (the tier's count). */
function organizationsBlock(db: Db, editionId: string) {
  const employees = alias(registrations, "employees");
  return overviewBlock(
    [
      db
        .select({ id: registrations.id, enrolled: count(employees.id) })
        .from(registrations)
        .leftJoin(
          employees,
          and(
            eq(employees.organizationRegistrationId, registrations.id),
            eq(employees.editionId, editionId),
            eq(employees.status, "enrolled"),
          ),
        )
        .where(and(eq(registrations.editionId, editionId), paidWorkforce))
        .groupBy(registrations.id),
    ] as const,
    ([rows]) => organizationsByTier(rows.map((r) => r.enrolled)),
  );
}

/** People holding each tracked certification, and every credential issued, neither revoked. */
function credentialsBlock(db: Db, editionId: string) {
  const held = and(eq(credentials.editionId, editionId), isNull(credentials.revokedAt));
  return overviewBlock(
    [
      db
        .select({ achievement: credentials.achievement, holders: countDistinct(credentials.userId) })
        .from(credentials)
        .where(held)
        .groupBy(credentials.achievement),
      db.select({ n: count() }).from(credentials).where(held),
    ] as const,
    ([byAchievement, issued]) => ({
      certifications: trackedAchievements(editionId).map((a) => ({
        id: a.id,
        name: a.name,
        holders: byAchievement.find((r) => r.achievement === a.id)?.holders ?? 0,
      })),
      credentialsIssued: firstCount(issued),
    }),
  );
}

/** Submitted projects by track, and the published results whose time has come. */
function projectsAndResultsBlock(db: Db, editionId: string, now: Date) {
  return overviewBlock(
    [
      db
        .select({ track: submissions.track, n: count() })
        .from(submissions)
        .where(and(eq(submissions.editionId, editionId), isSubmittedProject))
        .groupBy(submissions.track),
      db
        .select({ award: publishedResults.award, n: count() })
        .from(publishedResults)
        .where(and(eq(publishedResults.editionId, editionId), publishedBy(now)))
        .groupBy(publishedResults.award),
    ] as const,
    ([byTrack, results]) => ({
      byTrack: byTrack.map((r) => ({ track: r.track, projects: r.n })),
      finalists: results.find((r) => r.award === "finalist")?.n ?? 0,
      awards: results.filter((r) => r.award !== "finalist").reduce((sum, r) => sum + r.n, 0),
    }),
  );
}

/** An edition's figures at `now`, counted live. */
export async function liveEditionFigures(db: Db, edition: Edition, now: Date): Promise<EditionFigures> {
  const scope = { db, edition };
  const read = await readOverviewBlocks(db, {
    registrations: registrationsOverview(scope),
    teams: teamsOverview(scope),
    votes: votesOverview(scope),
    organizations: organizationsBlock(db, edition.id),
    credentials: credentialsBlock(db, edition.id),
    projects: projectsAndResultsBlock(db, edition.id, now),
  });
  // Every block is given, so none reads null.
  const paid = read.registrations!;
  const teams = read.teams!;
  const held = read.credentials!;
  const projects = read.projects!;
  const organizations = read.organizations!;
  const votes = read.votes!;
  const individual = paid.registrations.find((r) => r.plan === "individual")?.total ?? 0;
  return {
    editionId: edition.id,
    participants: { individual, enrolled: paid.enrolled, total: individual + paid.enrolled },
    organizations,
    certifications: held.certifications,
    projects: { teams: teams.teams, submitted: teams.submitted, byTrack: projects.byTrack },
    votes,
    results: { finalists: projects.finalists, awards: projects.awards },
    credentialsIssued: held.credentialsIssued,
  };
}

/** The frozen figures of these editions (those the daily job wrote after their end), by edition id. */
export async function frozenEditionFigures(db: Db, editionIds: readonly string[]) {
  if (editionIds.length === 0) return new Map<string, EditionFigures>();
  const rows = await db
    .select({ editionId: impactFigures.editionId, json: impactFigures.json })
    .from(impactFigures)
    .where(
      and(
        inArray(impactFigures.editionId, [...editionIds]),
        eq(impactFigures.scope, EDITION_SCOPE),
        eq(impactFigures.final, true),
      ),
    );
  return new Map(rows.map((r) => [r.editionId, JSON.parse(r.json) as EditionFigures]));
}

/**
 * An edition's figures as a page shows them at `now`: frozen once the edition
 * is over and the daily job has written its final row, live until then.
 */
export async function editionFigures(db: Db, edition: Edition, now: Date): Promise<EditionFigures> {
  if (now >= editionEndsAt(edition)) {
    const frozen = (await frozenEditionFigures(db, [edition.id])).get(edition.id);
    if (frozen) return frozen;
  }
  return liveEditionFigures(db, edition, now);
}

/**
 * The daily job: each edition that has begun and is not yet frozen gets its
 * figures written; the first run after its end writes them as final, and no
 * later run touches them again.
 */
export async function planImpactFigures(
  env: Pick<Env, "DB">,
  editions: readonly Edition[],
  now: Date,
): Promise<PlannedChange<{ edition: string; final: boolean }[]>> {
  const db = getDb(env);
  const begun = editions.filter((e) => now >= e.enrollmentOpens);
  const frozen = await frozenEditionFigures(
    db,
    begun.map((e) => e.id),
  );
  const recorded: { edition: string; final: boolean }[] = [];
  const statements: Statement[] = [];
  for (const edition of begun) {
    if (frozen.has(edition.id)) continue;
    const figures = await liveEditionFigures(db, edition, now);
    const final = now >= editionEndsAt(edition);
    const row = { json: JSON.stringify(figures), computedAt: now.toISOString(), final };
    statements.push(
      db
        .insert(impactFigures)
        .values({ editionId: edition.id, scope: EDITION_SCOPE, ...row })
        .onConflictDoUpdate({
          target: [impactFigures.editionId, impactFigures.scope],
          set: row,
          // A final row is never rewritten, even by a run that raced the one that froze it.
          setWhere: eq(impactFigures.final, false),
        }),
    );
    recorded.push({ edition: edition.id, final });
  }
  return { statements, result: recorded };
}

/** The same plan written without a job's row (tests, a manual refresh). */
export async function recordImpactFigures(env: Pick<Env, "DB">, editions: readonly Edition[], now: Date) {
  const { statements, result } = await planImpactFigures(env, editions, now);
  if (statements.length > 0) await env.DB.batch(statements.map((statement) => prepared(env.DB, statement)));
  return result;
}
