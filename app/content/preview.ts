/**
 * The organizers' preview of the public site on another day (issue 52,
 * pretix's "time machine"; app/editions/preview.server.ts): its rules and
 * the words the desk page, the banner on every previewed page and the
 * refusal of a write say, with JavaScript on or off.
 */
export const previewRules = {
  /**
   * The browser's hint that it may have a preview: only requests carrying it
   * look for one (the rest pay nothing). It holds no state: the preview is a
   * row of the desk session, and a hint without one shows the live site.
   */
  hintCookie: "site_preview",
  /** The time of day a preview shows when none is given, in Boise. */
  defaultTime: "09:00",
  /** Where the preview is started, left and changed. */
  deskPath: "/organize/preview",
} as const;

/** The key days of an edition a preview jumps to, in the order they come. */
export const previewKeyDays = [
  { id: "enrollmentOpens", label: "Enrollment opens (early bird)" },
  { id: "standardRegistration", label: "Standard registration" },
  { id: "submissionDeadline", label: "Submission deadline" },
  { id: "finals", label: "Finals" },
] as const;
export type PreviewKeyDay = (typeof previewKeyDays)[number]["id"];

export const previewText = {
  deskTitle: "Preview the site on a day",
  deskLead:
    "See the whole public site as it will be on any day of an edition, a draft's too. Only this browser's desk session sees it; nothing can be paid, sent or saved while it lasts.",
  versionLabel: "Edition",
  versionHint: "The published editions as the site shows them now, or one version of an edition (a draft too).",
  liveOption: "The published editions",
  dayLabel: "Day (Boise)",
  timeLabel: "Time (Boise)",
  timeHint: "9:00 AM unless you choose another time.",
  start: "Start preview",
  startBusy: "Starting…",
  keyDaysTitle: "Jump to a key day",
  keyDaysLead:
    "Each button starts the preview of that version at 9:00 AM Boise time on the day (or at the moment itself when it is later that day).",
  currentTitle: "Your preview",
  noPreview: "You are not previewing the site. Choose an edition and a day above.",
  openSite: "Open the previewed site",
  leave: "Leave preview",
  leaveBusy: "Leaving…",
  started: (what: string, day: string) =>
    `Previewing ${what} on ${day}. The banner at the top of each page takes you back.`,
  left: "You left the preview: the site is live again in this browser.",
  notPreviewing: "You were not previewing the site.",
  unknownVersion: "That edition version does not exist. Choose one from the list.",
  invalidDay: "Give a day as YYYY-MM-DD.",
  invalidTime: "Give a time as HH:MM (24-hour clock).",
  noSuchTime: "That time does not exist in Boise on that day (the clocks skip an hour). Choose another.",
  invalidDocument: "That version cannot be read as an edition; fix the draft before previewing it.",
  /** The banner on every previewed page. */
  bannerHeading: "Preview",
  banner: (what: string, day: string) => `You are looking at ${what} as on ${day}. Nothing is paid, sent or saved.`,
  backToDesk: "Back to the desk",
  /** A write while previewing: the page, and a fetcher's JSON. */
  refusedTitle: "This is a preview",
  refused:
    "You are previewing the site on another day, so nothing was sent, paid or saved. Leave the preview to use the live site.",
} as const;

/** How a preview names what it shows: "the published editions" or "the 2027 edition, version 3 (draft)". */
export function previewSubject(preview: { editionName: string | null; version: number | null; state: string | null }) {
  if (preview.editionName === null || preview.version === null) return "the published editions";
  return `${preview.editionName}, version ${preview.version}${preview.state ? ` (${preview.state})` : ""}`;
}
