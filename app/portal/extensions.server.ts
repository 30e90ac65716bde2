/**
 * Late-submission exceptions (issue 33): an organizer gives ONE team more
 * time to submit, a stated number of hours after the edition's deadline
 * (at most `moderationRules.extensionMaxHours`), with a reason. It cannot be
 * taken back once the team has used it, so it is one-way: proposed with a
 * preview (the team, its members, its deadline now and the new one) and run
 * only when a different director confirms it with their code (ADR 018's
 * two-person rule). What the team's deadline then is, everywhere, is
 * ./deadline.server.ts `teamSubmissionDeadline`.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { extensionPreviewText, moderationMessages, moderationSummaries } from "~/content/showcase-moderation";
import type { Db } from "~/db/client.server";
import { deadlineExtensions, teamMembers, teams, user } from "~/db/schema";
import { editionTeamNameQueries, reportTeamNames, teamNamesOf } from "~/judging/appeal-decisions.server";
import { keptPerIsolate } from "~/organize/kept.server";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { extendedBy, teamSubmissionDeadline } from "./deadline.server";
import { ExtendDeadlineSchema } from "./extension-schema";

const when = (date: Date) => formatMountain(date, "dateTime");

/** The edition's teams as the desk's chooser names them, by name. */
export async function editionTeams(db: Db, editionId: string): Promise<{ teamId: string; team: string }[]> {
  // The names from two edition-wide statements in the same batch (issue 56), not a list of ids 90 at a time.
  const [rows, named, people] = await db.batch([
    db.select({ id: teams.id }).from(teams).where(eq(teams.editionId, editionId)),
    ...editionTeamNameQueries(db, editionId),
  ]);
  const names = teamNamesOf(
    rows.map((r) => r.id),
    named,
    people,
  );
  return rows
    .map((r) => ({ teamId: r.id, team: names.get(r.id) ?? r.id }))
    .sort((a, b) => a.team.localeCompare(b.team) || a.teamId.localeCompare(b.teamId));
}

const keptTeams = keptPerIsolate<{ teamId: string; team: string }[]>();

/**
 * `editionTeams`, kept per isolate (issue 56, ~/organize/kept.server.ts)
 * under the "judging-report" version, whose triggers cover the tables the
 * names are read from (teams, members, registrations): the desk's forms
 * that name any team of the edition (an exception, a message) read it once
 * per change. `version`: that token, read in the page's batch.
 */
export function keptEditionTeams(db: Db, editionId: string, version: readonly { token: string }[]) {
  return keptTeams.at(editionId, version, () => editionTeams(db, editionId));
}

export interface ExtensionListing {
  teamId: string;
  team: string;
  /** The team's deadline, as shown (Mountain Time). */
  due: string;
  /** Whether it is still ahead. */
  open: boolean;
  hours: number;
  reason: string;
  grantedBy: string;
  granted: string;
  proposalId: string | null;
}

/** The edition's exceptions, latest deadline first. */
/** The edition's exceptions, latest deadline first, unrun (for a page's batch); `extensionListings` shapes them. */
export function editionExtensionsQuery(db: Db, editionId: string) {
  return db
    .select()
    .from(deadlineExtensions)
    .where(eq(deadlineExtensions.editionId, editionId))
    .orderBy(sql`${deadlineExtensions.until} DESC`, asc(deadlineExtensions.teamId));
}

export async function editionExtensions(db: Db, editionId: string, now: Date): Promise<ExtensionListing[]> {
  const rows = await editionExtensionsQuery(db, editionId);
  const names = await reportTeamNames(db, [...new Set(rows.map((r) => r.teamId))]);
  return extensionListings(rows, names, now);
}

/** `editionExtensionsQuery`'s rows as the desk lists them, each team named from `names`. */
export function extensionListings(
  rows: Awaited<ReturnType<typeof editionExtensionsQuery>>,
  names: ReadonlyMap<string, string>,
  now: Date,
): ExtensionListing[] {
  return rows.map((r) => {
    const until = new Date(r.until);
    return {
      teamId: r.teamId,
      team: names.get(r.teamId) ?? r.teamId,
      due: when(new Date(until.getTime() - 60_000)),
      open: now < until,
      hours: r.hours,
      reason: r.reason,
      grantedBy: r.grantedBy,
      granted: when(new Date(r.grantedAt)),
      proposalId: r.proposalId,
    };
  });
}

