/**
 * The appeals committee's side of a team's appeal (issues 24 and 32, ADR
 * 018): the edition's appeals as organizers read them (`appeals.list`), and
 * the decision (`appeals.decide`), recorded once, with its text, who and
 * when; the team sees it on /portal and each member is e-mailed through the
 * outbox in the same batch. /organize/appeals, the organizer API and `npm
 * run admin -- appeals | decide-appeal` all run these.
 */
import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import * as z from "zod/mini";
import { businessDaysDeadline } from "~/clock/business-days";
import { formatMountain } from "~/clock/format";
import { appealDecisionMessages } from "~/content/judging-results";
import { appeals as appealRules } from "~/content/program";
import type { Db } from "~/db/client.server";
import { judgingAppeals, registrations, teamMembers, teams, user } from "~/db/schema";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, rowWhere } from "~/organize/action.server";
import { appealDecided } from "./notification.server";
import { DecideAppealSchema } from "./schema";

const when = (iso: string) => formatMountain(new Date(iso), "dateTime");

/** The last minute the committee has: the end of the `decisionWithinBusinessDays`-th business day after the filing. */
export function appealDecideBy(filedAt: string): string {
  const deadline = businessDaysDeadline(new Date(filedAt), appealRules.decisionWithinBusinessDays);
  return formatMountain(new Date(deadline.getTime() - 60_000), "dateTime");
}

/**
 * Each team's name as the organizers' judging report names it (never
 * published): the team's name, or for a participant working alone the
 * registered name of its lead (else its first member), else "Participant".
 */
/** The report's name for a team with neither a name nor a registered member. */
const UNNAMED_TEAM = "Participant";

/** D1 binds at most 100 values a statement: ids go in lists of this many. */
const IDS_PER_STATEMENT = 90;

export async function reportTeamNames(db: Db, teamIds: readonly string[]): Promise<Map<string, string>> {
  if (teamIds.length === 0) return new Map();
  const lists: string[][] = [];
  for (let i = 0; i < teamIds.length; i += IDS_PER_STATEMENT) lists.push(teamIds.slice(i, i + IDS_PER_STATEMENT));
  // Side by side, not one after another: a showcase or an announcement names every team of an edition.
  const answers = await Promise.all(
    lists.map((ids) => Promise.all(teamNameQueries(db, inArray(teams.id, ids), inArray(teamMembers.teamId, ids)))),
  );
  return teamNamesOf(
    teamIds,
    answers.flatMap(([named]) => named),
    answers.flatMap(([, people]) => people),
  );
}

/**
 * The same names for every team of an edition, as two queries that a caller
 * batches with its own (the judging report, issue 56): a list of ids would
 * need a statement per 90 of them (D1 binds at most 100 values). Members are
 * read only for the teams without a name.
 */
export function editionTeamNameQueries(db: Db, editionId: string) {
  const unnamed = db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.editionId, editionId), isNull(teams.name)));
  return teamNameQueries(
    db,
    eq(teams.editionId, editionId),
    and(eq(teamMembers.editionId, editionId), inArray(teamMembers.teamId, unnamed))!,
  );
}

function teamNameQueries(db: Db, whichTeams: SQL, whichMembers: SQL) {
  return [
    db.select({ id: teams.id, name: teams.name }).from(teams).where(whichTeams),
    db
      .select({
        teamId: teamMembers.teamId,
        role: teamMembers.role,
        firstName: registrations.firstName,
        lastName: registrations.lastName,
        registeredAt: registrations.createdAt,
      })
      .from(teamMembers)
      .innerJoin(
        registrations,
        and(
          eq(registrations.userId, teamMembers.userId),
          eq(registrations.editionId, teamMembers.editionId),
          eq(registrations.registrationType, "individual"),
          inArray(registrations.status, ["paid", "enrolled"]),
        ),
      )
      .where(whichMembers),
  ] as const;
}

type TeamNameRows = { [K in keyof ReturnType<typeof teamNameQueries>]: Awaited<ReturnType<typeof teamNameQueries>[K]> };

/** Each of `teamIds` named from the two queries' rows. */
export function teamNamesOf(
  teamIds: readonly string[],
  named: TeamNameRows[0],
  people: TeamNameRows[1],
): Map<string, string> {
  const first = new Map<string, (typeof people)[number]>();
  for (const person of people) {
    const held = first.get(person.teamId);
    const leads = (p: typeof person) => (p.role === "lead" ? 0 : 1);
    if (
      !held ||
      leads(person) < leads(held) ||
      (leads(person) === leads(held) && person.registeredAt < held.registeredAt)
    ) {
      first.set(person.teamId, person);
    }
  }
  const names = new Map(named.map((t) => [t.id, t.name]));
  return new Map(
    teamIds.map((id) => {
      const person = first.get(id);
      return [id, names.get(id) ?? (person ? `${person.firstName} ${person.lastName}` : UNNAMED_TEAM)];
    }),
  );
}

export interface AppealListing {
  id: string;
  teamId: string;
  team: string;
  submittedBy: string | null;
  createdAt: string;
  /** In Mountain Time. */
  filed: string;
  decideBy: string;
  body: string;
  decidedAt: string | null;
  decided: string | null;
  decidedBy: string | null;
  decision: string | null;
}

