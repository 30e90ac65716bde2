/**
 * The impact reports' words and rules (issue 55): the public page /impact,
 * each organization's report and the sponsors' report. The figures
 * themselves come from app/impact/.
 */

export const impactRules = {
  /**
   * A count of people or projects from 1 to this minus one is published as
   * "fewer than 5", so no one can be singled out (0 singles no one out).
   */
  smallFigureBelow: 5,
  /**
   * How long an isolate shows the running edition's figures it counted before
   * counting again (ADR 023, addendum): well inside the five minutes the edge
   * may keep /impact (workers/cache.ts), so nobody sees older figures than the
   * edge already shows them.
   */
  keptSeconds: 60,
} as const;

export const impactText = {
  fewerThan: `fewer than ${impactRules.smallFigureBelow}`,
  pageTitle: "Impact",
  pageDescription:
    "How the Idaho AI Challenge is doing against its goals: participants, organizations, certifications, projects and results, updated as they happen.",
  eyebrow: "About",
  lead: (editionName: string) =>
    `The ${editionName}'s goals against what has happened so far, from the same records the organizers work from. Figures of fewer than ${impactRules.smallFigureBelow} people or projects are shown as "fewer than ${impactRules.smallFigureBelow}".`,
  goalsTitle: (editionName: string) => `The ${editionName}'s goals`,
  goalsLead: "Each goal is a floor: the bar fills as the figure reaches it.",
  goalOf: (figure: string, goal: number, percent: number | null) =>
    percent === null ? `${figure} of ${goal}+` : `${figure} of ${goal}+ (${percent}%)`,
  goals: {
    participants: "Participants",
    organizations: "Organizations",
    projectSubmissions: "Project submissions",
  },
  participantsNote: "Paid individual registrations and employees enrolled with their organization's company code.",
  certificationsTitle: "Certifications earned",
  certificationsCaption: "Certifications held (not revoked), by stage",
  certificationsHead: ["Certification", "People", "Of participants"],
  tiersTitle: "Organizations by recognition tier",
  tiersCaption: "Organizations with a Workforce Package, by recognition tier",
  tiersHead: ["Recognition tier", "Organizations"],
  belowFirstTier: "Below the first tier",
  projectsTitle: "Projects",
  projectsCaption: "Submitted projects by track",
  projectsHead: ["Track", "Projects"],
  noTrack: "No track chosen",
  teams: "Teams formed",
  submitted: "Projects submitted",
  votes: "Showcase votes cast",
  credentials: "Credentials issued",
  resultsTitle: "Finalists and awards",
  resultsNone: "The finalists and awards are published here once the judges have chosen them.",
  finalists: "Finalists",
  awards: "Awards",
  pastTitle: "Editions side by side",
  pastCaption: "Each edition's figures; a past edition's as they stood at its end",
  pastNone: "This is the Challenge's first edition: past editions will stand here beside it.",
  measure: "Figure",
  mission: "Read our mission and strategic goals",
} as const;

export const organizationReportText = {
  title: "Impact report",
  dashboardLink: "Your impact report: charts and figures to share with leadership, printable",
  eyebrow: (organization: string) => `${organization}: organization dashboard`,
  lead: (editionName: string, soFar: boolean) =>
    soFar
      ? `Your people in the ${editionName} so far, to share with leadership and stakeholders.`
      : `Your people in the ${editionName}, to share with leadership and stakeholders.`,
  print:
    'To keep a copy, print this page or choose "Save as PDF" in your browser\'s print dialog: it prints on two pages.',
  csv: "Download the figures (CSV)",
  back: "Back to the dashboard",
  summaryTitle: "At a glance",
  enrolled: "Employees enrolled",
  tier: "Recognition tier",
  noTier: "None yet",
  toNext: (n: number, tier: string) => `${n} more employee${n === 1 ? "" : "s"} to ${tier}`,
  topTier: "The top tier",
  enrolmentTitle: "Enrolment over time",
  enrolmentCaption: "Employees enrolled with your company code, by week (cumulative)",
  enrolmentHead: ["Week of", "Enrolled"],
  enrolmentNone: "No employee has enrolled with your code yet.",
  funnelTitle: "Certifications by stage",
  funnelCaption: "Your employees holding each certification, and the Challenge's rate",
  funnelHead: ["Certification", "Employees", "Your rate", "Challenge rate"],
  projectsTitle: "Projects",
  projectsCaption: "Your employees' projects by status and track",
  projectsHead: ["Project", "Track", "Status"],
  projectsNone: "None of your employees is on a team yet.",
  byTrackCaption: "Your employees' projects by track",
  byTrackHead: ["Track", "Projects"],
  untitled: "A project its team keeps private",
  submittedStatus: "Submitted",
  draftStatus: "In progress",
  resultsTitle: "Finalists, awards and credentials",
  finalists: "Finalist teams",
  awards: "Awards",
  credentials: "Credentials held by your employees",
  resultsPending: "The finalists and awards are published after judging; they appear here then.",
  comparisonTitle: "Compared with the whole Challenge",
  comparisonCaption: "Your organization beside the Challenge's averages",
  comparisonHead: ["Measure", "Your organization", "The Challenge"],
  averageEmployees: "Employees enrolled per organization",
  submittedShare: "Teams that submitted their project",
  generated: (when: string) => `Figures as of ${when} (Mountain Time).`,
} as const;

export const sponsorReportText = {
  title: "Sponsor report",
  eyebrow: (company: string) => `${company}: sponsor`,
  lead: (editionName: string, soFar: boolean) =>
    soFar
      ? `Participation and outcomes of the ${editionName} so far. The full report follows the finals.`
      : `Participation and outcomes of the ${editionName}, as the sponsor agreement promises after the Challenge.`,
  print: 'To keep a copy, print this page or choose "Save as PDF" in your browser\'s print dialog.',
  back: "Back to your account",
  outcomesTitle: "Certifications, organizations and projects",
  soFarNote: "So far: the Challenge is still running, and these figures will grow until the finals.",
  whereShownTitle: "Where your sponsorship was shown",
  notYetShown:
    "Not yet shown: the site does not display sponsors yet. We will list here each place your name and logo appear.",
  accountLink: "Your sponsor report",
  accountLinkLead: "the Challenge's participation and outcomes, for you as a sponsor, printable.",
} as const;
