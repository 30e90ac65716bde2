/**
 * /organization/:id/certifications.csv (issue 26): each enrolled employee
 * and the certifications they hold this edition, by the one CSV writer.
 * Owner and co-administrators only (the layouts above); anyone else gets a 404.
 */
import { mountainDateKey } from "~/clock/schedule";
import { requestContext, signedInContext } from "~/context";
import { toCsv } from "~/lib/csv";
import { organizationContext } from "~/organization/access.server";
import { certificationCsvRows, organizationCertifications } from "~/organization/credentials.server";
import type { Route } from "./+types/certifications[.]csv";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { edition, now } = context.get(signedInContext);
  const organization = context.get(organizationContext);
  const view = await organizationCertifications(env, organization.id, edition.id);
  const csv = toCsv(certificationCsvRows(view), ["name", "email", ...view.columns.map((column) => column.name)]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="certifications-${edition.id}-${mountainDateKey(now)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
