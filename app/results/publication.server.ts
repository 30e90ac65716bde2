/**
 * What a publication of results writes (issue 32, ADR 018): the rows that
 * appear on the site (`published_results`, each team named as its members
 * chose, app/showcase/credit.ts), the finalists' e-mails (outbox rows with
 * one id per member and edition, so nothing is sent twice), and the
 * credentials of every verified member, SIGNED here, in the worker, and
 * inserted already signed in the action's own batch: no GET ever signs or
 * writes them.
 *
 * A plan is computed from the database as it is now, the same way for the
 * preview the proposer sees and for the confirmation that runs it; the
 * preview is the plan without its ids, so a changed ranking, a new member or
 * a publication meanwhile makes the stored preview stale.
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { achievementOf, FINALIST } from "~/content/credentials";
import type { Edition } from "~/content/editions";
import { milestoneOf } from "~/content/editions";
import { publicationMessages } from "~/content/results";
import { configuredOrigin } from "~/credentials/credential.server";
import { holderRefusal } from "~/credentials/eligibility";
import { signedCredentialInserts } from "~/credentials/issue.server";
import type { Db } from "~/db/client.server";
import {
  credentials,
  notifications,
  publishedResults,
  showcaseMemberDisplay,
  submissions,
  teamMembers,
  teams,
  user,
} from "~/db/schema";
import { finalistAnnounced } from "~/judging/notification.server";
import { loadJudgingReport } from "~/judging/report.server";
import { outboxInsert } from "~/notifications/outbox.server";
import { refusal, type Refusal } from "~/lib/refusal";
import { actorLabel, type ActionContext, type Preview, type Statement } from "~/organize/action.server";
import { publicCredit } from "~/showcase/credit";
import { participantRegistrations } from "~/showcase/credit.server";
import { nameableInPublic } from "~/showcase/shown.server";

interface Member {
  teamId: string;
  userId: string;
  email: string;
  emailVerified: boolean;
}

interface Face {
  name: string;
  organization: string | null;
  /** The project's title as published: only when it may be named in public (app/showcase/shown.server.ts). */
  projectTitle: string | null;
  /** Hidden by the organizers (issue 50): the preview says why its title is missing. */
  projectHidden: boolean;
}

/**
 * The teams' members (lead first, then by joining) and each team's public
 * face: its name and organizations as its members chose them shown on the
 * showcase (nobody's choice yet shows no name and no organization).
 */
async function teamsInPublic(db: Db, editionId: string, teamIds: readonly string[]) {
  const wanted = new Set(teamIds);
  const [people, enrolled, named] = await Promise.all([
    db
      .select({
        teamId: teamMembers.teamId,
        userId: teamMembers.userId,
        accountName: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        nameDisplay: showcaseMemberDisplay.nameDisplay,
        showOrganization: showcaseMemberDisplay.showOrganization,
      })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .leftJoin(
        showcaseMemberDisplay,
        and(eq(showcaseMemberDisplay.teamId, teamMembers.teamId), eq(showcaseMemberDisplay.userId, teamMembers.userId)),
      )
      .where(eq(teamMembers.editionId, editionId))
      .orderBy(asc(teamMembers.teamId), sql`${teamMembers.role} = 'lead' DESC`, asc(teamMembers.joinedAt)),
    participantRegistrations(db, editionId),
    db
      .select({
        id: teams.id,
        name: teams.name,
        title: submissions.title,
        nameable: sql<number>`coalesce((${nameableInPublic}), 0)`,
        hidden: submissions.hiddenAt,
      })
      .from(teams)
      .leftJoin(submissions, eq(submissions.teamId, teams.id))
      .where(eq(teams.editionId, editionId)),
  ]);
  const byUser = new Map(enrolled.map((e) => [e.userId, e]));
  const members: Member[] = [];
  const faces = new Map<string, Face>();
  for (const teamId of teamIds) {
    const team = named.find((t) => t.id === teamId);
    const mates = people.filter((p) => p.teamId === teamId);
    const credit = publicCredit(
      team?.name ?? null,
      mates.map((p) => {
        const reg = byUser.get(p.userId);
        const [first, ...rest] = (p.accountName ?? "").split(" ");
        return {
          firstName: reg?.firstName ?? first ?? "",
          lastName: reg?.lastName ?? rest.join(" "),
          nameDisplay: p.nameDisplay,
          showOrganization: Boolean(p.showOrganization),
          organization: reg?.company ?? null,
        };
      }),
    );
    faces.set(teamId, {
      name: credit.name,
      organization: credit.organizations.length > 0 ? credit.organizations.join(", ") : null,
      projectTitle: team?.nameable ? (team.title ?? null) : null,
      projectHidden: Boolean(team?.hidden),
    });
  }
  for (const p of people) {
    if (wanted.has(p.teamId)) {
      members.push({ teamId: p.teamId, userId: p.userId, email: p.email, emailVerified: p.emailVerified });
    }
  }
  return { members, faces, known: new Set(named.map((t) => t.id)) };
}

