/**
 * The review of the audience vote and the Audience Choice as organizer
 * actions (issue 33, ADR 018), moved from the terminal into the worker: the
 * desk's /organize/votes, the organizer API and `npm run admin --
 * votes-review | exclude-votes | publish-audience-choice` all run these.
 *
 * - votes.review (read:vote): the edition's flags (./review.ts's rules:
 *   bursts, one address or network, accounts created during the showcase,
 *   throwaway mail), each with its vote ids, the exclusions and the tally.
 *   Never who voted: a vote is its id, its project and its exclusion.
 * - votes.exclude (exclude:vote): listed votes or a whole flag, with a
 *   reason and its category, after the close and before the publication.
 * - votes.publish-audience-choice (propose:publication, one-way): the
 *   ledger, the winner(s) in `published_results` and their credentials,
 *   signed when issued through the results' own publication
 *   (app/results/publication.server.ts); proposed with its preview,
 *   confirmed by a second director.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { exclusionCategoryLabels, AUDIENCE_CHOICE_AWARD, type ExclusionCategory } from "~/content/showcase";
import { audienceChoicePreviewText, excludedText, voteReviewMessages, voteReviewRules } from "~/content/vote-review";
import type { Db } from "~/db/client.server";
import { showcaseLedger, showcaseVotes, submissions } from "~/db/schema";
import { refusal, type Refusal } from "~/lib/refusal";
import {
  actorLabel,
  defineOrganizerAction,
  defineOrganizerQuery,
  type ActionContext,
  type Preview,
  type Statement,
} from "~/organize/action.server";
import { awardResultsPlan, planPreview, planStatements, type PublicationPlan } from "~/results/publication.server";
import { derivedVersionQuery, keptPerIsolate } from "~/organize/kept.server";
import { shownIn } from "./shown.server";
import { reviewVotes, tallyVotes, type ReviewedVote, type VoteFlag } from "./review";
import { ExcludeVotesSchema, PublishAudienceChoiceSchema, voteIdsOf } from "./vote-review-schema";
import { showcaseOpensAt, votingClosesAt, votingWindow } from "./window";

// D1 binds at most 100 values a statement: ids go in slices.
const IDS_PER_STATEMENT = 90;

interface EditionVote extends ReviewedVote {
  excludedBy: string | null;
  excludedReason: string | null;
}

/** Every vote of the edition, oldest first: what the review reads (never the voter). */
async function editionVotes(db: Db, editionId: string): Promise<EditionVote[]> {
  return db
    .select({
      id: showcaseVotes.id,
      teamId: showcaseVotes.teamId,
      clientIp: showcaseVotes.clientIp,
      ipPrefix: showcaseVotes.ipPrefix,
      accountCreatedAt: showcaseVotes.accountCreatedAt,
      emailDomain: showcaseVotes.emailDomain,
      castAt: showcaseVotes.castAt,
      excludedAt: showcaseVotes.excludedAt,
      excludedCategory: showcaseVotes.excludedCategory,
      excludedBy: showcaseVotes.excludedBy,
      excludedReason: showcaseVotes.excludedReason,
    })
    .from(showcaseVotes)
    .where(eq(showcaseVotes.editionId, editionId))
    .orderBy(asc(showcaseVotes.castAt), asc(showcaseVotes.id));
}

/** The shown projects (the ledger's rows), by title. */
async function shownProjects(db: Db, editionId: string) {
  const rows = await db
    .select({ teamId: submissions.teamId, title: submissions.title, slug: submissions.slug })
    .from(submissions)
    .where(shownIn(editionId))
    .orderBy(sql`lower(${submissions.title})`, asc(submissions.slug));
  return rows.map((r) => ({ teamId: r.teamId, title: r.title ?? "", slug: r.slug }));
}

/** When the edition's Audience Choice was published, or null. */
async function publishedAt(db: Db, editionId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: showcaseLedger.publishedAt })
    .from(showcaseLedger)
    .where(eq(showcaseLedger.editionId, editionId))
    .limit(1);
  return row?.at ?? null;
}

/** The project a burst flag is about (its id is "burst:<teamId>@<minute>"). */
function flagTeamId(flag: VoteFlag): string | null {
  return flag.kind === "burst" ? (flag.id.slice("burst:".length).split("@")[0] ?? null) : null;
}