/** The edition's appeals: open ones first (the oldest first: its deadline is nearest), then the decided ones, newest decision first. */
export async function editionAppeals(db: Db, editionId: string): Promise<AppealListing[]> {
  const rows = await db
    .select({
      id: judgingAppeals.id,
      teamId: judgingAppeals.teamId,
      submittedBy: user.email,
      body: judgingAppeals.body,
      createdAt: judgingAppeals.createdAt,
      decidedAt: judgingAppeals.decidedAt,
      decidedBy: judgingAppeals.decidedBy,
      decision: judgingAppeals.decision,
    })
    .from(judgingAppeals)
    .leftJoin(user, eq(user.id, judgingAppeals.submittedBy))
    .where(eq(judgingAppeals.editionId, editionId))
    .orderBy(asc(judgingAppeals.createdAt), asc(judgingAppeals.id));
  const names = await reportTeamNames(db, [...new Set(rows.map((r) => r.teamId))]);
  const listed = rows.map((r) => ({
    ...r,
    team: names.get(r.teamId) ?? UNNAMED_TEAM,
    filed: when(r.createdAt),
    decideBy: appealDecideBy(r.createdAt),
    decided: r.decidedAt ? when(r.decidedAt) : null,
  }));
  const open = listed.filter((a) => a.decidedAt === null);
  const decided = listed
    .filter((a) => a.decidedAt !== null)
    .sort((a, b) => (b.decidedAt ?? "").localeCompare(a.decidedAt ?? ""));
  return [...open, ...decided];
}

export const listAppeals = defineOrganizerQuery({
  id: "appeals.list",
  permission: "read:appeal",
  input: z.object({ edition: z.optional(z.string().check(z.regex(/^[\w-]{1,32}$/))) }),
  read: async ({ edition }, ctx) => {
    const editionId = edition ?? ctx.edition.id;
    return { editionId, appeals: await editionAppeals(ctx.db, editionId) };
  },
});

export const decideAppeal = defineOrganizerAction({
  id: "appeals.decide",
  permission: "decide:appeal",
  input: DecideAppealSchema,
  async run({ appealId, decision }, ctx) {
    const { db, edition, now } = ctx;
    const [appeal] = await db
      .select({
        id: judgingAppeals.id,
        teamId: judgingAppeals.teamId,
        createdAt: judgingAppeals.createdAt,
        decidedAt: judgingAppeals.decidedAt,
      })
      .from(judgingAppeals)
      .where(and(eq(judgingAppeals.id, appealId), eq(judgingAppeals.editionId, edition.id)))
      .limit(1);
    if (!appeal) return { ok: false, status: 404, message: appealDecisionMessages.unknown(appealId) };
    if (appeal.decidedAt) {
      return {
        ok: false,
        status: 409,
        message: appealDecisionMessages.alreadyDecided(appeal.id, when(appeal.decidedAt)),
      };
    }
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const [teamName, members] = await Promise.all([
      reportTeamNames(db, [appeal.teamId]).then((names) => names.get(appeal.teamId) ?? UNNAMED_TEAM),
      db
        .select({ userId: teamMembers.userId, email: user.email })
        .from(teamMembers)
        .innerJoin(user, eq(user.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, appeal.teamId))
        .orderBy(asc(teamMembers.joinedAt)),
    ]);
    const emails = members.map((member) =>
      outboxInsert(db, appealDecided, {
        // One e-mail per member and appeal, whatever happens.
        id: `appeal-decided:${appeal.id}:${member.userId}`,
        recipient: member.email,
        payload: {
          appealId: appeal.id,
          editionName: edition.name,
          teamName,
          filedAt: when(appeal.createdAt),
          decidedAt: when(at),
          decision,
          origin: ctx.origin,
        },
        now,
      }),
    );
    return {
      ok: true,
      statements: [
        db
          .update(judgingAppeals)
          .set({ decidedAt: at, decidedBy: by, decision })
          .where(and(eq(judgingAppeals.id, appeal.id), isNull(judgingAppeals.decidedAt))),
        ...emails.map((email) => email.statement),
      ],
      // Decided once: a second decision racing this one leaves no row, no e-mail and no audit entry.
      holds: rowWhere(
        ctx.db,
        judgingAppeals,
        eq(judgingAppeals.id, appeal.id),
        eq(judgingAppeals.decidedAt, at),
        eq(judgingAppeals.decidedBy, by),
      ),
      audit: {
        summary: `Decided ${teamName}'s appeal ${appeal.id}`,
        targets: { appealId: appeal.id, teamId: appeal.teamId, editionId: edition.id },
        before: { decided: false },
        after: { decided: true, decision, emails: emails.length },
      },
      message: appealDecisionMessages.decided(appeal.id, emails.length),
      result: { appealId: appeal.id, decidedAt: at, emails: emails.length },
      afterwards: async () => {
        if (emails.length === 0) return;
        await enqueueNotifications(
          ctx.env,
          emails.map((email) => email.id),
          { requestId: ctx.requestId, kind: appealDecided.kind },
        );
      },
    };
  },
});
