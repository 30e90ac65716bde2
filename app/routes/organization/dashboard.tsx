/**
 * The organization dashboard (issue 14): the company code (copy, regenerate),
 * inviting employees, the employees enrolled with the code (search, CSV,
 * remove), the recognition tier, co-administrators and the audit log.
 *
 * The layouts above it have checked who asks (ADR 013): only the
 * organization's owner and co-administrators get here. Server-rendered plain
 * forms, no hydration: each posts an intent (app/organization/intents.server.ts),
 * answered with a redirect and a toast or the page again with the message.
 */
import { data, Link } from "react-router";
import { AdminsSection, ActivitySection } from "~/components/organization/admins";
import { CertificationsSection } from "~/components/organization/certifications";
import { CodeSection, TierSection } from "~/components/organization/code-and-tier";
import { EmployeesSection, InviteSection } from "~/components/organization/employees";
import { TierCredentialSection } from "~/components/organization/tier-credential";
import { ListingSection } from "~/components/organization/listing";
import { Refusals } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { organizationReportText } from "~/content/impact";
import { organizationMessages } from "~/content/organization";
import { requestContext, signedInContext } from "~/context";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost } from "~/forms/intent-action.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { organizationContext } from "~/organization/access.server";
import { organizationCertifications } from "~/organization/credentials.server";
import { searchText } from "~/organization/dashboard.server";
import { dashboardView } from "~/organization/dashboard-view.server";
import { organizationIntents } from "~/organization/intents.server";
import { tierCredentialView } from "~/organization/tier-credential.server";
import { listingIntents, listingView } from "~/organization/listing-intents.server";
import type { Route } from "./+types/dashboard";
import { editionsFor } from "~/clock/clock.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `${loaderData.organization.name}: organization dashboard` : "Organization dashboard",
    "Your organization's company code, employees and recognition tier.",
  ),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = searchText(url.searchParams.get("q"));
  const signedIn = context.get(signedInContext);
  const organization = context.get(organizationContext);
  const [view, certifications, tierCredential, listing] = await Promise.all([
    dashboardView(signedIn, organization, q, editionsFor(context.get(requestContext).env)),
    organizationCertifications(context.get(requestContext).env, organization.id, signedIn.edition.id),
    tierCredentialView(
      context.get(requestContext).env,
      organization,
      siteOrigin(request, context.get(requestContext).env),
    ),
    // The public listing (issue 54); a logo upload's refusal comes back as `?logo-error=`.
    listingView(signedIn.db, organization, url.searchParams.get("logo-error")),
  ]);
  return data(
    { ...view, certifications, tierCredential, listing },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, db, now, edition } = context.get(signedInContext);
  const organization = context.get(organizationContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "organization",
    intents: { ...organizationIntents, ...listingIntents },
    ctx: { env, db, user, organization, now, edition, origin: siteOrigin(request, env), requestId },
    redirectTo: `/organization/${organization.id}`,
    rateLimit: { scope: "organization", keys: [organization.id], message: organizationMessages.rateLimited },
    unknownIntent: organizationMessages.unknownIntent,
    logFields: { organizationId: organization.id, userId: user.id },
  });
}

export const headers = signedInPageHeaders;

export default function OrganizationDashboard({ loaderData: view, actionData }: Route.ComponentProps) {
  const { organization } = view;
  return (
    <>
      <PageHero
        eyebrow="Organization dashboard"
        title={organization.name}
        lead={organization.role === "owner" ? "You bought this Workforce Package." : "You're a co-administrator."}
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
          <CodeSection code={view.code} pastNote={view.codeOfPastEdition} actionData={actionData} />
          <TierSection tier={view.tier} />
          <TierCredentialSection credential={view.tierCredential} />
          <p>
            <Link to={`/organization/${organization.id}/report`} className="font-semibold text-brand-700 underline">
              {organizationReportText.dashboardLink}
            </Link>
          </p>
          <InviteSection
            enabled={!!view.code && !view.codeOfPastEdition}
            leftToday={view.invitationsLeftToday}
            actionData={actionData}
          />
          <EmployeesSection
            organizationId={organization.id}
            employees={view.employees}
            editionName={view.editionName}
            pastEditions={view.pastEditions}
            q={view.q}
            actionData={actionData}
          />
          <CertificationsSection
            organizationId={organization.id}
            view={view.certifications}
            editionName={view.editionName}
          />
          <ListingSection
            organizationId={organization.id}
            view={view.listing}
            tier={view.tier}
            actionData={actionData}
          />
          <AdminsSection view={view} actionData={actionData} />
          <ActivitySection events={view.events} />
        </div>
      </section>
    </>
  );
}
