/**
 * The organization dashboard's certifications (issue 26): for each employee
 * enrolled with the organization's code this edition, the credentials they
 * hold (not revoked), and the organization's completion rate per
 * certification. The same rows feed the page and the CSV.
 */
import { achievementsFor, type AchievementDefinition } from "~/content/credentials";

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

export async function organizationCertifications(db: D1Database, organizationId: string, editionId: string) {
  const rows = await db
    .prepare(
      `SELECT r.user_id AS userId, r.first_name || ' ' || r.last_name AS name, r.email AS email,
              group_concat(c.achievement) AS held
       FROM registrations r
       LEFT JOIN credentials c ON c.user_id = r.user_id AND c.edition_id = r.edition_id AND c.revoked_at IS NULL
       WHERE r.organization_registration_id = ? AND r.edition_id = ? AND r.status = 'enrolled'
       GROUP BY r.id
       ORDER BY r.last_name, r.first_name, r.id`,
    )
    .bind(organizationId, editionId)
    .all<{ userId: string; name: string; email: string; held: string | null }>();
  const employees: EmployeeCertifications[] = rows.results.map((row) => ({
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