/** The finals as the finalists' e-mail names them: "State Capital Finals, April 25, 2026 in Boise, Idaho". */
export function finalsText(edition: Edition): string {
  const finals = milestoneOf(edition, "finals");
  return `${edition.finalsVenue.name}, ${formatMountain(finals.start, "longDate")} in ${edition.finalsVenue.city}`;
}

/** One result to appear on the site. */
interface ResultLine {
  award: string;
  teamId: string;
  place: number;
  face: Face;
  /** Already on the site (a re-publication leaves it as it was published). */
  already: boolean;
}

interface CredentialLine {
  teamId: string;
  userId: string;
  email: string;
  achievement: string;
  /** When it was earned: the publication's time, or an earlier publication's. */
  earnedAt: string | null;
}

export interface PublicationPlan {
  kind: "finalists" | "awards";
  results: ResultLine[];
  emails: { id: string; teamId: string; recipient: string; teamName: string }[];
  credentials: CredentialLine[];
  notes: string[];
}

/** Each result's already-published row (for its name and time), by award and team. */
async function publishedOf(db: Db, editionId: string) {
  const rows = await db
    .select({
      award: publishedResults.award,
      teamId: publishedResults.teamId,
      teamName: publishedResults.teamName,
      publishedAt: publishedResults.publishedAt,
    })
    .from(publishedResults)
    .where(eq(publishedResults.editionId, editionId));
  return new Map(rows.map((r) => [`${r.award} ${r.teamId}`, r]));
}

/** Verified members without the achievement's credential yet; the others counted in a note. */
async function credentialsToIssue(
  db: Db,
  editionId: string,
  lines: { award: string; teamId: string; earnedAt: string | null }[],
  members: Member[],
  notes: string[],
): Promise<CredentialLine[]> {
  const achievements = [...new Set(lines.map((l) => l.award))].filter((id) => achievementOf(editionId, id));
  if (achievements.length === 0) return [];
  const held = await db
    .select({ userId: credentials.userId, achievement: credentials.achievement })
    .from(credentials)
    .where(and(eq(credentials.editionId, editionId), inArray(credentials.achievement, achievements)));
  const holds = new Set(held.map((h) => `${h.achievement} ${h.userId}`));
  const out: CredentialLine[] = [];
  const refused = new Map<string, number>();
  for (const line of lines) {
    if (!achievements.includes(line.award)) continue;
    for (const member of members.filter((m) => m.teamId === line.teamId)) {
      const key = `${line.award} ${member.userId}`;
      if (holds.has(key)) continue;
      const reason = holderRefusal(member);
      if (reason) {
        refused.set(reason, (refused.get(reason) ?? 0) + 1);
        continue;
      }
      holds.add(key);
      out.push({
        teamId: line.teamId,
        userId: member.userId,
        email: member.email,
        achievement: line.award,
        earnedAt: line.earnedAt,
      });
    }
  }
  for (const [reason, count] of refused) notes.push(publicationMessages.notHeld(count, reason));
  return out;
}

