/**
 * /organization/:id/listing-logo (issue 54): the logo of the organization's
 * public listing. POST, a plain multipart form from the dashboard: the
 * worker entry bounds the body (workers/body-limit.ts), the file is checked
 * by its content as sponsors' logos are (app/sponsors/logo.server.ts),
 * stored in R2 under its SHA-256 and sent for review; answered with a
 * redirect to the dashboard, with a toast or the refusal's code in the URL,
 * which the dashboard words. GET, the logo it gave (under review or shown),
 * for its administrators only (the layout's middleware answers 404 to
 * anyone else).
 */
import { data, redirect } from "react-router";
import { organizationListingMessages as m, organizationListingPaths as paths } from "~/content/organization-listing";
import type { SponsorLogoFailure } from "~/content/sponsor-presence";
import { requestContext, signedInContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { discardBody } from "~/lib/discard-body.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { organizationContext } from "~/organization/access.server";
import { listingOf, saveListingLogo } from "~/organization/listing.server";
import { checkLogo, ORGANIZATION_LOGO_KEY_PREFIX, storeLogo } from "~/sponsors/logo.server";
import { logoResponse } from "~/sponsors/serve.server";
import type { Route } from "./+types/listing-logo";

/** The dashboard's listing section with the refusal's code, which its loader words. */
const refused = (organizationId: string, failure: SponsorLogoFailure | "not-listed") =>
  redirect(`/organization/${organizationId}?logo-error=${failure}#listing`, 303);

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { db } = context.get(signedInContext);
  const organization = context.get(organizationContext);
  const listing = await listingOf(db, organization.id);
  const response = listing?.logoKey ? await logoResponse(env.SUBMISSION_FILES, listing.logoKey, "private") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { db, user, now } = context.get(signedInContext);
  const organization = context.get(organizationContext);
  if (!(await listingOf(db, organization.id))) {
    await discardBody(request);
    return refused(organization.id, "not-listed");
  }
  if (!(await clientAllowed(env, "organization", request, organization.id, "logo"))) {
    await discardBody(request);
    return refused(organization.id, "rate-limited");
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get("logo");
  if (!(file instanceof File) || file.size === 0) return refused(organization.id, "missing");
  const checked = checkLogo(new Uint8Array(await file.arrayBuffer()));
  log("info", "organization.listing_logo_upload", {
    requestId,
    organizationId: organization.id,
    outcome: checked.ok ? checked.logo.kind : checked.failure,
    bytes: file.size,
  });
  if (!checked.ok) return refused(organization.id, checked.failure);
  const { logo } = checked;
  let key: string;
  try {
    key = await storeLogo(env.SUBMISSION_FILES, logo, ORGANIZATION_LOGO_KEY_PREFIX);
  } catch (error) {
    log("error", "organization.listing_logo_store_failed", { requestId, error });
    return refused(organization.id, "failed");
  }
  const saved = await saveListingLogo(
    db,
    organization,
    user.id,
    { key, contentType: logo.contentType, width: logo.width, height: logo.height },
    now,
  );
  if (!saved) return refused(organization.id, "not-listed");
  return redirectWithToast(
    env,
    paths.section(organization.id),
    { type: "success", title: "Uploaded", description: m.logoUploaded },
    { status: 303 },
  );
}
