/** Every notification kind the consumer knows how to render. */
import { contactNotification } from "~/contact/notification.server";
import { judgeAdvisorNotification } from "~/interests/notification.server";
import { signupNotification } from "~/auth/signup-notification.server";
import { emailVerificationEmail, existingAccountSignUpEmail, passwordResetEmail } from "~/auth/account-emails.server";
import type { NotificationKind, PrepareContext, RenderedEmail } from "./kind.server";
import { nextEditionAnnouncement, nextEditionConfirmation } from "~/next-edition/notification.server";
import { announcementEmail } from "./announcement-email.server";
import { directorRoleChanged } from "~/organize/notification.server";
import { editionChanged } from "~/editions/notification.server";
import { paymentAdjustmentNotification } from "~/payments/adjustment-notification.server";
import {
  enrollmentConfirmation,
  paymentProcessing,
  registrationConfirmation,
  sponsorshipConfirmation,
} from "~/payments/notification.server";
import * as organization from "~/organization/notification.server";
import { submissionConfirmation, teamInvitation } from "~/portal/notification.server";
import { appealDecided, finalistAnnounced, judgeInvitation, judgingAppeal } from "~/judging/notification.server";
import { sponsorPresenceApproved, sponsorPresenceReturned } from "~/sponsors/notification.server";
import { organizationListingApproved, organizationListingReturned } from "~/organization/listing-notification.server";

const kinds: Record<string, NotificationKind<unknown>> = {
  [contactNotification.kind]: contactNotification as NotificationKind<unknown>,
  [signupNotification.kind]: signupNotification as NotificationKind<unknown>,
  [judgeAdvisorNotification.kind]: judgeAdvisorNotification as NotificationKind<unknown>,
  [registrationConfirmation.kind]: registrationConfirmation as NotificationKind<unknown>,
  [enrollmentConfirmation.kind]: enrollmentConfirmation as NotificationKind<unknown>,
  [sponsorshipConfirmation.kind]: sponsorshipConfirmation as NotificationKind<unknown>,
  [paymentAdjustmentNotification.kind]: paymentAdjustmentNotification as NotificationKind<unknown>,
  [nextEditionConfirmation.kind]: nextEditionConfirmation as NotificationKind<unknown>,
  [nextEditionAnnouncement.kind]: nextEditionAnnouncement as NotificationKind<unknown>,
  [emailVerificationEmail.kind]: emailVerificationEmail as NotificationKind<unknown>,
  [passwordResetEmail.kind]: passwordResetEmail as NotificationKind<unknown>,
  [existingAccountSignUpEmail.kind]: existingAccountSignUpEmail as NotificationKind<unknown>,
  // The organization dashboard (issue 14).
  ...Object.fromEntries(
    [
      organization.employeeInvitation,
      organization.codeRegenerated,
      organization.employeeRemoved,
      organization.adminInvitation,
      // The Challenge Portal (issue 15).
      teamInvitation,
      submissionConfirmation,
      // Judging (issue 24).
      judgeInvitation,
      finalistAnnounced,
      judgingAppeal,
      // The organizers' desk (issue 32).
      appealDecided,
      // Messages from the desk (issue 33).
      announcementEmail,
      // A director role granted or removed (issue 50).
      directorRoleChanged,
      // A published edition changed (issue 52).
      editionChanged,
      // A sponsor's presence reviewed (issue 54).
      sponsorPresenceApproved,
      sponsorPresenceReturned,
      // An organization's public listing reviewed (issue 54).
      organizationListingApproved,
      organizationListingReturned,
      // A bank payment initiated, not yet settled (issue 53).
      paymentProcessing,
    ].map((kind) => [kind.kind, kind as NotificationKind<unknown>]),
  ),
};

export class UnrenderableNotification extends Error {
  override name = "UnrenderableNotification";
}

function parsePayload(kind: string, payloadJson: string): { definition: NotificationKind<unknown>; payload: unknown } {
  const definition = kinds[kind];
  if (!definition) throw new UnrenderableNotification(`unknown notification kind "${kind}"`);
  let json: unknown;
  try {
    json = JSON.parse(payloadJson);
  } catch {
    throw new UnrenderableNotification(`payload of kind "${kind}" is not JSON`);
  }
  const parsed = definition.payload.safeParse(json);
  if (!parsed.success) throw new UnrenderableNotification(`payload of kind "${kind}" does not match its schema`);
  return { definition, payload: parsed.data };
}

function renderParsed(kind: string, definition: NotificationKind<unknown>, payload: unknown): RenderedEmail {
  const email: RenderedEmail = { subject: definition.subject(payload), ...definition.render(payload) };
  if (definition.list && !(email.headers?.["List-Unsubscribe"] && email.headers["List-Unsubscribe-Post"])) {
    throw new UnrenderableNotification(`e-mail of list kind "${kind}" lacks its List-Unsubscribe headers`);
  }
  return email;
}

/** Renders a stored notification; throws UnrenderableNotification for an unknown kind or a bad payload. */
export function renderNotification(kind: string, payloadJson: string): RenderedEmail {
  const { definition, payload } = parsePayload(kind, payloadJson);
  return renderParsed(kind, definition, payload);
}

/**
 * What the consumer sends: the kind's `prepare` (if any) completes the
 * payload, then it is rendered. Also throws SuppressedNotification.
 */
export async function prepareAndRender(
  kind: string,
  payloadJson: string,
  context: PrepareContext,
): Promise<RenderedEmail> {
  const { definition, payload } = parsePayload(kind, payloadJson);
  const ready = definition.prepare ? await definition.prepare(payload, context) : payload;
  return renderParsed(kind, definition, ready);
}
