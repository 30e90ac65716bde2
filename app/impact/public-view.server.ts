/**
 * What /impact shows (issue 55): the edition's goals against its figures,
 * certifications, organizations by tier, projects by track, the published
 * results, and each past edition beside it, every count of people or
 * projects as a public page may print it (`publicCount`).
 */
import type { RouterContextProvider } from "react-router";
import { editionsFor } from "~/clock/clock.server";
import { formatMountain } from "~/clock/format";
import { requestClock } from "~/clock/page-clock.server";
import { editionEndsAt } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { impactText } from "~/content/impact";
import { trackName } from "~/content/showcase";
import { requestContext } from "~/context";
import { getDb } from "~/db/client.server";
import { publishedResultsOf } from "~/judging/published.server";
import { siteOrigin } from "~/lib/meta";
import { goalProgress, isSuppressed, percentOf, publicCount, tierName, type EditionFigures } from "./figures";
import { editionFigures, frozenEditionFigures } from "./figures.server";
import { keptForAWhile } from "./kept.server";

/** The rows of the editions' side-by-side table: one measure per row, one column per edition. */
function sideBySide(columns: readonly { edition: Edition; figures: EditionFigures }[]) {
  const measures: { label: string; of: (f: EditionFigures) => number }[] = [
    { label: impactText.goals.participants, of: (f) => f.participants.total },
    { label: impactText.goals.organizations, of: (f) => f.organizations.total },
    { label: impactText.teams, of: (f) => f.projects.teams },
    { label: impactText.submitted, of: (f) => f.projects.submitted },
    { label: impactText.credentials, of: (f) => f.credentialsIssued },
    { label: impactText.finalists, of: (f) => f.results.finalists },
  ];
  return {
    editions: columns.map((c) => c.edition.name),
    rows: measures.map((m) => ({ label: m.label, values: columns.map((c) => publicCount(m.of(c.figures))) })),
  };
}

/** An edition's figures as the public page and the sponsors' report show them (small counts suppressed). */
export function publicFigures(edition: Edition, figures: EditionFigures) {
  const participants = figures.participants.total;
  return {
    goals: goalProgress(edition.goals, figures),
    participantsNote: impactText.participantsNote,
    certifications: figures.certifications.map((c) => ({
      name: c.name,
      people: publicCount(c.holders),
      // A share of a suppressed count would give it away.
      ofParticipants: isSuppressed(c.holders) ? "—" : `${percentOf(c.holders, participants)}%`,
    })),
    tiers: figures.organizations.byTier.map((t) => ({
      name: tierName(t.tier),
      organizations: publicCount(t.organizations),
    })),
    tracks: figures.projects.byTrack
      .map((t) => ({ name: (t.track && trackName(t.track)) || impactText.noTrack, projects: t.projects }))
      .sort((a, b) => b.projects - a.projects || a.name.localeCompare(b.name))
      .map((t) => ({
        name: t.name,
        projects: publicCount(t.projects),
        width: isSuppressed(t.projects) ? 0 : t.projects,
      })),
    counts: [
      { label: impactText.teams, value: publicCount(figures.projects.teams) },
      { label: impactText.submitted, value: publicCount(figures.projects.submitted) },
      { label: impactText.votes, value: publicCount(figures.votes) },
      { label: impactText.credentials, value: publicCount(figures.credentialsIssued) },
    ],
  };
}

export type PublicFigures = ReturnType<typeof publicFigures>;

export async function impactView({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const { env } = context.get(requestContext);
  const { now, edition } = requestClock(context);
  const db = getDb(env);
  const past = editionsFor(env).filter((e) => e.id !== edition.id && editionEndsAt(e) <= now && !e.isFixture);
  // Counted at most once a minute per isolate on the real clock (./kept.server.ts); "as of" says when.
  const { figures, frozen, results, countedAt } = await keptForAWhile(env, `impact:${edition.id}`, now, async () => {
    const [figures, frozen, results] = await Promise.all([
      editionFigures(db, edition, now),
      frozenEditionFigures(
        db,
        past.map((e) => e.id),
      ),
      publishedResultsOf(db, edition.id, now),
    ]);
    return { figures, frozen, results, countedAt: now };
  });
  const columns = [
    ...past.flatMap((e) => {
      const f = frozen.get(e.id);
      return f ? [{ edition: e, figures: f }] : [];
    }),
    { edition, figures },
  ];
  return {
    origin: siteOrigin(request, env),
    editionId: edition.id,
    editionName: edition.name,
    asOf: formatMountain(countedAt, "dateTime"),
    ...publicFigures(edition, figures),
    results,
    editions: columns.length > 1 ? sideBySide(columns) : null,
  };
}

export type ImpactView = Awaited<ReturnType<typeof impactView>>;