export interface VoteReview {
  editionId: string;
  editionName: string;
  voting: "notYetOpen" | "open" | "closed";
  opensAt: string;
  closesAt: string;
  publishedAt: string | null;
  counts: { votes: number; excluded: number; flags: number };
  flags: {
    id: string;
    kind: VoteFlag["kind"];
    kindLabel: string;
    description: string;
    project: string | null;
    voteIds: string[];
    excluded: number;
  }[];
  /** The exclusions made, one line per exclusion (its category, reason, who and when), newest first. */
  exclusions: { category: string; categoryLabel: string; reason: string; by: string; at: string; voteIds: string[] }[];
  tally: {
    teamId: string;
    title: string;
    cast: number;
    excluded: Partial<Record<ExclusionCategory, number>>;
    final: number;
  }[];
}

/** The review of an edition's votes as the desk, the API and the CLI show it. */
export async function voteReview(ctx: Pick<ActionContext, "db" | "edition" | "now">): Promise<VoteReview> {
  const { db, edition, now } = ctx;
  const [votes, projects, published] = await Promise.all([
    editionVotes(db, edition.id),
    shownProjects(db, edition.id),
    publishedAt(db, edition.id),
  ]);
  const flags = reviewVotes(votes, showcaseOpensAt(edition));
  const excluded = new Set(votes.filter((v) => v.excludedAt).map((v) => v.id));
  const titles = new Map(projects.map((p) => [p.teamId, p.title]));
  const exclusions = new Map<string, VoteReview["exclusions"][number]>();
  for (const vote of votes) {
    if (!vote.excludedAt) continue;
    const category = vote.excludedCategory ?? "other";
    const key = JSON.stringify([vote.excludedAt, vote.excludedBy, category, vote.excludedReason]);
    const line = exclusions.get(key) ?? {
      category,
      categoryLabel: exclusionCategoryLabels[category as ExclusionCategory] ?? category,
      reason: vote.excludedReason ?? "",
      by: vote.excludedBy ?? "",
      at: vote.excludedAt,
      voteIds: [],
    };
    line.voteIds.push(vote.id);
    exclusions.set(key, line);
  }
  const tallies = new Map(tallyVotes(votes).map((t) => [t.teamId, t]));
  return {
    editionId: edition.id,
    editionName: edition.name,
    voting: votingWindow(now, edition),
    opensAt: showcaseOpensAt(edition).toISOString(),
    closesAt: votingClosesAt(edition).toISOString(),
    publishedAt: published,
    counts: { votes: votes.length, excluded: excluded.size, flags: flags.length },
    flags: flags.map((flag) => {
      const teamId = flagTeamId(flag);
      return {
        id: flag.id,
        kind: flag.kind,
        kindLabel: exclusionCategoryLabels[flag.kind],
        description: flag.description,
        project: teamId ? (titles.get(teamId) ?? null) : null,
        voteIds: flag.voteIds,
        excluded: flag.voteIds.filter((id) => excluded.has(id)).length,
      };
    }),
    exclusions: [...exclusions.values()].sort((a, b) => b.at.localeCompare(a.at)),
    tally: projects
      .map((p) => {
        const t = tallies.get(p.teamId);
        return {
          teamId: p.teamId,
          title: p.title,
          cast: t?.cast ?? 0,
          excluded: t?.excluded ?? {},
          final: t?.final ?? 0,
        };
      })
      .sort((a, b) => b.final - a.final || a.title.localeCompare(b.title)),
  };
}

const reviews = keptPerIsolate<VoteReview>();

/**
 * The review as /organize/votes shows it (issue 56): kept per isolate under
 * the "vote-review" version (~/organize/kept.server.ts; triggers on the
 * votes, the projects and the ledger change it), read in one round trip
 * while it holds; `voting` is the clock's, always now. The API's
 * `votes.review` computes fresh.
 */
export async function keptVoteReview(
  ctx: Pick<ActionContext, "db" | "edition" | "now">,
  /** The version's rows when the desk's guard read them already (app/desk/pages.ts declares it). */
  versionRows?: readonly { token: string }[],
): Promise<VoteReview> {
  const version = versionRows ?? (await derivedVersionQuery(ctx.db, "vote-review"));
  const review = await reviews.at(ctx.edition.id, version, () => voteReview(ctx));
  return { ...review, voting: votingWindow(ctx.now, ctx.edition) };
}

export const reviewVotesQuery = defineOrganizerQuery({
  id: "votes.review",
  permission: "read:vote",
  input: z.object({}),
  read: async (_input, ctx) => voteReview(ctx),
});

/** Why votes may not change now (before the close, or once published), or null. */
function closedForChanges(ctx: ActionContext, published: string | null): Refusal | null {
  if (votingWindow(ctx.now, ctx.edition) !== "closed") {
    return refusal(voteReviewMessages.notClosed(votingClosesAt(ctx.edition)), 409);
  }
  if (published) return refusal(voteReviewMessages.published(published), 409);
  return null;
}

