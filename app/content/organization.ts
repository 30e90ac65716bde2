/**
 * The organization dashboard (issue 14): its limits and the words its pages,
 * actions and e-mails use. Written once; the server and the tests read them here.
 */

export const organizationLimits = {
  /** Addresses one paste may hold (the invitation textarea). */
  invitationsPerPaste: 200,
  /** Employee invitations one organization may send per Mountain-Time day. */
  invitationsPerDay: 500,
  /** A co-administrator's invitation link works this long. */
  adminInvitationDays: 7,
  /**
   * Co-administrator invitations (issue 22): at most this many to one address
   * from any organization, and from one admin, in the last 24 hours.
   * Cancelled ones count: inviting, cancelling and inviting again is still mail.
   */
  adminInvitationsPerRecipientPerDay: 3,
  adminInvitationsPerInviterPerDay: 10,
  /** Longest search text on the employees list. */
  searchMax: 100,
  /** Longest paste the invitation form reads (200 addresses of 254 characters and separators). */
  pasteMaxCharacters: 60_000,
} as const;

/** Plural-aware counts for the answers: "1 invitation", "12 invitations". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export const organizationMessages = {
  signInRequired: "Please log in to manage your organization",
  rateLimited: "Too many changes in a short time. Please wait a minute and try again.",
  unknownIntent: "That action isn't available here.",
  changedMeanwhile: "Someone changed this a moment ago. The page now shows the latest state.",
  codeRegenerated: "The old code no longer enrolls anyone. Employees already enrolled stay enrolled.",
  codeSuspended:
    "Your company code is suspended after a refund or payment dispute, so it enrolls nobody and can't be regenerated. Contact us if this is unexpected.",
  invitationsEmpty: "Paste at least one e-mail address.",
  invitationsTooMany: (count: number) =>
    `Paste at most ${organizationLimits.invitationsPerPaste} addresses at a time (this paste has ${count}).`,
  invitationsTooLong: "That paste is too long. Paste at most 200 addresses at a time.",
  invitationsInvalid: (addresses: readonly string[]) =>
    `${addresses.length === 1 ? "This address isn't" : "These addresses aren't"} valid: ${addresses.join(", ")}. Nothing was sent: correct or remove ${addresses.length === 1 ? "it" : "them"} and send again.`,
  invitationsOverDailyLimit: (remaining: number, wanted: number) =>
    `Your organization can send ${countOf(remaining, "more invitation")} today (at most ${organizationLimits.invitationsPerDay} a day); this paste has ${countOf(wanted, "new address", "new addresses")}. Nothing was sent.`,
  employeeRemoved: (name: string) => `${name} was removed from your organization and told by e-mail.`,
  employeeNotFound: "That person isn't enrolled with your organization any more.",
  adminInviteInvalidEmail: "Please enter a valid email address",
  adminAlready: "That account already manages this organization.",
  adminInvited: (email: string) =>
    `We e-mailed an invitation to ${email}. The link works once, for ${organizationLimits.adminInvitationDays} days.`,
  adminInviteRecipientLimit: `That address has been sent enough invitations for now (at most ${organizationLimits.adminInvitationsPerRecipientPerDay} in 24 hours). Please try again tomorrow.`,
  adminInviteDailyLimit: `You've sent ${organizationLimits.adminInvitationsPerInviterPerDay} co-administrator invitations in the last 24 hours, the most one person may send. Please try again tomorrow.`,
  adminRemoved: "The co-administrator was removed; the invitations they sent no longer work.",
  adminInvitationCancelled: "The invitation was cancelled; its link no longer works.",
  ownerCannotBeRemoved: "The account that bought the Workforce Package can't be removed.",
  acceptInvalid:
    "This invitation link has expired, was cancelled or was already used. Ask the organization's administrator to send a new one.",
  acceptWrongAccount:
    "This invitation was sent to a different e-mail address. Sign out, then sign in with the address the invitation was sent to.",
  acceptUnverified:
    "Please verify your e-mail address first: open the verification link we sent you, then open this invitation again.",
  acceptDone: (organization: string) => `You now manage ${organization} on the Challenge site.`,
} as const;

/**
 * A company code used in an edition other than its own (issue 23): a
 * Workforce Package enrolls employees into the edition it was bought for, so
 * a 2026 code is refused in 2027, and the refusal names the code's edition.
 * `codeEdition` and `currentEdition` are edition names ("2026 Challenge").
 */
export const companyCodeEditionMessages = {
  otherEdition: (codeEdition: string, currentEdition: string) =>
    `This company code belongs to the ${codeEdition}: it does not enroll anyone in the ${currentEdition}. Ask your organization for its code for the ${currentEdition}, or leave the code empty to pay.`,
  /** The dashboard's note beside a code whose edition is over. */
  codeOfPastEdition: (codeEdition: string) =>
    `This code belongs to the ${codeEdition} and no longer enrolls anyone. A package for the current edition comes with its own code.`,
} as const;

/** "Sent 12 invitations; skipped 2 already enrolled, 1 duplicate, 3 already invited today." */
export function invitationSummary(result: {
  sent: number;
  enrolled: number;
  duplicates: number;
  invitedToday: number;
}): string {
  const skipped = [
    result.enrolled > 0 ? `${result.enrolled} already enrolled` : null,
    result.duplicates > 0 ? countOf(result.duplicates, "duplicate") : null,
    result.invitedToday > 0 ? `${result.invitedToday} already invited today` : null,
  ].filter(Boolean);
  return `Sent ${countOf(result.sent, "invitation")}${skipped.length > 0 ? `; skipped ${skipped.join(", ")}` : ""}.`;
}

/** The dashboard's activity log: what each of the organization's recorded actions is called. */
export const eventLabels: Record<string, string> = {
  "code-regenerated": "Regenerated the company code",
  "employees-invited": "Invited employees",
  "employee-removed": "Removed an employee",
  "admin-invited": "Invited a co-administrator",
  "admin-invitation-cancelled": "Cancelled a co-administrator invitation",
  "admin-added": "Joined as co-administrator",
  "admin-removed": "Removed a co-administrator",
  // The public listing on /employer-recognition (issue 54).
  "listing-requested": "Asked to be listed on the Employer Recognition page",
  "listing-logo-uploaded": "Uploaded the listing's logo",
  unlisted: "Unlisted the organization",
};
