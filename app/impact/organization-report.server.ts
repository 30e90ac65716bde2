/**
 * An organization's impact report (issue 55, /organization/:id/report and
 * its CSV): the edition's figures for its own people only. Its counts come
 * from the dashboard's own functions (enrolled employees, the tier's count,
 * the certifications and their rates), so the report and the dashboard
 * always agree; projects are named only as their teams chose to show them
 * (`nameableInPublic`), and no person is named at all.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { editionPhase } from "~/clock/schedule";
import { organizationReportText } from "~/content/impact";
import { awards, finalsAwards } from "~/content/program";
import { trackName } from "~/content/showcase";
import type { SignedIn } from "~/context";
import { publishedResults, registrations, submissions, teamMembers, teams } from "~/db/schema";
import { publishedBy } from "~/judging/published.server";
import type { Organization } from "~/organization/access.server";
import { organizationCertifications } from "~/organization/credentials.server";
import { enrolledEmployees, participantCount } from "~/organization/dashboard.server";
import { tierProgress } from "~/organization/tier";
import { isSubmittedProject } from "~/portal/submitted.server";
import { nameableInPublic } from "~/showcase/shown.server";
import { challengeAverages, enrolmentByWeek } from "./figures";
import { editionFigures } from "./figures.server";
import { keptForAWhile } from "./kept.server";

const awardNames = new Map<string, string>([...awards, ...finalsAwards].map((a) => [a.id, a.name]));

/** The teams this edition with an employee enrolled with the organization's code, and their projects. */
async function organizationProjects(db: SignedIn["db"], organizationId: string, editionId: string) {
  return db
    .selectDistinct({
      teamId: teams.id,
      title: submissions.title,
      track: submissions.track,
      submitted: sql<number>`coalesce((${isSubmittedProject}), 0)`,
      nameable: sql<number>`coalesce((${nameableInPublic}), 0)`,
    })
    .from(registrations)
    .innerJoin(teamMembers, and(eq(teamMembers.userId, registrations.userId), eq(teamMembers.editionId, editionId)))
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .leftJoin(submissions, eq(submissions.teamId, teams.id))
    .where(
      and(
        eq(registrations.organizationRegistrationId, organizationId),
        eq(registrations.editionId, editionId),
        eq(registrations.status, "enrolled"),
      ),
    )
    .orderBy(asc(submissions.title), asc(teams.id));
}

/**
 * The organization's report as its page shows it: on the real clock, counted
 * at most once a minute per isolate and organization (./kept.server.ts; "as
 * of" says when), so a report opened again, printed or shared around the
 * table costs no count. Who may see it is decided before, on every request
 * (the layouts' middleware).
 */
export function organizationReport(env: Env, signedIn: SignedIn, organization: Organization) {
  return keptForAWhile(env, `report:${signedIn.edition.id}:${organization.id}`, signedIn.now, () =>
    countOrganizationReport(env, signedIn, organization),
  );
}

