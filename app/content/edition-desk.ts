/**
 * The words of the editions' desk (issue 52): the forms' labels, the
 * check's messages (app/editions/check.ts), the previews of a publication
 * and of a change, the e-mail to the people a change affects, and the
 * pages' leads. Plain words an organizer reads beside a field.
 */
const planName = { individual: "Individual", workforce: "Workforce Package" } as const;
const phaseName = { earlyBird: "early bird", regular: "regular" } as const;

export const editionFieldLabels = {
  milestone: (title: string) => ({
    start: `${title}: start`,
    end: `${title}: end`,
    lastDay: `${title}: last day`,
  }),
  regularPricesFrom: "Regular prices from",
  sponsorshipCloses: "Sponsorship closes",
  price: (plan: keyof typeof planName, phase: keyof typeof phaseName) => `${planName[plan]}, ${phaseName[phase]} ($)`,
  detail: {
    name: "Edition name",
    "goal-participants": "Goal: participants",
    "goal-organizations": "Goal: organizations",
    "goal-projects": "Goal: project submissions",
    "venue-city": "Finals: city",
    "venue-event": "Finals: event",
    "venue-showcase": "Finals: showcase",
    "venue-name": "Finals: name",
  },
  rulesVersion: "Contest rules version reviewed by counsel",
  note: "What changed and why (sent to the people affected)",
} as const;

export const editionFieldMessages = {
  required: (label: string) => `${label}: fill this in.`,
  notADate: (label: string) => `${label}: not a date and time (a date like 2027-03-18, a time like 23:59).`,
  skippedHour: (label: string, date: string, time: string) =>
    `${label}: ${date} ${time} does not exist in Boise: clocks jump from 2:00 to 3:00 AM that night (daylight saving time starts). Choose another time.`,
  repeatedHour: (label: string, date: string, time: string) =>
    `${label}: ${date} ${time} happens twice in Boise: clocks go back from 2:00 to 1:00 AM that night (daylight saving time ends). Choose a time outside 1:00–2:00 AM.`,
  notAPrice: (label: string) => `${label}: a price in dollars, such as 250 or 250.00.`,
  notAGoal: (label: string) => `${label}: a whole number above 0.`,
  rulesVersion: "Name the contest rules version counsel reviewed (for example 2027-1).",
  editionId: "An edition is a year, such as 2027.",
} as const;

export const editionCheckMessages = {
  endBeforeStart: (title: string) => `${title}: the end must come after the start.`,
  outOfOrder: (title: string, on: string, previousTitle: string, previousOn: string) =>
    `${title} (${on}) comes before ${previousTitle} (${previousOn}): the milestones run in the order of the timeline.`,
  outsideCreation: (title: string, first: string, last: string) =>
    `${title} must fall within the creation period (${first} to ${last}).`,
  submissionOutsideCreation: (last: string, dayAfter: string) =>
    `The submission deadline must fall within the creation period, or at the latest on the day after its last day (${last} → ${dayAfter}).`,
  finalEnrollmentAfterSubmission: (submission: string) =>
    `The final enrollment deadline must not be after the submission deadline (${submission}).`,
  beforeSubmissionCloses: (title: string, submission: string) =>
    `${title} must start after the submission deadline (${submission}).`,
  announcedDuringJudging: (lastJudgingDay: string) =>
    `Finalists are announced after judging ends (its last day is ${lastJudgingDay}).`,
  earlyBirdOutsideEnrollment: (opens: string, closes: string) =>
    `Regular prices must start after enrollment opens (${opens}) and by the final enrollment deadline (${closes}).`,
  sponsorshipOutside: (finalsEnd: string) =>
    `Sponsorship must close after enrollment opens and no later than the end of the finals (${finalsEnd}).`,
  earlyBirdAboveRegular: (plan: keyof typeof planName) =>
    `${planName[plan]}: the early-bird price must not be above the regular price.`,
  overlapsPreviousFinals: (title: string, on: string, previous: string, finals: string) =>
    `${title} (${on}) is before the ${previous} is over (its finals are on ${finals}): an edition starts after the previous one's finals.`,
  alreadyPassed: (title: string, at: string) =>
    `${title} (${at}) has already begun or passed: people relied on it, so it cannot change now.`,
  intoThePast: (title: string, at: string, now: string) =>
    `${title} would move to ${at}, which is already past (it is ${now}).`,
  priceRelied: (opened: string) =>
    `Enrollment opened ${opened}: people have paid these prices, so prices and the early-bird cut-off cannot change now.`,
} as const;

