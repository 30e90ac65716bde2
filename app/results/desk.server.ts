/**
 * /organize/results (issue 32): what it shows (the judging report's ranking,
 * whose top N the finalists' form proposes, what is already published, and
 * when each publication opens, on the worker's clock), and its forms: each
 * PROPOSES a one-way organizer action (./actions.server.ts); the browser
 * then goes to the proposal's page, where a different director confirms it.
 */
import { formatMountain } from "~/clock/format";
import { milestoneOf } from "~/content/editions";
import { achievementOf } from "~/content/credentials";
import { formatScore } from "~/judging/normalize";
import { loadJudgingReport } from "~/judging/report.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { publishAwards, publishFinalists } from "./actions.server";
import { publishedResultsRows } from "./publication.server";
import { publicationAwards } from "./schema";

export async function resultsDeskView(desk: Desk) {
  const { db, edition, now } = desk;
  const [report, published] = await Promise.all([
    loadJudgingReport(db, edition.id),
    publishedResultsRows(db, edition.id),
  ]);
  const announced = milestoneOf(edition, "finalists-announced").start;
  const finals = milestoneOf(edition, "finals").start;
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    finalists: { open: now >= announced, opens: formatMountain(announced, "dateTime") },
    awards: { open: now >= finals, opens: formatMountain(finals, "dateTime") },
    complete: report.complete,
    missing: report.projectsMissing.length,
    ranking: report.projects.map((p) => ({
      teamId: p.teamId,
      rank: p.rank,
      name: p.name,
      normalized: formatScore(p.normalized),
      judges: `${p.judges}/${p.assigned}`,
    })),
    awardChoices: publicationAwards.map((a) => ({ id: a.id, name: a.name })),
    published: published.map((r) => ({
      result: r.award === "finalist" ? "Finalist" : (achievementOf(edition.id, r.award)?.name ?? r.award),
      place: r.place,
      name: r.teamName,
      teamId: r.teamId,
      publishedAt: formatMountain(new Date(r.publishedAt), "dateTime"),
      publishedBy: r.publishedBy,
    })),
  };
}

export type ResultsDeskView = Awaited<ReturnType<typeof resultsDeskView>>;

export const resultsDeskIntents = {
  "publish-finalists": actionIntent(publishFinalists, { title: "Finalists proposed" }),
  "publish-awards": actionIntent(publishAwards, { title: "Awards proposed" }),
};
