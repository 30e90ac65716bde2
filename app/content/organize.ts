/**
 * The organizers' desk (issue 32, ADR 018): its rules and the words its
 * pages, the organizer API and the CLI answer with (with JavaScript on or
 * off, the same words).
 */
/** The organizers' roles (ARCHITECTURE.md, Organizer actions); what each may do is app/organize/roles.ts. */
export const organizerRoleNames = ["director", "coordinator", "registrar", "viewer"] as const;
export type OrganizerRoleName = (typeof organizerRoleNames)[number];

export const deskRules = {
  /** A desk session ends after this long without a request to the desk: a working day. */
  idleHours: 8,
  /** A proposal of the two-person rule may be confirmed for this long. */
  proposalValidHours: 24,
  /** Rows per page of the desk's tables. */
  pageSize: 50,
  /** An API token's name. */
  tokenNameMaxChars: 60,
  /** A reason an action records. */
  reasonMaxChars: 1000,
  /** A name given with an invitation. */
  nameMaxChars: 120,
} as const;

/** What each role is for, as the organizers page says it. */
export const organizerRoleText: Record<OrganizerRoleName, { label: string; description: string }> = {
  director: {
    label: "Director",
    description: "Everything: grants and removes roles, confirms one-way publications.",
  },
  coordinator: {
    label: "Coordinator",
    description: "Judges, assignments, conflicts, appeals, the showcase and the vote review.",
  },
  registrar: {
    label: "Registrar",
    description: "People, registrations, organizations, sponsorships, credentials and messages.",
  },
  viewer: { label: "Viewer", description: "Reads the overview and the reports." },
};

export const deskMessages = {
  signInRequired: "Sign in with your organizer account to open the organizers' desk.",
  sessionExpired:
    "Your desk session ended after a working day without activity. Sign in again with your authenticator code.",
  rateLimited: "Too many changes in a row. Wait a minute, then try again.",
  unknownIntent: "That form is not one of this page's. Reload the page and try again.",
  notAllowed: "Your organizer role does not allow this.",
  deskOnly: "This is done on the desk only (/organize), signed in with your authenticator code.",
  changedMeanwhile: "This changed while you were looking. Reload the page and try again.",
  // Roles
  accountUnknown: (email: string) =>
    `No account uses ${email}. Ask the person to create an account with that address first.`,
  accountUnverified: (email: string) =>
    `${email} has not verified its address yet. Ask the person to follow the link in their verification e-mail first.`,
  secondFactorOff: (email: string) =>
    `${email} has not turned on two-step sign-in. Ask the person to turn it on from their account page first.`,
  lastDirector: "The desk needs at least one director: grant the director role to someone else first.",
  notAnOrganizer: (email: string) => `${email} holds no organizer role.`,
  // Bootstrap
  bootstrapClosed: "Bootstrapping is closed: a director exists. Directors grant every other role on the desk.",
  bootstrapDirectorOnly: "The first organizer is a director.",
  bootstrapSecretWrong: "The bootstrap secret is wrong.",
  // Tokens
  tokenNameRequired: "Give the token a name that says where it is used.",
  tokenNameTooLong: `A token's name is at most ${deskRules.tokenNameMaxChars} characters.`,
  tokenUnknown: "That token is not one you may revoke.",
  apiTokenMissing: "Send an organizer API token: Authorization: Bearer <token> (create one at /organize/tokens).",
  apiTokenRefused:
    "This API token is not valid: it is unknown or revoked, or its owner no longer holds an organizer role (or has turned two-step sign-in off).",
  // The two-person rule
  proposalUnknown: "There is no such proposal.",
  proposalExpired: "This proposal has expired (proposals last 24 hours). Propose it again.",
  proposalDecided: "This proposal was confirmed already.",
  proposalOwn: "A different director must confirm what you proposed.",
  proposalStale:
    "What this proposal would do has changed since it was proposed, so it cannot be confirmed as shown. Propose it again to see the new preview.",
  proposalDeskOnly: "A proposal is confirmed on the desk, with your authenticator code, not through the API.",
  codeWrong: "That code is not right. Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeLocked: "Too many wrong codes. Wait 15 minutes, then try again.",
  proposedOnly: "This action needs a second director: it is proposed first, then confirmed on the desk.",
} as const;
