/**
 * The public showcase and the audience vote (issue 25): the project's public
 * face, who may vote and when, what the review flags, and the words the
 * pages and actions use. Written once; pages, the server (the desk's vote
 * review included) and the tests read them here. Dependency-light:
 * Node imports it as is from the admin CLI and the seed script.
 */
import { tracks } from "./program";

export { tracks };
export type TrackId = (typeof tracks)[number]["id"];

export const trackName = (id: string | null | undefined): string | null =>
  tracks.find((t) => t.id === id)?.name ?? null;

/** The public face's limits. */
export const showcaseLimits = {
  titleMax: 80,
  summaryMax: 200,
  searchMax: 80,
  slugMax: 60,
  /** Projects per page of /showcase (issue 34): the page weighs the same with 20 projects or 2,000. */
  galleryPageSize: 24,
} as const;

/** A project credited to nobody by name: no team name, and no member chose to be named. */
export const unnamedParticipant = "A Challenge participant";

/** How a member's name is shown; the first is what nobody chose yet (the most private). */
export const nameDisplayOptions = [
  { id: "team", label: "Team name only", hint: "Your name is not shown; the project is credited to the team." },
  { id: "initial", label: "First name and last initial", hint: "For example, Avery N." },
  { id: "full", label: "Full name", hint: "For example, Avery Nguyen." },
] as const;

/**
 * The review of the votes (/organize/votes, `npm run admin -- votes-review`): what makes a vote
 * worth an organizer's look. A flag is not an exclusion; an organizer decides.
 */
export const voteReview = {
  /** A burst: at least `votes` votes for one project within `minutes`. */
  burst: { votes: 10, minutes: 10 },
  /** Votes from one client address. */
  sameAddress: 4,
  /** Votes from one /24 (IPv4) or /64 (IPv6) network. */
  sameNetwork: 8,
  /** IPv4 prefix length and IPv6 hextets of a network. */
  ipv4PrefixOctets: 3,
  ipv6PrefixHextets: 4,
} as const;

/**
 * Throwaway-mailbox domains (a vote from one is flagged, not refused: a
 * verified address still proves a mailbox). A short list of the common ones;
 * organizers add more here.
 */
export const disposableEmailDomains = [
  "mailinator.com",
  "guerrillamail.com",
  "guerrillamail.net",
  "sharklasers.com",
  "10minutemail.com",
  "temp-mail.org",
  "tempmail.com",
  "yopmail.com",
  "trashmail.com",
  "getnada.com",
  "dispostable.com",
  "maildrop.cc",
  "throwawaymail.com",
  "mailnesia.com",
  "fakeinbox.com",
] as const;

/** The categories an exclusion is recorded under (the ledger counts by these). */
export const exclusionCategories = ["burst", "address", "network", "new-account", "disposable-mail", "other"] as const;
export type ExclusionCategory = (typeof exclusionCategories)[number];

export const exclusionCategoryLabels: Record<ExclusionCategory, string> = {
  burst: "Burst of votes",
  address: "Many votes from one address",
  network: "Many votes from one network",
  "new-account": "Account created during the showcase",
  "disposable-mail": "Throwaway e-mail address",
  other: "Other reason",
};

export const AUDIENCE_CHOICE_AWARD = "audience-choice";

export const showcaseMessages = {
  titleRequired: "Enter the project's title.",
  titleTooLong: `Keep the title to ${showcaseLimits.titleMax} characters.`,
  summaryTooLong: `Keep the summary to one sentence of at most ${showcaseLimits.summaryMax} characters.`,
  summaryOneSentence: "Keep the summary to one sentence.",
  trackInvalid: "Choose one of the five tracks.",
  consentNeedsFace: "To appear in the showcase, the project needs a title, a one-sentence summary and a track.",
  nameDisplayInvalid: "Choose how your name is shown.",
  publicFaceSaved: "The project's public face is saved.",
  // The vote.
  signInToVote: "Please log in or create an account to vote",
  verifyToVote:
    "Verify your e-mail address to vote: use the link we sent you, or ask for a new one on your account page.",
  notOpenYet: (opens: string) => `Voting opens ${opens}.`,
  closed: "Voting has closed.",
  ownProject: "You can't vote for your own team's project.",
  notFound: "This project is not in the showcase.",
  voted: (title: string) => `Your vote for "${title}" is in. You can move it to another project until voting closes.`,
  unchanged: (title: string) => `Your vote is already for "${title}".`,
  rateLimited: "Too many attempts. Please wait a minute and try again.",
  unknownIntent: "This form could not be sent. Please reload the page and try again.",
} as const;

/**
 * One sentence: no sentence end (".", "!" or "?" then a space and a capital)
 * before the last character; titles such as "Dr." do not end one.
 */
export function isOneSentence(text: string): boolean {
  return !/(?<!\b(?:Dr|Mr|Mrs|Ms|St|Mt|Inc|Co|Corp|Ltd|Jr|Sr|vs|etc|No))[.!?]\s+["“(]?[A-Z0-9]/.test(text.trim());
}

/** A URL slug from a title: lower-case ASCII words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, showcaseLimits.slugMax)
    .replace(/-+$/g, "");
  return slug || "project";
}
