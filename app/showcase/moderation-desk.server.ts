/**
 * /organize/showcase (issue 33): what the page shows (the edition's
 * submitted projects, searched by title or team and paged, each with hide or
 * show; the teams for a late-submission exception; the exceptions granted)
 * and what its forms do (each an organizer action: hiding and showing run at
 * once, an exception is proposed for a second director).
 */
import { formatMountain } from "~/clock/format";
import type { Intent } from "~/forms/intent-action.server";
import { moderationRules } from "~/content/showcase-moderation";
import { deskHeader } from "~/organize/desk-view.server";
import { actionIntent } from "~/organize/desk-intent.server";
import type { Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";
import { editionExtensions, editionTeams, extendDeadline } from "~/portal/extensions.server";
import { hideProject, moderatedProjects, showProject } from "./moderation.server";
import type { ModerateProjectSchema } from "./moderation-schema";

export async function showcaseDeskView(desk: Desk, url: URL) {
  const { db, edition, now } = desk;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, moderationRules.searchMaxChars);
  const canExtend = desk.can("extend:deadline");
  const [projects, extensions, teams] = await Promise.all([
    moderatedProjects(db, edition.id),
    editionExtensions(db, edition.id, now),
    canExtend ? editionTeams(db, edition.id) : Promise.resolve([]),
  ]);
  const needle = q.toLowerCase();
  const matching = needle
    ? projects.filter((p) => (p.title ?? "").toLowerCase().includes(needle) || p.team.toLowerCase().includes(needle))
    : projects;
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    generalDeadline: formatMountain(edition.submissionDeadline.due, "dateTime"),
    canModerate: desk.can("moderate:showcase"),
    canExtend,
    q,
    submittedCount: projects.length,
    projects: paged(matching, url, "page", moderationRules.projectsPageSize),
    extensions: paged(extensions, url, "extensions"),
    teams,
  };
}

export type ShowcaseDeskView = Awaited<ReturnType<typeof showcaseDeskView>>;

/** Hide and show are repeated per project: the answer goes back to the project that was posted. */
const hide: Intent<typeof ModerateProjectSchema, Desk> = {
  ...actionIntent(hideProject, { title: "Project hidden", redirectTo: "/organize/showcase#projects" }),
  instanceField: "teamId",
};
const show: Intent<typeof ModerateProjectSchema, Desk> = {
  ...actionIntent(showProject, { title: "Project shown again", redirectTo: "/organize/showcase#projects" }),
  instanceField: "teamId",
};

export const showcaseDeskIntents = {
  hide,
  show,
  extend: actionIntent(extendDeadline, { title: "Exception proposed" }),
};
