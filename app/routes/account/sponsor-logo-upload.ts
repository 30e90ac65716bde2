/**
 * POST /account/sponsor/logo (issue 54): a sponsor's logo, a plain
 * multipart form post. The worker entry bounds the body (a 50 MB file is a
 * 413 page naming the logo's limit: workers/body-limit.ts), so the file is
 * read into memory, checked by its content (app/sponsors/logo.server.ts),
 * stored in R2 under its SHA-256 and sent for review. Answered with a
 * redirect, so a reload never sends the file again: a toast when it worked,
 * else the refusal's code in the URL, which the page words.
 */
import { data, redirect } from "react-router";
import {
  sponsorPresenceMessages as m,
  sponsorPresencePaths as paths,
  type SponsorLogoFailure,
} from "~/content/sponsor-presence";
import { editionsFor } from "~/clock/clock.server";
import { requestContext, signedInContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { discardBody } from "~/lib/discard-body.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { checkLogo, storeLogo } from "~/sponsors/logo.server";
import { saveSponsorLogo, sponsorOfAccount } from "~/sponsors/presence.server";
import type { Route } from "./+types/sponsor-logo-upload";

const refused = (failure: SponsorLogoFailure) => redirect(`${paths.page}?error=${failure}#logo`, 303);

export function loader() {
  return redirect(paths.page);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { db, user, now, edition } = context.get(signedInContext);
  const sponsor = await sponsorOfAccount(db, user.id, edition.id, editionsFor(env));
  if (!sponsor) {
    await discardBody(request);
    throw data(null, { status: 404 });
  }
  if (!(await clientAllowed(env, "sponsor", request, user.id, "logo"))) {
    await discardBody(request);
    return refused("rate-limited");
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get("logo");
  if (!(file instanceof File) || file.size === 0) return refused("missing");
  const checked = checkLogo(new Uint8Array(await file.arrayBuffer()));
  log("info", "sponsor.logo_upload", {
    requestId,
    userId: user.id,
    outcome: checked.ok ? checked.logo.kind : checked.failure,
    bytes: file.size,
  });
  if (!checked.ok) return refused(checked.failure);
  const { logo } = checked;
  let key: string;
  try {
    key = await storeLogo(env.SUBMISSION_FILES, logo);
  } catch (error) {
    log("error", "sponsor.logo_store_failed", { requestId, error });
    return refused("failed");
  }
  const status = await saveSponsorLogo(
    db,
    sponsor,
    user.id,
    { key, contentType: logo.contentType, width: logo.width, height: logo.height },
    now,
  );
  return redirectWithToast(
    env,
    `${paths.page}#logo`,
    { type: "success", title: "Uploaded", description: status === "draft" ? m.draftSaved : m.logoUploaded },
    { status: 303 },
  );
}
