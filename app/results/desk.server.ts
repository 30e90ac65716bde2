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
import { deskRules } from "~/content/organize";
import { judgingReportAt, reportVersionQuery } from "~/judging/report-cache.server";
import { actionIntent } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { publishAwards, publishFinalists } from "./actions.server";
import { paged } from "~/organize/paging";
import { publishedResultsQuery } from "./publication.server";
import { publicationAwards } from "./schema";

export async function resultsDeskView(desk: Desk, url: URL) {
  const { db, edition, now } = desk;
  // The kept report's token as the desk's guard read it (app/desk/pages.ts declares it): the report, kept or
  // computed again, and what is published, side by side. Without it, the token and what is published in one batch.
  const [report, published] =
    desk.version?.name === "judging-report"
      ? await Promise.all([judgingReportAt(db, edition.id, desk.version.rows), publishedResultsQuery(db, edition.id)])
      : await db
          .batch([reportVersionQuery(db), publishedResultsQuery(db, edition.id)])
          .then(async ([version, rows]) => [await judgingReportAt(db, edition.id, version), rows] as const);
  const ranked = report.projects.map((p) => ({
    teamId: p.teamId,
    rank: p.rank,
    name: p.name,
    normalized: formatScore(p.normalized),
    judges: `${p.judges}/${p.assigned}`,
  }));
  const ranking = paged(ranked, url, "page", deskRules.listPageSize);
  // An award goes to a finalist, in practice: the choices are the published finalists and the ranking's
  // first fifty, not every project (a select of 2,000 teams per award was most of a 2 MB page). The awards'
  // form, a select of those per award, is shown once its link is followed (`?awards=choose`, a GET): it is
  // used once, on finals day, and was half the page on every other view (issue 56).
  const finalistIds = new Set(published.filter((r) => r.award === "finalist").map((r) => r.teamId));
  const awardTeams = [
    ...ranked.filter((p) => finalistIds.has(p.teamId)),
    ...ranked.slice(0, deskRules.pageSize).filter((p) => !finalistIds.has(p.teamId)),
  ];
  const announced = milestoneOf(edition, "finalists-announced").start;
  const finals = milestoneOf(edition, "finals").start;
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    finalists: { open: now >= announced, opens: formatMountain(announced, "dateTime") },
    awards: { open: now >= finals, opens: formatMountain(finals, "dateTime") },
    complete: report.complete,
    missing: report.projectsMissing.length,
    ranking,
    choosingAwards: url.searchParams.get("awards") === "choose",
    awardsHref: withAwards(url, true),
    awardsCancelHref: withAwards(url, false),
    awardTeams,
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

/** This page as it is (the ranking's page kept), with the awards' form open or closed. */
function withAwards(url: URL, open: boolean) {
  const at = new URL(url);
  if (open) at.searchParams.set("awards", "choose");
  else at.searchParams.delete("awards");
  return `${at.pathname}${at.search}#awards`;
}

export type ResultsDeskView = Awaited<ReturnType<typeof resultsDeskView>>;

export const resultsDeskIntents = {
  "publish-finalists": actionIntent(publishFinalists, { title: "Finalists proposed" }),
  "publish-awards": actionIntent(publishAwards, { title: "Awards proposed" }),
};
