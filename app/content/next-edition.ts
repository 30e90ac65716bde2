/**
 * The next-edition list (issue 11): who can join, the copy of its form and
 * pages, and its limits. Pages, the form, the server and the e-mails read
 * these; a fact is written once.
 */

export const nextEditionInterestKeys = ["participant", "organization", "sponsor", "judge", "advisor"] as const;
export type NextEditionInterest = (typeof nextEditionInterestKeys)[number];

export interface NextEditionInterestInfo {
  readonly key: NextEditionInterest;
  /** The checkbox's label. */
  readonly label: string;
}

/** In the order the form lists them. */
export const nextEditionInterests = [
  { key: "participant", label: "Taking part as a participant" },
  { key: "organization", label: "Enrolling my organization's employees" },
  { key: "sponsor", label: "Sponsoring the Challenge" },
  { key: "judge", label: "Serving as a judge" },
  { key: "advisor", label: "Serving as an advisor" },
] as const satisfies readonly NextEditionInterestInfo[];

export const nextEditionInterestLabels = Object.fromEntries(
  nextEditionInterests.map((interest) => [interest.key, interest.label]),
) as Record<NextEditionInterest, string>;

export function isNextEditionInterest(value: unknown): value is NextEditionInterest {
  return typeof value === "string" && (nextEditionInterestKeys as readonly string[]).includes(value);
}

export const nextEditionLimits = {
  /** SPEC.md §5, as on the contact form. */
  email: { max: 255 },
  /** Optional; the contact form's maximum. */
  name: { max: 100 },
  /** A confirmation link works this long after it was sent. */
  confirmLinkDays: 7,
  /** Unconfirmed entries are deleted this long after their last sign-up (app/content/legal.ts). */
  unconfirmedRetentionDays: 7,
  /** Unsubscribed addresses are deleted at the first daily run after this many days. */
  unsubscribedRetentionDays: 1,
  /** A second sign-up of an unconfirmed address resends the confirmation at most this often. */
  resendConfirmationMinutes: 10,
} as const;

// The first three are ./fields.ts's fieldMessages, which the form's
// schema uses; written out because scripts/admin.mjs loads this module in
// Node, which resolves no extensionless import.
export const nextEditionMessages = {
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 255 characters",
  nameTooLong: "Name must be less than 100 characters",
  interestRequired: "Please choose at least one way you'd like to take part",
  rateLimited: "You've sent too many requests. Please wait a minute and try again.",
} as const;

export const nextEditionCopy = {
  /** The /next-edition page. */
  pageTitle: "Hear when the next edition opens",
  pageLead:
    "Leave your e-mail address and we'll write once enrollment for the next Challenge opens, and when there is news for the role you choose. Nothing else.",
  /** The form, wherever it is placed. */
  formHeading: "Tell me when the next edition opens",
  formNote:
    "We'll send a confirmation link first: you're on the list only after you follow it. Every e-mail has a one-click unsubscribe link.",
  interestsLegend: "I'm interested in",
  submitLabel: "Notify me",
  pendingLabel: "Sending...",
  privacyNote: { before: "We use your address only for this list. See ", link: "the privacy policy", after: "." },
  toast: {
    type: "success",
    title: "Check your inbox",
    description:
      "If this address can join the list, a confirmation link is on its way. Follow it to finish signing up.",
  },
  failureToast: {
    type: "error",
    title: "Error",
    description: "We couldn't save your address. Please try again.",
  },
  confirm: {
    title: "Confirm your subscription",
    prompt: "Follow through to join the list: we'll write when the next edition opens.",
    button: "Confirm my subscription",
    done: { title: "You're on the list", body: "Thank you! We'll write when the next edition opens." },
    invalid: {
      title: "This link doesn't work",
      body: "It has expired, was already used, or is incomplete. Sign up again and we'll send a fresh link.",
    },
  },
  unsubscribe: {
    title: "Unsubscribe",
    prompt: "Stop e-mail about the next edition to this address?",
    button: "Unsubscribe",
    done: { title: "You're unsubscribed", body: "We won't write to this address about the next edition again." },
    invalid: {
      title: "This link doesn't work",
      body: "It is incomplete or was altered. Use the link in the latest e-mail from us, or write to us and we'll remove your address.",
    },
  },
} as const;