/** The finalists to publish: the top N of the report, or the chosen teams, by the CLI's rules. */
export async function finalistsPlan(
  { top, teamIds, force }: { top?: number; teamIds: string[]; force: boolean },
  ctx: ActionContext,
): Promise<PublicationPlan | Refusal> {
  const { db, edition, now } = ctx;
  if ((top === undefined) === (teamIds.length === 0) || (top !== undefined && !(Number.isInteger(top) && top > 0))) {
    return refusal(publicationMessages.chooseFinalists, 400, "top");
  }
  const announced = milestoneOf(edition, "finalists-announced").start;
  if (now < announced) return refusal(publicationMessages.finalistsTooEarly(edition.name, announced, now), 409);
  const report = await loadJudgingReport(db, edition.id);
  const notes: string[] = [];
  if (!report.complete) {
    const missing = report.projectsMissing.map((p) => `${p.name} (${p.missing} missing)`).join(", ");
    if (!force) return refusal(publicationMessages.scoresMissing(report.projectsMissing.length, missing), 409, "force");
    notes.push(publicationMessages.publishedAnyway(report.projectsMissing.length, missing));
  }
  let chosen: { teamId: string; place: number }[];
  if (top !== undefined) {
    const ranked = report.projects.filter((p) => p.rank !== null);
    if (ranked.length < top) notes.push(publicationMessages.fewResults(ranked.length));
    chosen = ranked.slice(0, top).map((p) => ({ teamId: p.teamId, place: p.rank! }));
  } else {
    const unknown = teamIds.filter((id) => !report.projects.some((p) => p.teamId === id));
    if (unknown.length > 0) return refusal(publicationMessages.notSubmitted(edition.name, unknown), 400, "teamIds");
    chosen = teamIds.map((id, i) => ({
      teamId: id,
      place: report.projects.find((p) => p.teamId === id)?.rank ?? i + 1,
    }));
  }
  const ids = chosen.map((c) => c.teamId);
  const [{ members, faces }, published] = await Promise.all([
    teamsInPublic(db, edition.id, ids),
    publishedOf(db, edition.id),
  ]);
  const results: ResultLine[] = chosen.map((c) => ({
    award: FINALIST,
    teamId: c.teamId,
    place: c.place,
    face: faces.get(c.teamId)!,
    already: published.has(`${FINALIST} ${c.teamId}`),
  }));
  // The e-mails not yet written: one per member, whatever happens (a re-publication sends nothing twice).
  const prefix = `finalist-announced:${edition.id}:`;
  const written = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(gte(notifications.id, prefix), lt(notifications.id, `${prefix.slice(0, -1)};`)));
  const sent = new Set(written.map((w) => w.id));
  const emails = results.flatMap((r) =>
    members
      .filter((m) => m.teamId === r.teamId)
      .map((m) => ({
        id: `${prefix}${r.teamId}:${m.userId}`,
        teamId: r.teamId,
        recipient: m.email,
        // The name the site shows: as published before, or as published now.
        teamName: published.get(`${FINALIST} ${r.teamId}`)?.teamName ?? r.face.name,
      }))
      .filter((e) => !sent.has(e.id)),
  );
  const issued = await credentialsToIssue(
    db,
    edition.id,
    results.map((r) => ({
      award: FINALIST,
      teamId: r.teamId,
      earnedAt: published.get(`${FINALIST} ${r.teamId}`)?.publishedAt ?? null,
    })),
    members,
    notes,
  );
  return { kind: "finalists", results, emails, credentials: issued, notes };
}

/** The awards to publish: each award's teams, numbered after those already published for it. */
export async function awardsPlan(
  pairs: { award: string; teamId: string }[],
  ctx: ActionContext,
): Promise<PublicationPlan | Refusal> {
  const { edition, now } = ctx;
  if (pairs.length === 0) return refusal(publicationMessages.chooseAwards, 400);
  const finals = milestoneOf(edition, "finals").start;
  if (now < finals) return refusal(publicationMessages.awardsTooEarly(edition.finalsVenue.name, finals), 409);
  return awardResultsPlan(pairs, ctx);
}

/**
 * The plan of award results whose time has come, whatever decided it: the
 * finals' awards above, and the Audience Choice after the vote's close
 * (app/showcase/vote-review.server.ts), which issues its credentials here too.
 */
export async function awardResultsPlan(
  pairs: { award: string; teamId: string }[],
  ctx: ActionContext,
): Promise<PublicationPlan | Refusal> {
  const { db, edition } = ctx;
  const teamIds = [...new Set(pairs.map((p) => p.teamId))];
  const [{ members, faces, known }, published] = await Promise.all([
    teamsInPublic(db, edition.id, teamIds),
    publishedOf(db, edition.id),
  ]);
  const unknown = teamIds.filter((id) => !known.has(id));
  if (unknown.length > 0) return refusal(publicationMessages.notATeam(edition.name, unknown), 400);
  const places = new Map<string, number>();
  for (const row of published.values()) places.set(row.award, (places.get(row.award) ?? 0) + 1);
  const results: ResultLine[] = pairs.map(({ award, teamId }) => {
    const already = published.has(`${award} ${teamId}`);
    const place = already ? 0 : (places.get(award) ?? 0) + 1;
    if (!already) places.set(award, place);
    return { award, teamId, place, face: faces.get(teamId)!, already };
  });
  const notes: string[] = [];
  const issued = await credentialsToIssue(
    db,
    edition.id,
    results.map((r) => ({
      award: r.award,
      teamId: r.teamId,
      earnedAt: published.get(`${r.award} ${r.teamId}`)?.publishedAt ?? null,
    })),
    members,
    notes,
  );
  return { kind: "awards", results, emails: [], credentials: issued, notes };
}

/** A result as the site lists it: "Finalist", or the award's name. */
const resultName = (editionId: string, award: string) =>
  award === FINALIST ? "Finalist" : (achievementOf(editionId, award)?.name ?? award);