export const editionDeskMessages = {
  unknownEdition: (id: string) => `There is no edition ${id}.`,
  unknownVersion: (id: string, version: string) => `Edition ${id} has no draft version ${version}.`,
  notADraft: (id: string, version: number) =>
    `Version ${version} of edition ${id} is not a draft: it cannot be published again.`,
  newerDraft: (version: number) => `A newer draft exists (version ${version}): propose that one.`,
  draftHasProblems: (count: number) =>
    `This draft has ${count} problem(s) to fix before it can be proposed: see "Check" on the edition's page.`,
  publishedOnlyChanges: (id: string) =>
    `Edition ${id} is published: change it with "Change the published edition" (a second director confirms, and the people affected are told).`,
  notPublished: (id: string) => `Edition ${id} is not published yet: edit its draft instead.`,
  nothingChanged: "Nothing would change: give the milestone a new date or time.",
  draftSaved: (part: string, version: number) => `${part} saved as draft version ${version}.`,
  published: (name: string, version: number) =>
    `The ${name}, version ${version}, is published: the site shows it within a minute.`,
  changed: (name: string, version: number, emails: number) =>
    `The ${name} is changed (version ${version}); ${emails} e-mail(s) in the outbox.`,
} as const;

export const editionDeskText = {
  listLead:
    "Each edition is drafted here, checked, proposed by a director with a preview of what the site will say, and published when a second director confirms with their code.",
  listEmpty: "No edition is stored yet: the published edition below is where the first draft starts.",
  startNext: (id: string, from: string) => `Draft the ${id} edition (a copy of ${from}, every date a year later)`,
  draftLead:
    "Each form saves a new draft version; nothing is public until a director proposes it and a second director confirms. The check lists what must be fixed first.",
  datesLead:
    "Dates and times are Boise wall-clock times (MT). Enrollment opens at early enrollment; the deadlines close one minute after their time (11:59 PM closes at midnight).",
  pricesLead: "Prices per plan and phase, in dollars.",
  detailsLead: "The edition's name, its goals (each a floor: 500 means 500+) and the finals' venue.",
  checkClean: "No problem found: the draft can be proposed.",
  proposeLead:
    "A director proposes publication with the rules version counsel reviewed; a different director confirms on the proposal's page with their code.",
  changeLead:
    "Move one milestone of the published edition (extend the submission deadline, move the finals). The preview lists who is affected and what they are told; a second director confirms; each person affected gets one e-mail.",
  previewLink: "To see the whole site on a day of this edition, use the desk's preview of the site on a day.",
} as const;

export const editionPreviewText = {
  publishSummary: (name: string, version: number, opens: string) =>
    `Publish the ${name} (version ${version}): enrollment opens ${opens}`,
  homeCaption: "Home page",
  registerCaption: "/register: prices per phase",
  registerHead: ["Plan", "Early bird", "Regular"],
  timelineCaption: "/timeline and the calendar feed: milestones",
  timelineHead: ["Milestone", "Date", "Time"],
  homeHead: ["What", "Says"],
  announcement: (name: string, opens: string) => `The ${name}: enrollment opens ${opens}.`,
  earlyBirdUntil: (until: string) => `Early-bird prices until ${until}.`,
  rulesNote: (version: string) => `Contest rules version reviewed by counsel: ${version}.`,
  versionNote: (version: number, latest: number) => `Draft version ${version} of ${latest}.`,
  changeSummary: (name: string, changes: string) => `Change the ${name}: ${changes}`,
  changesCaption: "What changes",
  changesHead: ["Milestone", "Now", "New"],
  affectedCaption: "Who is affected and told by e-mail",
  affectedHead: ["Who", "How many", "Why"],
  warning: (message: string) => `Check before confirming: ${message}`,
  feedNote: "Subscribed calendars move the events: each keeps its UID and its SEQUENCE rises.",
} as const;

/** Who a change of each milestone concerns (app/editions/affected.server.ts). */
export const affectedGroupText = {
  submitting: "Members of teams whose project is not submitted yet",
  registrants: "Registered and enrolled participants",
  judges: "Judges",
} as const;

export const editionChangedEmail = {
  subject: (name: string) => `The ${name}: a date has changed`,
  intro: (name: string) => `The organizers of the ${name} have changed the timeline:`,
  line: (title: string, before: string, after: string) => `- ${title}: ${before} → now ${after}`,
  why: "Why:",
  timeline: (url: string) => `The whole timeline, and calendar files that follow the change: ${url}`,
} as const;
