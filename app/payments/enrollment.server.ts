/**
 * Enrolling with an organization's company code (issues 12 and 14): no
 * checkout and nothing to pay. The code is looked up, every attempt counted
 * against the client's allowance so that guessing codes is bounded, and the
 * enrollment and its confirmation e-mail are written in one batch.
 */
import { pricingPhase } from "~/clock/schedule";
import { editionOf } from "~/clock/clock.server";
import { publishedVersionOf } from "~/editions/cache.server";
import type { Edition } from "~/content/editions";
import { companyCodeEditionMessages } from "~/content/organization";
import { companyCodeRateLimitMessage, registrationMessages } from "~/content/registration";
import { getDb } from "~/db/client.server";
import { registrations } from "~/db/schema";
import { log } from "~/lib/log.server";
import { siteContact } from "~/lib/site-config.server";
import { enqueueNotifications } from "~/notifications/outbox.server";
import { reconcileTierCredentialAfter } from "~/organization/tier-credential.server";
import { PaymentError, type StartOptions, type StartResult } from "./start";
import { organizationForCode } from "./company-codes.server";
import { confirmationInsert, confirmationPayload } from "./confirmation.server";
import { enrollmentConfirmation } from "./notification.server";
import type { RegistrationInput } from "./registration-form";

export async function enrollWithCompanyCode(
  env: Env,
  input: Extract<RegistrationInput, { registrationType: "individual" }> & { employerCode: string },
  options: StartOptions,
  edition: Edition,
): Promise<StartResult> {
  const { now, userId, requestId } = options;
  const db = getDb(env);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  // Every code attempt counts, so the limit bounds guessing whatever the answers.
  const { success } = await env.RATE_LIMITER.limit({ key: `company-code:${options.clientIp}` });
  if (!success) throw new PaymentError("rate_limited", companyCodeRateLimitMessage, "employerCode");
  const organization = await organizationForCode(db, input.employerCode);
  if (!organization) {
    log("info", "payments.company_code_unknown", { requestId });
    throw new PaymentError("unknown_company_code", registrationMessages.companyCodeUnknown, "employerCode");
  }
  // A package enrolls into the edition it was bought for, and no other (issue 23).
  if (organization.editionId !== edition.id) {
    log("info", "payments.company_code_other_edition", { requestId, codeEdition: organization.editionId });
    throw new PaymentError(
      "company_code_other_edition",
      companyCodeEditionMessages.otherEdition(editionOf(env, organization.editionId).name, edition.name),
      "employerCode",
    );
  }
  const notification = confirmationInsert(db, enrollmentConfirmation, {
    recipient: options.accountEmail,
    now,
    payload: confirmationPayload(now, edition, {
      contactEmail: siteContact(env).email,
      recordId: id,
      firstName: input.firstName,
      item: "Individual enrollment (Workforce Package)",
      amountCents: null,
      companyCode: null,
      organizationName: organization.companyName,
    }),
  });
  await db.batch([
    db.insert(registrations).values({
      id,
      editionId: edition.id,
      editionVersion: publishedVersionOf(edition),
      userId,
      registrationType: "individual",
      plan: "individual",
      pricingPhase: pricingPhase(now, edition),
      amountCents: 0,
      status: "enrolled",
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      companyName: input.companyName ?? organization.companyName,
      employerCode: input.employerCode,
      organizationRegistrationId: organization.id,
      createdAt: at,
      updatedAt: at,
    }),
    notification.statement,
  ]);
  await enqueueNotifications(env, [notification.id], { requestId, kind: enrollmentConfirmation.kind });
  // This enrollment may be the one that reaches a recognition tier (issue 54).
  await reconcileTierCredentialAfter(env, organization.id, { now, requestId });
  log("info", "payments.enrolled_with_code", { requestId, registrationId: id, organizationId: organization.id });
  return { type: "enrolled", registrationId: id };
}
