/**
 * /organization/:id/report (issue 55): the organization's impact report for
 * its leadership: its people in the edition (enrolment over time, each
 * certification's completions and rate, projects by status and track,
 * results and credentials, the tier), charts drawn on the server as SVG
 * with a table of the same figures beside each, the Challenge's averages
 * to compare with, a CSV, and a print stylesheet for two pages. The layouts
 * above let only its owner and co-administrators in (ADR 013). No script.
 */
import { data } from "react-router";
import { requestContext, signedInContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { organizationReportPage } from "~/impact/organization-report-page.server";
import { pageMeta } from "~/lib/meta";
import { organizationContext } from "~/organization/access.server";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `${loaderData.organization.name}: impact report` : "Impact report",
    "Your organization's people in the Challenge: enrolment, certifications, projects and results.",
  ),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const page = await organizationReportPage(
    context.get(requestContext).env,
    context.get(signedInContext),
    context.get(organizationContext),
  );
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = signedInPageHeaders;

export default function OrganizationImpactReport({ loaderData }: Route.ComponentProps) {
  // Our own component's markup (~/components/impact/organization-report.tsx), escaped as React escapes everything.
  return <div className="report-page" dangerouslySetInnerHTML={{ __html: loaderData.markup }} />;
}
