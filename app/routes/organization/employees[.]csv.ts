/**
 * /organization/:id/employees.csv (issue 14): the current edition's enrolled employees as CSV (issue 23),
 * written by the one CSV writer (app/lib/csv.ts: RFC 4180, spreadsheet-safe).
 * Owner and co-administrators only; anyone else gets a 404.
 */
import { toCsv } from "~/lib/csv";
import { mountainDateKey } from "~/clock/schedule";
import { signedInContext } from "~/context";
import { organizationContext } from "~/organization/access.server";
import { enrolledEmployees, searchText } from "~/organization/dashboard.server";
import type { Route } from "./+types/employees[.]csv";

const employeeCsvColumns = ["first_name", "last_name", "email", "enrolled_at"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, edition } = context.get(signedInContext);
  const organization = context.get(organizationContext);
  const q = searchText(new URL(request.url).searchParams.get("q"));
  const employees = await enrolledEmployees(db, organization.id, edition.id, q);
  const csv = toCsv(
    employees.map((e) => ({
      first_name: e.firstName,
      last_name: e.lastName,
      email: e.email,
      enrolled_at: e.enrolledAt,
    })),
    employeeCsvColumns,
  );
  const slug =
    organization.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "organization";
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${slug}-employees-${mountainDateKey(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
