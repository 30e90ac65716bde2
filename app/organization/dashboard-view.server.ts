/**
 * Everything the organization dashboard shows, read in one go and shaped for
 * the page (issue 14): the code, the tier, employees with their project's
 * status this edition, admins, open invitations and recent activity.
 */
import { formatMountain } from "~/clock/format";
import { editionIn, type Edition } from "~/content/editions";
import { companyCodeEditionMessages, organizationLimits } from "~/content/organization";
import type { SignedIn } from "~/context";
import { formatCompanyCode } from "~/payments/company-code";
import type { Organization } from "./access.server";
import {
  enrolledEmployees,
  invitationsSentToday,
  liveCodeFor,
  adminsOf,
  participantCount,
  pastEditionCounts,
  pendingAdminInvitations,
  projectStatuses,
  recentEvents,
} from "./dashboard.server";
import { tierProgress } from "./tier";

/** An employee's project this edition, as the Project column says it. */
function projectLabel(project: { status: "draft" | "submitted"; submittedAt: string | null } | undefined): string {
  if (!project) return "Not started";
  if (project.status === "submitted" && project.submittedAt) {
    return `Submitted ${formatMountain(new Date(project.submittedAt), "date")}`;
  }
  return "Draft";
}

export async function dashboardView(
  { user, db, now, edition }: SignedIn,
  organization: Organization,
  q: string,
  editions: readonly Edition[],
) {
  const [code, employees, participants, past, people, invitations, sentToday, events, projects] = await Promise.all([
    liveCodeFor(db, organization.id),
    enrolledEmployees(db, organization.id, edition.id, q),
    participantCount(db, organization.id, edition.id),
    pastEditionCounts(db, organization.id, edition.id),
    adminsOf(db, organization),
    pendingAdminInvitations(db, organization.id, now),
    invitationsSentToday(db, organization.id, now),
    recentEvents(db, organization.id),
    projectStatuses(db, organization.id, edition.id),
  ]);
  return {
    organization: { id: organization.id, name: organization.name, role: organization.role },
    me: user.id,
    code: code ? formatCompanyCode(code) : null,
    // A package enrolls into the edition it was bought for (issue 23): once that is over, its code says so.
    codeOfPastEdition:
      organization.editionId === edition.id
        ? null
        : companyCodeEditionMessages.codeOfPastEdition(editionIn(editions, organization.editionId).name),
    editionName: edition.name,
    pastEditions: past.map((p) => ({ editionName: editionIn(editions, p.editionId).name, employees: p.employees })),
    q,
    employees: employees.map((e) => ({
      ...e,
      enrolledOn: formatMountain(new Date(e.enrolledAt), "date"),
      project: projectLabel(projects.get(e.userId)),
    })),
    tier: tierProgress(participants),
    admins: people,
    invitations: invitations.map((i) => ({ ...i, expires: formatMountain(new Date(i.expiresAt), "dateTime") })),
    invitationsLeftToday: Math.max(0, organizationLimits.invitationsPerDay - sentToday),
    events: events.map((e) => ({ ...e, when: formatMountain(new Date(e.at), "dateTime") })),
  };
}

export type DashboardView = Awaited<ReturnType<typeof dashboardView>>;