/** A credential as its holders see it (app/content/credentials.ts): a finalist's is not called "Finalist". */
const credentialName = (editionId: string, achievement: string) =>
  achievementOf(editionId, achievement)?.name ?? achievement;

/** What the proposer and the confirming director see: exactly what will be published, sent and issued. */
export function planPreview(plan: PublicationPlan, edition: Edition): Preview | Refusal {
  const fresh = plan.results.filter((r) => !r.already);
  if (fresh.length === 0 && plan.emails.length === 0 && plan.credentials.length === 0) {
    return refusal(publicationMessages.nothingNew, 409);
  }
  const what = plan.kind === "finalists" ? "finalist(s)" : "award result(s)";
  return {
    summary: `Publish ${fresh.length} ${what} of the ${edition.name}, send ${plan.emails.length} e-mail(s) and issue ${plan.credentials.length} credential(s)`,
    tables: [
      {
        caption: "On the site",
        columns: ["Result", "Place", "Name", "Organization", "Project", "Team id", "Status"],
        rows: plan.results.map((r) => [
          resultName(edition.id, r.award),
          r.already ? "—" : r.place,
          r.face.name,
          r.face.organization,
          r.face.projectHidden ? publicationMessages.projectHidden : r.face.projectTitle,
          r.teamId,
          r.already ? "already published (unchanged)" : "new",
        ]),
      },
      {
        caption: "E-mails",
        columns: ["To", "Subject"],
        rows: plan.emails.map((e) => [
          e.recipient,
          finalistAnnounced.subject({ editionName: edition.name, teamName: e.teamName, finals: "", origin: "" }),
        ]),
      },
      {
        caption: "Credentials (signed when issued)",
        columns: ["Holder", "Credential", "Team id"],
        rows: plan.credentials.map((c) => [c.email, credentialName(edition.id, c.achievement), c.teamId]),
      },
    ],
    notes: [
      ...plan.notes,
      ...plan.results.filter((r) => r.face.projectHidden).map((r) => publicationMessages.hiddenProject(r.face.name)),
      publicationMessages.cached,
    ],
  };
}

/**
 * The plan's writes: the results (a team already published stays as it
 * was), the e-mails, and the credentials signed now, at the status-list
 * positions they will hold; `holds` checks they all went in (a credential
 * issued meanwhile took a position: the whole batch is undone).
 */
export async function planStatements(plan: PublicationPlan, ctx: ActionContext) {
  const { db, edition, now, env } = ctx;
  const at = now.toISOString();
  const by = actorLabel(ctx.actor);
  const statements: Statement[] = [];
  for (const r of plan.results.filter((line) => !line.already)) {
    statements.push(
      db
        .insert(publishedResults)
        .values({
          editionId: edition.id,
          award: r.award,
          teamId: r.teamId,
          place: r.place,
          teamName: r.face.name,
          projectTitle: r.face.projectTitle,
          organization: r.face.organization,
          publishedAt: at,
          publishedBy: by,
        })
        .onConflictDoNothing(),
    );
  }
  const emails = plan.emails.map((e) =>
    outboxInsert(db, finalistAnnounced, {
      id: e.id,
      recipient: e.recipient,
      payload: { editionName: edition.name, teamName: e.teamName, finals: finalsText(edition), origin: ctx.origin },
      now,
    }),
  );
  statements.push(...emails.map((e) => e.statement));
  const signed = await signedCredentialInserts(
    env,
    db,
    plan.credentials.map((c) => ({
      editionId: edition.id,
      achievement: c.achievement,
      userId: c.userId,
      teamId: c.teamId,
      source: "results" as const,
      earnedAt: c.earnedAt ?? at,
      recipientEmail: c.email,
      evidenceTitle: plan.results.find((r) => r.teamId === c.teamId)?.face.projectTitle ?? null,
    })),
    { now, origin: configuredOrigin(env) ?? ctx.origin },
  );
  statements.push(...signed.statements);
  return { statements, holds: signed.holds, emailIds: emails.map((e) => e.id), credentialIds: signed.ids };
}

/** `publishedResultsRows` unrun, for a page's batch. */
export function publishedResultsQuery(db: Db, editionId: string) {
  return db
    .select()
    .from(publishedResults)
    .where(eq(publishedResults.editionId, editionId))
    .orderBy(asc(publishedResults.award), asc(publishedResults.place));
}

/** Every published result of the edition, as the desk lists them (whatever their time). */
export async function publishedResultsRows(db: Db, editionId: string) {
  return publishedResultsQuery(db, editionId);
}