async function countOrganizationReport(env: Env, { db, now, edition }: SignedIn, organization: Organization) {
  const [employees, participants, certifications, projects, challenge] = await Promise.all([
    enrolledEmployees(db, organization.id, edition.id),
    participantCount(db, organization.id, edition.id),
    organizationCertifications(env, organization.id, edition.id),
    organizationProjects(db, organization.id, edition.id),
    // The whole Challenge's side is the same for every organization: counted at most once a minute per isolate.
    keptForAWhile(env, `figures:${edition.id}`, now, () => editionFigures(db, edition, now)),
  ]);
  const teamIds = projects.map((p) => p.teamId);
  const results =
    teamIds.length === 0
      ? []
      : await db
          .select({ award: publishedResults.award, teamName: publishedResults.teamName })
          .from(publishedResults)
          .where(
            and(
              eq(publishedResults.editionId, edition.id),
              inArray(publishedResults.teamId, teamIds),
              publishedBy(now),
            ),
          )
          .orderBy(asc(publishedResults.award), asc(publishedResults.teamName));
  const text = organizationReportText;
  const tier = tierProgress(participants);
  const averages = challengeAverages(challenge);
  const submittedCount = projects.filter((p) => p.submitted).length;
  const byTrack = new Map<string, number>();
  for (const p of projects) {
    const name = trackName(p.track) ?? "No track chosen";
    byTrack.set(name, (byTrack.get(name) ?? 0) + 1);
  }
  const finalists = results.filter((r) => r.award === "finalist").length;
  const won = results
    .filter((r) => r.award !== "finalist")
    .map((r) => ({ award: awardNames.get(r.award) ?? r.award, team: r.teamName }));
  const credentialsHeld = certifications.employees.reduce((sum, e) => sum + e.held.length, 0);
  return {
    organization: { id: organization.id, name: organization.name },
    editionName: edition.name,
    soFar: editionPhase(now, edition) !== "afterFinals",
    asOf: formatMountain(now, "dateTime"),
    enrolled: participants,
    tier: {
      name: tier.current?.name ?? text.noTier,
      next: tier.next ? text.toNext(tier.toNext, tier.next.name) : text.topTier,
    },
    enrolment: enrolmentByWeek(
      employees.map((e) => e.enrolledAt),
      now,
    ).map((w) => ({ label: formatMountain(new Date(`${w.week}T12:00:00Z`), "date"), value: w.enrolled })),
    // The dashboard's own rates, beside the Challenge's (holders among all participants).
    stages: certifications.rates.map((r) => ({
      id: r.id,
      name: r.name,
      holders: r.holders,
      percent: r.percent,
      challengePercent: averages.stageRates[r.id] ?? 0,
    })),
    projects: projects.map((p) => ({
      title: p.nameable && p.title ? p.title : text.untitled,
      track: trackName(p.track) ?? "—",
      status: p.submitted ? text.submittedStatus : text.draftStatus,
    })),
    byTrack: [...byTrack].map(([name, n]) => ({ name, projects: n })).sort((a, b) => b.projects - a.projects),
    results: { published: results.length > 0, finalists, awards: won, credentialsHeld },
    comparison: [
      {
        measure: text.enrolled,
        mine: String(participants),
        challenge: String(averages.employeesPerOrganization),
      },
      {
        measure: text.submittedShare,
        mine: `${projects.length === 0 ? 0 : Math.round((submittedCount / projects.length) * 100)}%`,
        challenge: `${averages.submittedPercent}%`,
      },
    ],
  };
}

export type OrganizationReport = Awaited<ReturnType<typeof organizationReport>>;

/** The CSV: one row per figure, section and measure first, so a spreadsheet can chart any of them. */
export function organizationReportCsvRows(report: OrganizationReport) {
  const text = organizationReportText;
  const row = (section: string, measure: string, value: string | number, challenge: string | number = "") => ({
    section,
    measure,
    value: String(value),
    challenge: String(challenge),
  });
  return [
    row(text.summaryTitle, text.enrolled, report.enrolled),
    row(text.summaryTitle, text.tier, report.tier.name),
    ...report.enrolment.map((w) => row(text.enrolmentTitle, w.label, w.value)),
    ...report.stages.flatMap((s) => [
      row(text.funnelTitle, `${s.name}: employees`, s.holders),
      row(text.funnelTitle, `${s.name}: rate`, `${s.percent}%`, `${s.challengePercent}%`),
    ]),
    ...report.byTrack.map((t) => row(text.projectsTitle, t.name, t.projects)),
    row(text.resultsTitle, text.finalists, report.results.finalists),
    ...report.results.awards.map((a) => row(text.resultsTitle, a.award, a.team)),
    row(text.resultsTitle, text.credentials, report.results.credentialsHeld),
    ...report.comparison.map((c) => row(text.comparisonTitle, c.measure, c.mine, c.challenge)),
  ];
}
