/** What /organize/messages shows (issue 33): the segments, the edition's teams and the past announcements. */
import { eq } from "drizzle-orm";
import { teams } from "~/db/schema";
import { reportTeamNames } from "~/judging/appeal-decisions.server";
import { deskHeader } from "~/organize/desk-view.server";
import type { Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";
import { pastAnnouncements, segmentOptions } from "./announcements.server";

export async function messagesDeskView(desk: Desk, url: URL) {
  const { db, edition } = desk;
  const [teamRows, past] = await Promise.all([
    db.select({ id: teams.id }).from(teams).where(eq(teams.editionId, edition.id)),
    pastAnnouncements(db),
  ]);
  const names = await reportTeamNames(
    db,
    teamRows.map((t) => t.id),
  );
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    canSend: desk.can("send:message"),
    segments: segmentOptions,
    teams: teamRows
      .map((t) => ({ id: t.id, label: `${names.get(t.id) ?? t.id} (${t.id.slice(0, 8)})` }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    past: paged(past, url),
  };
}

export type MessagesDeskView = Awaited<ReturnType<typeof messagesDeskView>>;
