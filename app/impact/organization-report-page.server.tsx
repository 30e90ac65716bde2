/**
 * The organization's report page (issue 55): its kept figures
 * (./organization-report.server.ts) and their markup, rendered once per kept
 * report (./rendered-once.server.tsx), so a view that finds the figures kept
 * renders only the site around them.
 */
import { OrganizationReportBody } from "~/components/impact/organization-report";
import type { SignedIn } from "~/context";
import type { Organization } from "~/organization/access.server";
import { organizationReport, type OrganizationReport } from "./organization-report.server";
import { renderedOnce } from "./rendered-once.server";

const reportMarkup = renderedOnce((report: OrganizationReport) => <OrganizationReportBody report={report} />);

/** The page's name for its title, and its body's markup. */
export async function organizationReportPage(env: Env, signedIn: SignedIn, organization: Organization) {
  const report = await organizationReport(env, signedIn, organization);
  return { organization: report.organization, markup: reportMarkup(report) };
}
