/**
 * /organize/judges' advisors and profiles (issue 54): the offers to advise
 * (the interest forms with the advisor's role), each invited with the same
 * `judges.invite` action as a judge, with an advisor's standing and the
 * advisory group the coordinator chooses; the edition's advisors; and the
 * profiles judges and advisors gave, with the "Publish profiles" action.
 */
import { and, eq, isNull } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { advisoryGroupName } from "~/content/profiles";
import { advisoryGroups } from "~/content/judges";
import { advisors, judgeInvitations, user } from "~/db/schema";
import { isOpenInvitation } from "~/lib/invitation.server";
import { actionIntent } from "~/organize/action-intent.server";
import type { Desk } from "~/organize/guard.server";
import { judgeInterests } from "~/judging/actions.server";
import { deskProfiles, publishProfiles } from "./actions.server";

export async function profilesDeskView(desk: Desk) {
  const { db, edition, now } = desk;
  const [interests, advisorRows, invited, profiles] = await Promise.all([
    judgeInterests(db, "advisor"),
    db
      .select({ name: advisors.name, email: user.email, group: advisors.advisoryGroup, joinedAt: advisors.joinedAt })
      .from(advisors)
      .innerJoin(user, eq(user.id, advisors.userId))
      .where(eq(advisors.editionId, edition.id))
      .orderBy(advisors.name),
    db
      .select({ email: judgeInvitations.email })
      .from(judgeInvitations)
      .where(
        and(
          eq(judgeInvitations.editionId, edition.id),
          eq(judgeInvitations.standing, "advisor"),
          isNull(judgeInvitations.revokedAt),
          isOpenInvitation(judgeInvitations, now),
        ),
      ),
    deskProfiles(desk),
  ]);
  const advisorEmails = new Set(advisorRows.map((a) => a.email.toLowerCase()));
  const invitedEmails = new Set(invited.map((i) => i.email));
  return {
    canInvite: desk.can("invite:judge"),
    canPublish: desk.can("publish:profile"),
    groups: advisoryGroups.map((g) => ({ id: g.id, name: g.name })),
    advisors: advisorRows.map((a) => ({
      name: a.name,
      email: a.email,
      group: advisoryGroupName(a.group),
      joined: formatMountain(new Date(a.joinedAt)),
    })),
    advisorInterests: interests.map((i) => {
      const email = i.email.trim().toLowerCase();
      return {
        id: i.id,
        name: `${i.firstName} ${i.lastName}`,
        email,
        organization: i.organization,
        title: i.title,
        sentAt: formatMountain(new Date(i.createdAt)),
        status: advisorEmails.has(email) ? "advisor" : invitedEmails.has(email) ? "invited" : "open",
      } as const;
    }),
    ...profiles,
  };
}

export type ProfilesDeskView = Awaited<ReturnType<typeof profilesDeskView>>;

export const profilesDeskIntents = {
  "publish-profiles": actionIntent(publishProfiles, {
    title: "Profiles published",
    redirectTo: "/organize/judges#profiles",
  }),
};