/** No ledger of the edition yet: a condition every change of the review keeps. */
const notPublished = (editionId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${showcaseLedger} WHERE ${showcaseLedger.editionId} = ${editionId})`;

export const excludeVotes = defineOrganizerAction({
  id: "votes.exclude",
  permission: "exclude:vote",
  input: ExcludeVotesSchema,
  async run({ voteIds, flagId, reason, category }, ctx) {
    const { db, edition, now } = ctx;
    const [votes, published] = await Promise.all([editionVotes(db, edition.id), publishedAt(db, edition.id)]);
    const closed = closedForChanges(ctx, published);
    if (closed) return closed;
    const listed = voteIdsOf(voteIds);
    if (listed.length > voteReviewRules.voteIdsMax) {
      return refusal(voteReviewMessages.tooMany(voteReviewRules.voteIdsMax), 400, "voteIds");
    }
    let flag: VoteFlag | undefined;
    if (flagId) {
      flag = reviewVotes(votes, showcaseOpensAt(edition)).find((f) => f.id === flagId);
      if (!flag) return refusal(voteReviewMessages.unknownFlag(flagId), 404, "flagId");
    }
    const named = [...new Set([...listed, ...(flag?.voteIds ?? [])])];
    if (named.length === 0) return refusal(voteReviewMessages.nothingNamed, 400, "voteIds");
    const known = new Map(votes.map((v) => [v.id, v]));
    const unknown = named.filter((id) => !known.has(id));
    if (unknown.length > 0) return refusal(voteReviewMessages.unknownVotes(unknown), 400, "voteIds");
    const chosen = (category ?? (listed.length === 0 ? flag?.kind : undefined)) as ExclusionCategory | undefined;
    if (!chosen) return refusal(voteReviewMessages.categoryRequired, 400, "category");
    const fresh = named.filter((id) => !known.get(id)!.excludedAt);
    if (fresh.length === 0) return refusal(voteReviewMessages.alreadyExcluded, 409);
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const statements: Statement[] = [];
    for (let i = 0; i < fresh.length; i += IDS_PER_STATEMENT) {
      statements.push(
        db
          .update(showcaseVotes)
          .set({ excludedAt: at, excludedBy: by, excludedReason: reason, excludedCategory: chosen })
          .where(
            and(
              eq(showcaseVotes.editionId, edition.id),
              isNull(showcaseVotes.excludedAt),
              inArray(showcaseVotes.id, fresh.slice(i, i + IDS_PER_STATEMENT)),
            ),
          ),
      );
    }
    const already = named.length - fresh.length;
    return {
      ok: true,
      statements,
      // Every vote meant went from counted to excluded now (none was excluded meanwhile), and nothing is published.
      holds: sql`(SELECT count(*) FROM ${showcaseVotes} WHERE ${showcaseVotes.editionId} = ${edition.id} AND ${showcaseVotes.excludedAt} = ${at} AND ${showcaseVotes.excludedBy} = ${by} AND ${showcaseVotes.excludedReason} = ${reason}) = ${fresh.length} AND ${notPublished(edition.id)}`,
      audit: {
        summary: voteReviewMessages.auditExcluded(fresh.length, edition.name),
        targets: { editionId: edition.id, flagId: flag?.id ?? null, voteIds: fresh },
        before: { excluded: false },
        after: { excluded: true, category: chosen, count: fresh.length },
        reason,
      },
      message: voteReviewMessages.excluded(fresh.length, exclusionCategoryLabels[chosen], already),
      result: { excluded: fresh.length, already, category: chosen, voteIds: fresh },
    };
  },
});

interface LedgerLine {
  teamId: string;
  title: string;
  slug: string | null;
  cast: number;
  excluded: Partial<Record<ExclusionCategory, number>>;
  final: number;
  winner: boolean;
}

interface AudienceChoicePlan {
  ledger: LedgerLine[];
  winners: LedgerLine[];
  /** The winners' `published_results` rows and credentials: the results' own plan, or null without a winner. */
  results: PublicationPlan | null;
}

/** What publishing the Audience Choice writes, from the votes as they are now (the preview and the confirmation alike). */
async function audienceChoicePlan(ctx: ActionContext): Promise<AudienceChoicePlan | Refusal> {
  const { db, edition } = ctx;
  const [votes, projects, published] = await Promise.all([
    editionVotes(db, edition.id),
    shownProjects(db, edition.id),
    publishedAt(db, edition.id),
  ]);
  const closed = closedForChanges(ctx, published);
  if (closed) return closed;
  if (projects.length === 0) return refusal(voteReviewMessages.noProject, 409);
  const tallies = new Map(tallyVotes(votes).map((t) => [t.teamId, t]));
  const counted = projects.map((p) => {
    const t = tallies.get(p.teamId);
    return { ...p, cast: t?.cast ?? 0, excluded: t?.excluded ?? {}, final: t?.final ?? 0 };
  });
  const top = Math.max(0, ...counted.map((row) => row.final));
  const ledger = counted
    .map((row) => ({ ...row, winner: top > 0 && row.final === top }))
    .sort((a, b) => b.final - a.final || a.title.localeCompare(b.title));
  const winners = ledger.filter((row) => row.winner);
  if (winners.length === 0) return { ledger, winners, results: null };
  const results = await awardResultsPlan(
    winners.map((w) => ({ award: AUDIENCE_CHOICE_AWARD, teamId: w.teamId })),
    ctx,
  );
  if ("ok" in results) return results;
  return { ledger, winners, results };
}

function audienceChoicePreview(plan: AudienceChoicePlan, ctx: ActionContext): Preview | Refusal {
  const text = audienceChoicePreviewText;
  const results = plan.results ? planPreview(plan.results, ctx.edition) : null;
  if (results && "ok" in results) return results;
  const notes = [
    ...(plan.winners.length === 0 ? [text.noWinner] : []),
    ...(plan.winners.length > 1 ? [text.tie] : []),
    ...(results?.notes ?? []),
  ];
  return {
    summary: text.summary(
      ctx.edition.name,
      plan.ledger.length,
      plan.winners.map((w) => w.title),
      plan.results?.credentials.length ?? 0,
    ),
    tables: [
      {
        caption: text.ledgerCaption,
        columns: [...text.ledgerColumns],
        rows: plan.ledger.map((row) => [
          row.title,
          row.cast,
          excludedText(row.excluded),
          row.final,
          row.winner ? text.winner : null,
        ]),
      },
      ...(results?.tables ?? []),
    ],
    notes,
  };
}

export const publishAudienceChoice = defineOrganizerAction({
  id: "votes.publish-audience-choice",
  permission: "propose:publication",
  input: PublishAudienceChoiceSchema,
  async preview(_input, ctx) {
    const plan = await audienceChoicePlan(ctx);
    return "ok" in plan ? plan : audienceChoicePreview(plan, ctx);
  },
  async run(_input, ctx) {
    const plan = await audienceChoicePlan(ctx);
    if ("ok" in plan) return plan;
    const { db, edition, now } = ctx;
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const written = plan.results
      ? await planStatements(plan.results, ctx)
      : { statements: [], holds: undefined, credentialIds: [] as string[] };
    const ledgerRows = plan.ledger.map((row) => ({
      editionId: edition.id,
      teamId: row.teamId,
      projectTitle: row.title,
      slug: row.slug,
      votesCast: row.cast,
      votesExcluded: JSON.stringify(row.excluded),
      finalCount: row.final,
      publishedAt: at,
      publishedBy: by,
    }));
    const statements: Statement[] = [];
    // A ledger row binds 9 values: ten a statement stay under D1's 100.
    for (let i = 0; i < ledgerRows.length; i += 10) {
      statements.push(
        db
          .insert(showcaseLedger)
          .values(ledgerRows.slice(i, i + 10))
          .onConflictDoNothing(),
      );
    }
    statements.push(...written.statements);
    // Every ledger row is this publication's (a publication meanwhile is undone whole).
    const ledgerHolds = sql`(SELECT count(*) FROM ${showcaseLedger} WHERE ${showcaseLedger.editionId} = ${edition.id} AND ${showcaseLedger.publishedAt} = ${at}) = ${ledgerRows.length} AND (SELECT count(*) FROM ${showcaseLedger} WHERE ${showcaseLedger.editionId} = ${edition.id}) = ${ledgerRows.length}`;
    const winners = plan.winners.map((w) => ({ teamId: w.teamId, title: w.title, votes: w.final }));
    return {
      ok: true,
      statements,
      holds: written.holds ? and(ledgerHolds, written.holds) : ledgerHolds,
      audit: {
        summary: voteReviewMessages.auditPublished(edition.name),
        targets: { editionId: edition.id, teamIds: winners.map((w) => w.teamId) },
        after: {
          ledger: plan.ledger.map((row) => ({
            teamId: row.teamId,
            cast: row.cast,
            excluded: row.excluded,
            final: row.final,
          })),
          winners,
          credentials: written.credentialIds,
        },
      },
      message: voteReviewMessages.publishedMessage(plan.ledger.length, winners.length, written.credentialIds.length),
      result: { ledger: plan.ledger.length, winners, credentials: written.credentialIds.length },
    };
  },
});

export const voteReviewActions = [excludeVotes, publishAudienceChoice];
export const voteReviewQueries = [reviewVotesQuery];
