/**
 * What /portal shows (issue 15): for anyone who can't take part yet, the one
 * step that gets them in; for a participant, their enrollment, the next
 * deadlines, their project's status and checklist, their team with its open
 * invitations, and the team's history.
 */
import { milestoneStatus } from "~/clock/schedule";
import { formatMountain } from "~/clock/format";
import type { Participant, Portal } from "./guard.server";
import { pastProjectsOf } from "./past-projects.server";
import { checklist, statusOf, submissionOf } from "./submission.server";
import { teamHistoryOf } from "./team-history.server";
import { teamResultsView } from "~/judging/team-results.server";
import { openInvitationsOf } from "./team.server";
import type { Edition } from "~/content/editions";

export async function portalHomeView(
  { access, db, now, edition, deadline, window }: Portal,
  participant: Participant | null,
  origin: string,
  editions: readonly Edition[],
) {
  const base = {
    access: access.kind,
    email: access.kind === "signed-out" ? null : access.user.email,
    window,
    deadline: formatMountain(deadline.due, "dateTime"),
    extended: deadline.extension !== null,
    opens: formatMountain(edition.standardRegistrationOpens, "dateTime"),
    editionId: edition.id,
    edition,
    // Earlier editions' projects, read-only, whether or not the person is enrolled in this one (issue 23).
    pastProjects: access.kind === "signed-out" ? [] : await pastProjectsOf(db, editions, access.user.id, edition.id),
  };
  if (access.kind !== "participant" || !participant) return { ...base, participant: null };

  const { project } = participant;
  const [view, invitations, history, results] = project
    ? await Promise.all([
        submissionOf(db, project.teamId),
        openInvitationsOf(db, project.teamId, now),
        teamHistoryOf(db, project.teamId),
        // Null until the edition's finalists are published (issue 24).
        teamResultsView(db, project.teamId, edition, now),
      ])
    : [{ submission: null, files: {} }, [], [], null];
  // The deadlines still ahead (a deadline's `end` is the instant it closes).
  const upcoming = edition.milestones.filter((m) => m.isDeadline && m.end !== undefined && now < m.end).slice(0, 3);
  return {
    ...base,
    participant: {
      me: access.user.id,
      enrollment: access.enrollment,
      deadlineIds: upcoming.map((m) => m.id),
      deadlineStatuses: Object.fromEntries(upcoming.map((m) => [m.id, milestoneStatus(m, now)])),
      origin,
      project: project && {
        name: project.name,
        role: project.role,
        members: project.members,
        invitations: invitations.map((i) => ({ ...i, expires: formatMountain(new Date(i.expiresAt), "dateTime") })),
      },
      status: statusOf(view.submission),
      // Hidden from the gallery by the organizers (issue 33): the team reads why.
      hiddenReason: view.submission?.hiddenAt ? (view.submission.hiddenReason ?? "") : null,
      checklist: checklist(view),
      history,
      results,
    },
  };
}

export type PortalHomeView = Awaited<ReturnType<typeof portalHomeView>>;
export type ParticipantView = NonNullable<PortalHomeView["participant"]>;