export const listExtensions = defineOrganizerQuery({
  id: "deadlines.extensions",
  permission: "read:showcase",
  input: z.object({}),
  read: async (_input, ctx) => ({
    editionId: ctx.edition.id,
    extensions: await editionExtensions(ctx.db, ctx.edition.id, ctx.now),
  }),
});

/** What an exception of `hours` for `teamId` would do now, or why it cannot be. */
async function extensionPlan(ctx: ActionContext, teamId: string, hours: number) {
  const { db, edition } = ctx;
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.editionId, edition.id)))
    .limit(1);
  if (!team) return { ok: false as const, status: 404, message: moderationMessages.unknownTeam, field: "teamId" };
  const [current, names, members] = await Promise.all([
    teamSubmissionDeadline(db, edition, team.id),
    reportTeamNames(db, [team.id]),
    db
      .select({ email: user.email, role: teamMembers.role })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, team.id))
      .orderBy(sql`${teamMembers.role} = 'lead' DESC`, asc(teamMembers.joinedAt), asc(user.email)),
  ]);
  const next = extendedBy(edition, hours);
  if (next.closesAt.getTime() <= ctx.now.getTime()) {
    return { ok: false as const, status: 409, message: moderationMessages.alreadyOver(when(next.due)), field: "hours" };
  }
  if (next.closesAt.getTime() <= current.closesAt.getTime()) {
    return {
      ok: false as const,
      status: 409,
      message: moderationMessages.notShorter(when(current.due)),
      field: "hours",
    };
  }
  return { ok: true as const, teamId: team.id, name: names.get(team.id) ?? team.id, members, current, next };
}

export const extendDeadline = defineOrganizerAction({
  id: "deadlines.extend",
  permission: "extend:deadline",
  input: ExtendDeadlineSchema,
  // No ids or times of the moment in it: recomputed at confirmation, it differs only if the team or its deadline did.
  async preview({ teamId, hours, reason }, ctx) {
    const plan = await extensionPlan(ctx, teamId, Number(hours));
    if (!plan.ok) return plan;
    return {
      summary: extensionPreviewText.summary(plan.name, when(plan.next.due)),
      tables: [
        {
          caption: extensionPreviewText.teamCaption,
          columns: [...extensionPreviewText.teamHead],
          rows: [[plan.name, when(plan.current.due), when(plan.next.due), Number(hours)]],
        },
        {
          caption: extensionPreviewText.membersCaption,
          columns: [...extensionPreviewText.membersHead],
          rows: plan.members.map((m) => [m.email, m.role]),
        },
      ],
      notes: [extensionPreviewText.note, reason],
    };
  },
  async run({ teamId, hours, reason }, ctx) {
    const plan = await extensionPlan(ctx, teamId, Number(hours));
    if (!plan.ok) return plan;
    const at = ctx.now.toISOString();
    const until = plan.next.closesAt.toISOString();
    const grant = {
      until,
      hours: Number(hours),
      reason,
      grantedBy: actorLabel(ctx.actor),
      grantedAt: at,
      proposalId: ctx.proposalId ?? null,
    };
    return {
      ok: true,
      statements: [
        ctx.db
          .insert(deadlineExtensions)
          .values({ editionId: ctx.edition.id, teamId: plan.teamId, ...grant })
          .onConflictDoUpdate({ target: [deadlineExtensions.editionId, deadlineExtensions.teamId], set: grant }),
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${deadlineExtensions} WHERE ${deadlineExtensions.editionId} = ${ctx.edition.id} AND ${deadlineExtensions.teamId} = ${plan.teamId} AND ${deadlineExtensions.until} = ${until} AND ${deadlineExtensions.grantedAt} = ${at})`,
      audit: {
        summary: moderationSummaries.extend(plan.name, Number(hours), when(plan.next.due)),
        targets: { teamId: plan.teamId, team: plan.name, members: plan.members.map((m) => m.email) },
        before: { closesAt: plan.current.closesAt.toISOString(), extended: plan.current.extension !== null },
        after: { closesAt: until, hours: Number(hours) },
        reason,
      },
      message: moderationMessages.extended(plan.name, when(plan.next.due)),
      result: { teamId: plan.teamId, until },
    };
  },
});

export const deadlineActions = [extendDeadline];
export const deadlineQueries = [listExtensions];
