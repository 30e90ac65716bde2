/**
 * Showcase moderation (issue 33): a coordinator hides a submitted project
 * from the public gallery with a reason the team reads on /portal, and shows
 * it again. While hidden, `shownIn` (./projects.server.ts) leaves it out of
 * the gallery, its page, the sitemap and the vote; nothing else here decides
 * what is shown. /organize/showcase, the organizer API and any CLI run these.
 */
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { moderationMessages, moderationSummaries } from "~/content/showcase-moderation";
import type { Db } from "~/db/client.server";
import { submissions, teams } from "~/db/schema";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { isSubmittedProject } from "~/portal/submitted.server";
import { editionTeamNameQueries, reportTeamNames, teamNamesOf } from "~/judging/appeal-decisions.server";
import { ModerateProjectSchema } from "./moderation-schema";

/** A submitted project of the edition as the desk lists it. */
export interface ModeratedProject {
  teamId: string;
  team: string;
  title: string | null;
  slug: string | null;
  /** The team agreed to the gallery (else it is never shown, hidden or not). */
  consented: boolean;
  hidden: { at: string; by: string; reason: string } | null;
}

/** The edition's submitted projects, by title (untitled last), each with whether the organizers hid it. */
export async function moderatedProjects(db: Db, editionId: string): Promise<ModeratedProject[]> {
  // The names from two edition-wide statements in the same batch (issue 56), not a list of ids 90 at a time.
  const [rows, named, people] = await db.batch([
    db
      .select({
        teamId: submissions.teamId,
        title: submissions.title,
        slug: submissions.slug,
        consented: submissions.publicConsent,
        hiddenAt: submissions.hiddenAt,
        hiddenBy: submissions.hiddenBy,
        hiddenReason: submissions.hiddenReason,
      })
      .from(submissions)
      .innerJoin(teams, eq(teams.id, submissions.teamId))
      .where(and(eq(submissions.editionId, editionId), isSubmittedProject))
      .orderBy(sql`${submissions.title} IS NULL`, sql`lower(${submissions.title})`, asc(submissions.teamId)),
    ...editionTeamNameQueries(db, editionId),
  ]);
  const names = teamNamesOf([...new Set(rows.map((r) => r.teamId))], named, people);
  return rows.map((r) => ({
    teamId: r.teamId,
    team: names.get(r.teamId) ?? r.teamId,
    title: r.title,
    slug: r.slug,
    consented: r.consented,
    hidden: r.hiddenAt
      ? { at: formatMountain(new Date(r.hiddenAt), "dateTime"), by: r.hiddenBy ?? "", reason: r.hiddenReason ?? "" }
      : null,
  }));
}

export const listModeratedProjects = defineOrganizerQuery({
  id: "showcase.projects",
  permission: "read:showcase",
  input: z.object({}),
  read: async (_input, ctx) => ({
    editionId: ctx.edition.id,
    projects: await moderatedProjects(ctx.db, ctx.edition.id),
  }),
});

/** The submitted project of `teamId` in the context's edition, or null. */
async function submittedProject(ctx: ActionContext, teamId: string) {
  const [row] = await ctx.db
    .select({ teamId: submissions.teamId, title: submissions.title, hiddenAt: submissions.hiddenAt })
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), eq(submissions.editionId, ctx.edition.id), isSubmittedProject))
    .limit(1);
  if (!row) return null;
  const team = (await reportTeamNames(ctx.db, [row.teamId])).get(row.teamId) ?? row.teamId;
  return { ...row, name: row.title ?? team, team };
}

export const hideProject = defineOrganizerAction({
  id: "showcase.hide",
  permission: "moderate:showcase",
  input: ModerateProjectSchema,
  async run({ teamId, reason }, ctx) {
    const project = await submittedProject(ctx, teamId);
    if (!project) return { ok: false, status: 404, message: moderationMessages.unknownProject };
    if (project.hiddenAt) return { ok: false, status: 409, message: moderationMessages.alreadyHidden };
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    return {
      ok: true,
      statements: [
        ctx.db
          .update(submissions)
          .set({ hiddenAt: at, hiddenBy: by, hiddenReason: reason })
          .where(and(eq(submissions.teamId, project.teamId), isNull(submissions.hiddenAt))),
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${submissions} WHERE ${submissions.teamId} = ${project.teamId} AND ${submissions.hiddenAt} = ${at} AND ${submissions.hiddenBy} = ${by})`,
      audit: {
        summary: moderationSummaries.hide(project.name),
        targets: { teamId: project.teamId, team: project.team },
        before: { hidden: false },
        after: { hidden: true, reason },
        reason,
      },
      message: moderationMessages.hidden(project.name),
      result: { teamId: project.teamId, hidden: true },
    };
  },
});

export const showProject = defineOrganizerAction({
  id: "showcase.show",
  permission: "moderate:showcase",
  input: ModerateProjectSchema,
  async run({ teamId, reason }, ctx) {
    const project = await submittedProject(ctx, teamId);
    if (!project) return { ok: false, status: 404, message: moderationMessages.unknownProject };
    if (!project.hiddenAt) return { ok: false, status: 409, message: moderationMessages.notHidden };
    const [before] = await ctx.db
      .select({ hiddenBy: submissions.hiddenBy, hiddenReason: submissions.hiddenReason })
      .from(submissions)
      .where(eq(submissions.teamId, project.teamId));
    return {
      ok: true,
      statements: [
        ctx.db
          .update(submissions)
          .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
          .where(and(eq(submissions.teamId, project.teamId), eq(submissions.hiddenAt, project.hiddenAt))),
      ],
      // Still hidden when this batch ran, by the hiding this organizer saw: nobody showed it meanwhile.
      holds: sql`NOT EXISTS (SELECT 1 FROM ${submissions} WHERE ${submissions.teamId} = ${project.teamId} AND ${isNotNull(submissions.hiddenAt)})`,
      audit: {
        summary: moderationSummaries.show(project.name),
        targets: { teamId: project.teamId, team: project.team },
        before: {
          hidden: true,
          hiddenAt: project.hiddenAt,
          hiddenBy: before?.hiddenBy ?? null,
          reason: before?.hiddenReason ?? null,
        },
        after: { hidden: false },
        reason,
      },
      message: moderationMessages.shown(project.name),
      result: { teamId: project.teamId, hidden: false },
    };
  },
});

export const showcaseModerationActions = [hideProject, showProject];
export const showcaseModerationQueries = [listModeratedProjects];
