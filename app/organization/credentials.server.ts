/**
 * The organization dashboard's certifications (issue 26): for each employee
 * enrolled with the organization's code this edition, the credentials they
 * hold (not revoked), and the organization's completion rate per
 * certification. The same rows feed the page and the CSV.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { achievementsFor, type AchievementDefinition } from "~/content/credentials";
import { getDb } from "~/db/client.server";
import { credentials, registrations } from "~/db/schema";

/** What the dashboard counts: the learning path's four certifications and the finalist credential. */
export function trackedAchievements(editionId: string): readonly AchievementDefinition[] {
  return achievementsFor(editionId).filter((achievement) => achievement.kind !== "award");
}

export interface EmployeeCertifications {
  userId: string;
  name: string;
  email: string;
  held: string[];
}

export async function organizationCertifications(env: Env, organizationId: string, editionId: string) {
  const rows = await getDb(env)
    .select({
      userId: registrations.userId,
      name: sql<string>`${registrations.firstName} || ' ' || ${registrations.lastName}`,
      email: registrations.email,
      held: sql<string | null>`group_concat(${credentials.achievement})`,
    })
    .from(registrations)
    .leftJoin(
      credentials,
      and(
        eq(credentials.userId, registrations.userId),
        eq(credentials.editionId, registrations.editionId),
        isNull(credentials.revokedAt),
      ),
    )
    .where(
      and(
        eq(registrations.organizationRegistrationId, organizationId),
        eq(registrations.editionId, editionId),
        eq(registrations.status, "enrolled"),
      ),
    )
    .groupBy(registrations.id)
    .orderBy(asc(registrations.lastName), asc(registrations.firstName), asc(registrations.id));
  const employees: EmployeeCertifications[] = rows.map((row) => ({
    ...row,
    held: row.held ? row.held.split(",") : [],
  }));
  const achievements = trackedAchievements(editionId);
  const rates = achievements.map((achievement) => {
    const holders = employees.filter((employee) => employee.held.includes(achievement.id)).length;
    return {
      id: achievement.id,
      name: achievement.name,
      holders,
      // Whole percent of enrolled employees; none enrolled reads 0%.
      percent: employees.length === 0 ? 0 : Math.round((holders / employees.length) * 100),
    };
  });
  return {
    enrolled: employees.length,
    rates,
    employees: employees.map((employee) => ({
      ...employee,
      held: achievements.filter((achievement) => employee.held.includes(achievement.id)).map((a) => a.id),
    })),
    columns: achievements.map((achievement) => ({ id: achievement.id, name: achievement.name })),
  };
}

export type OrganizationCertifications = Awaited<ReturnType<typeof organizationCertifications>>;

/** The CSV's rows: one per employee, a yes/no column per certification. */
export function certificationCsvRows(view: OrganizationCertifications) {
  return view.employees.map((employee) => ({
    name: employee.name,
    email: employee.email,
    ...Object.fromEntries(
      view.columns.map((column) => [column.name, employee.held.includes(column.id) ? "yes" : "no"]),
    ),
  }));
}
