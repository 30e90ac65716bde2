/**
 * Who a change of a published edition concerns (issue 52), decided per
 * milestone: the submission deadline concerns the members of teams whose
 * project is not submitted yet; enrollment, the creation period and the
 * showcase concern the registered and enrolled participants; judging
 * concerns the judges; the finalists' announcement and the finals concern
 * both participants and judges. Each person is counted, and e-mailed, once
 * however many groups and milestones name them.
 */
import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { affectedGroupText } from "~/content/edition-desk";
import type { MilestoneId } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { judges, registrations, submissions, teamMembers, teams, user } from "~/db/schema";

export type AffectedGroup = keyof typeof affectedGroupText;

export const affectedByMilestone: Readonly<Record<MilestoneId, readonly AffectedGroup[]>> = {
  "early-enrollment": ["registrants"],
  "creation-period": ["registrants"],
  "standard-registration": ["registrants"],
  "organization-enrollment-opens": ["registrants"],
  "program-starts": ["registrants"],
  "submission-deadline": ["submitting"],
  "final-enrollment-deadline": ["registrants"],
  "showcase-voting": ["registrants"],
  judging: ["judges"],
  "finalists-announced": ["registrants", "judges"],
  finals: ["registrants", "judges"],
};

async function groupAddresses(db: Db, editionId: string, group: AffectedGroup): Promise<string[]> {
  if (group === "registrants") {
    const rows = await db
      .selectDistinct({ email: user.email })
      .from(registrations)
      .innerJoin(user, eq(user.id, registrations.userId))
      .where(and(eq(registrations.editionId, editionId), inArray(registrations.status, ["paid", "enrolled"])));
    return rows.map((r) => r.email);
  }
  if (group === "judges") {
    const rows = await db
      .selectDistinct({ email: user.email })
      .from(judges)
      .innerJoin(user, eq(user.id, judges.userId))
      .where(and(eq(judges.editionId, editionId), isNull(judges.leftAt)));
    return rows.map((r) => r.email);
  }
  const rows = await db
    .selectDistinct({ email: user.email })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .leftJoin(submissions, eq(submissions.teamId, teams.id))
    .where(and(eq(teams.editionId, editionId), or(isNull(submissions.status), ne(submissions.status, "submitted"))));
  return rows.map((r) => r.email);
}

export interface Affected {
  groups: { group: AffectedGroup; count: number; milestones: MilestoneId[] }[];
  /** Every address once, sorted: one e-mail each. */
  recipients: string[];
}

/** The people moving `milestones` of `editionId` concerns, by group, and everyone once. */
export async function affectedPeople(db: Db, editionId: string, milestones: readonly MilestoneId[]): Promise<Affected> {
  const wanted = new Map<AffectedGroup, MilestoneId[]>();
  for (const id of milestones) {
    for (const group of affectedByMilestone[id]) wanted.set(group, [...(wanted.get(group) ?? []), id]);
  }
  const groups = await Promise.all(
    [...wanted].map(async ([group, ids]) => ({ group, ids, addresses: await groupAddresses(db, editionId, group) })),
  );
  const recipients = [...new Set(groups.flatMap((g) => g.addresses))].sort();
  return {
    groups: groups.map((g) => ({ group: g.group, count: g.addresses.length, milestones: g.ids })),
    recipients,
  };
}
