/**
 * The program: learning path, tracks, submission rules, judging, recognition
 * and awards (SPEC.md §1, §3, §4, §5, §9). Where the source material states
 * one fact two ways, both readings are kept under names that say where each
 * one is published; pages pick the reading of the page they reproduce.
 */

import type { MilestoneId } from "./dates";

export interface NumberRange {
  readonly min: number;
  readonly max: number;
}

export type DurationUnit = "minutes" | "hours" | "weeks";

export interface Duration extends NumberRange {
  readonly unit: DurationUnit;
}

/** "1.5–2 hours", "4–6 weeks". */
export function formatRange(range: NumberRange, unit?: string): string {
  return `${range.min}–${range.max}${unit ? ` ${unit}` : ""}`;
}

// ── Learning path ──────────────────────────────────────────────────────────

export type StageId = "stage-1" | "stage-2" | "stage-3" | "capstone";

export interface LearningStage {
  readonly id: StageId;
  /** "Stage 1" … "Capstone". */
  readonly label: string;
  readonly name: string;
  /** The certification earned on completing the stage. */
  readonly certification: string;
  readonly duration: Duration;
  readonly summary: string;
}

export const learningStages = [
  {
    id: "stage-1",
    label: "Stage 1",
    name: "Talk to AI",
    certification: "AI Communicator",
    duration: { min: 1.5, max: 2, unit: "hours" },
    summary: "Learn to prompt AI tools clearly and reliably with the SPARK prompting framework.",
  },
  {
    id: "stage-2",
    label: "Stage 2",
    name: "Create with AI",
    certification: "AI Creator",
    duration: { min: 5, max: 6, unit: "hours" },
    summary: "Use AI to create content and analysis for your everyday work.",
  },
  {
    id: "stage-3",
    label: "Stage 3",
    name: "Build with AI",
    certification: "AI Builder",
    duration: { min: 6, max: 8, unit: "hours" },
    summary: "Build AI-powered workflows and tools for your team.",
  },
  {
    id: "capstone",
    label: "Capstone",
    name: "Capstone Project",
    certification: "AI Innovator",
    duration: { min: 4, max: 6, unit: "weeks" },
    summary:
      "Apply AI to a real workplace problem and submit your project; finalists chosen by the judges earn the Certified AI (Upskilling) Innovator credential.",
  },
] as const satisfies readonly LearningStage[];

/** Named inside Stage 1; the spec gives only its name. */
export const PROMPTING_FRAMEWORK = "SPARK";

export const certifications = learningStages.map((s) => s.certification);

/** Earned through the capstone by finalists, after all three stage certifications. */
export const finalistCredential = {
  name: "Certified AI (Upskilling) Innovator",
  alsoCalled: "Certified AI Innovator",
} as const;

/**
 * The whole training as published. Note the stage durations above add up to
 * 12.5–16 hours, not 10–15: both figures are the source's own.
 */
export const trainingTotal = { min: 10, max: 15, unit: "hours", label: "about 10–15 hours" } as const;

export const programLength = {
  weeks: 12,
  hoursPerWeek: { min: 4, max: 6 },
  priorAiExperienceNeeded: false,
  openTo: "Employees of enrolled organizations and individuals",
} as const;

export interface Track {
  readonly id: string;
  readonly name: string;
}

export const tracks = [
  { id: "generative-ai", name: "Generative AI" },
  { id: "data-analysis-visualization", name: "Data Analysis & Visualization" },
  { id: "process-automation", name: "Process Automation" },
  { id: "customer-experience-ai", name: "Customer Experience AI" },
  { id: "ai-strategy-ethics", name: "AI Strategy & Ethics" },
] as const satisfies readonly Track[];

export const vendorCertifications = {
  optional: true,
  vendors: ["Microsoft", "Google", "AWS", "IBM"],
} as const;

export const credentialsNote = "Completion certificates and digital badges are verifiable and shareable.";

// ── Journey and how it works ───────────────────────────────────────────────

export interface JourneyStep {
  readonly id: string;
  readonly name: string;
  readonly summary: string;
  /** The dated milestone this step points to on the timeline. */
  readonly milestoneId: MilestoneId;
}

export const participantJourney = [
  {
    id: "enroll",
    name: "Enroll",
    summary: "Register on your own or join with your employer's company code.",
    milestoneId: "early-enrollment",
  },
  {
    id: "create",
    name: "Create",
    summary: "Complete the training stages and build your project on a real workplace problem.",
    milestoneId: "creation-period",
  },
  {
    id: "deadline",
    name: "Deadline",
    summary: "Submit all five project components; late submissions are not accepted.",
    milestoneId: "submission-deadline",
  },
  {
    id: "vote",
    name: "Vote",
    summary: "Projects are showcased online and the public casts one verified vote each.",
    milestoneId: "showcase-voting",
  },
  {
    id: "judge",
    name: "Judge",
    summary: "Judges score every complete project against the published criteria.",
    milestoneId: "judging",
  },
  {
    id: "showcase",
    name: "Showcase",
    summary: "Finalists present at the State Capital Finals in Boise during Idaho AI Week.",
    milestoneId: "finals",
  },
] as const satisfies readonly JourneyStep[];

export interface HowItWorksStep {
  readonly step: number;
  readonly title: string;
  readonly body: string;
}

/** Home page "How It Works". */
export const howItWorks = [
  {
    step: 1,
    title: "Enroll and learn",
    body: "Sign up as an individual or through your employer, then earn three AI certifications. No prior AI experience is needed.",
  },
  {
    step: 2,
    title: "Solve a real problem",
    body: "Apply what you learned to a real challenge at work and submit your capstone project: a working prototype, abstract, pitch deck, demo video and reflection log.",
  },
  {
    step: 3,
    title: "Compete and get recognized",
    body: "Judges score every project and the public votes. Finalists present at the State Capital Finals in Boise and earn the Certified AI (Upskilling) Innovator credential.",
  },
] as const satisfies readonly HowItWorksStep[];

// ── Submission ─────────────────────────────────────────────────────────────

export const submissionLimits = {
  abstractWords: { min: 250, max: 500 },
  pitchDeckSlides: { min: 8, max: 12, recommended: true },
  demoVideoMinutes: { min: 3, max: 5, strictlyEnforced: true },
  videoHosts: ["YouTube (unlisted)", "Vimeo", "Loom"],
  minVideoResolution: "720p",
  reflectionLogWords: { min: 500, max: 1000, recommended: true },
  reflectionLogFormats: ["PDF", "Word"],
  /** The contest rules' "How AI Was Used" log. */
  aiUseLogWords: { min: 100, max: 250 },
  reportMaxPages: 10,
  /** Presentations must run under this many minutes. */
  presentationUnderMinutes: 10,
  confirmationEmailWithinHours: 24,
  lateSubmissionsAccepted: false,
  draftsEditableUntilDeadline: true,
} as const;

export interface SubmissionComponent {
  readonly id: string;
  readonly name: string;
  readonly requirement: string;
}

const L = submissionLimits;

/** All five are required; a missing component disqualifies the submission. */
export const submissionComponents = [
  {
    id: "prototype",
    name: "Working prototype or workflow demo",
    requirement: "Show the AI solution working on your real workplace problem.",
  },
  {
    id: "abstract",
    name: "Abstract",
    requirement: `${formatRange(L.abstractWords, "words")} summarizing the problem and your solution.`,
  },
  {
    id: "pitch-deck",
    name: "Pitch deck",
    requirement: `${formatRange(L.pitchDeckSlides, "slides")} recommended.`,
  },
  {
    id: "demo-video",
    name: "Demo video",
    requirement: `${formatRange(L.demoVideoMinutes, "minutes")}, strictly enforced; hosted on ${L.videoHosts.join(", ")}, at least ${L.minVideoResolution}.`,
  },
  {
    id: "reflection-log",
    name: "Reflection log",
    requirement: `${formatRange(L.reflectionLogWords, "words")} recommended, as ${L.reflectionLogFormats.join(" or ")}, covering your impact and how you used AI.`,
  },
] as const satisfies readonly SubmissionComponent[];

export const MISSING_COMPONENT_CONSEQUENCE = "disqualification";

/**
 * The For Employees page lists an impact statement as well; the other pages
 * fold it into the reflection log, which covers impact and how AI was used.
 */
export const employeePageImpactStatementNote =
  "Your impact statement is part of the reflection log, which covers the results you achieved and how you used AI.";

export interface ProcessStep {
  readonly step: number;
  readonly title: string;
  readonly body: string;
}

/** Submission guidelines' four-step process, from the submission lifecycle the spec describes. */
export const submissionProcess = [
  {
    step: 1,
    title: "Prepare your components",
    body: "Gather all five required components; a missing one disqualifies the submission.",
  },
  {
    step: 2,
    title: "Save a draft",
    body: "Upload your work in the Challenge Portal and keep editing your draft until the deadline.",
  },
  {
    step: 3,
    title: "Submit before the deadline",
    body: "Submit your final project before the deadline; late submissions are not accepted.",
  },
  {
    step: 4,
    title: "Get your confirmation",
    body: `Watch for an email confirmation within ${L.confirmationEmailWithinHours} hours and follow your submission's status in the portal.`,
  },
] as const satisfies readonly ProcessStep[];

/** How long submissions are stored. */
export const SUBMISSION_RETENTION_MONTHS = 12;

// ── Eligibility, teams, voting, appeals ───────────────────────────────────

export const eligibility = {
  minAge: 18,
  /** Contest rules only: minors may enter with written parental consent. */
  contestRulesMinorException: "Under 18 with written parental consent",
  priorAiExperienceNeeded: false,
} as const;

/** Two published readings; both stand (SPEC.md §5). */
export const teamSize = {
  faq: { min: 2, max: 4 },
  contestRules: { max: 5 },
  everyMemberMustEnroll: true,
} as const;

export const audienceVoting = {
  votesPerPerson: 1,
  rule: "One verified vote per person, email address and IP address.",
} as const;

export const appeals = {
  inWriting: true,
  fileWithinBusinessDays: 5,
  decisionWithinBusinessDays: 10,
  committeeSize: 3,
} as const;

// ── Judging ───────────────────────────────────────────────────────────────

export type JudgingCriterionId =
  "innovation-creativity" | "technical-proficiency" | "business-impact" | "ethical-ai" | "presentation";

export interface JudgingCriterion {
  readonly id: JudgingCriterionId;
  readonly name: string;
}

export const judgingCriteria = [
  { id: "innovation-creativity", name: "Innovation & Creativity" },
  { id: "technical-proficiency", name: "Technical Proficiency" },
  { id: "business-impact", name: "Business Impact & Relevance" },
  { id: "ethical-ai", name: "Ethical AI Use" },
  { id: "presentation", name: "Presentation & Communication" },
] as const satisfies readonly JudgingCriterion[];

/**
 * Percent weights. The judges page, FAQ and submission guidelines publish one
 * list, the contest rules another; each page shows its own (SPEC.md §9).
 */
export const judgingWeights = {
  judgesPage: {
    "innovation-creativity": 20,
    "technical-proficiency": 20,
    "business-impact": 30,
    "ethical-ai": 15,
    presentation: 15,
  },
  contestRules: {
    "innovation-creativity": 30,
    "technical-proficiency": 25,
    "business-impact": 15,
    "ethical-ai": 20,
    presentation: 10,
  },
} as const satisfies Record<"judgesPage" | "contestRules", Record<JudgingCriterionId, number>>;

// ── Audiences ─────────────────────────────────────────────────────────────

export const audiences = {
  individuals: {
    name: "Individual employees and entrepreneurs",
    segments: [
      "Early-career professionals",
      "Mid-career professionals",
      "Career changers",
      "Team leaders and managers",
    ],
  },
  organizations: {
    name: "Organizations",
    segments: ["Businesses with 20 or more staff", "Chambers of commerce", "Associations", "Government agencies"],
  },
  sponsors: { name: "Sponsors", segments: [] },
  judgesAdvisors: { name: "Judges and advisors", segments: [] },
} as const satisfies Record<string, { name: string; segments: readonly string[] }>;

// ── Organizations ─────────────────────────────────────────────────────────

const RECOMMENDED_MIN_ORG_EMPLOYEES = 5;

export const organizationRequirements = {
  items: [
    { text: "Based in Idaho or with Idaho-based employees", required: true },
    { text: "A valid business email address", required: true },
    {
      text: `Commitment to support ${formatRange(programLength.hoursPerWeek, "hours")} a week of employee participation`,
      required: true,
    },
    { text: `At least ${RECOMMENDED_MIN_ORG_EMPLOYEES} participating employees (recommended)`, required: false },
    { text: "Keep your company code private", required: true },
  ],
  hoursPerWeek: programLength.hoursPerWeek,
  recommendedMinEmployees: RECOMMENDED_MIN_ORG_EMPLOYEES,
} as const;

export interface EnrollmentStep {
  readonly step: number;
  readonly title: string;
  readonly body: string;
  readonly duration: string;
}

/** The organization flow of SPEC.md §4 with the durations of §9, in order. */
export const organizationEnrollmentSteps = [
  {
    step: 1,
    title: "Register your organization",
    body: "Create an account and complete the Workforce Package registration.",
    duration: "10 minutes",
  },
  {
    step: 2,
    title: "Pay and receive your company code",
    body: "Your unique company code is issued as soon as payment completes.",
    duration: "Instant",
  },
  {
    step: 3,
    title: "Share the code with your team",
    body: "Send the code to the employees you want to enroll; keep it private otherwise.",
    duration: "1–2 weeks",
  },
  {
    step: 4,
    title: "Employees register",
    body: "Employees sign up with the company code and are linked to your organization automatically.",
    duration: "Ongoing",
  },
  {
    step: 5,
    title: "Track progress and submissions",
    body: "Follow registrations, progress, submissions and completion rates in your organization dashboard.",
    duration: "Program duration",
  },
] as const satisfies readonly EnrollmentStep[];

export const companyCode = {
  issued: "Instantly on registration and payment",
  unique: true,
  retrievableFromDashboard: true,
  regenerable: true,
  keepPrivate: true,
} as const;

export const organizationDashboardFeatures = [
  "Registered employees",
  "Progress",
  "Submissions",
  "Completion rates",
  "Impact reports",
] as const;

export interface RecognitionTier {
  readonly id: string;
  readonly name: string;
  readonly minParticipants: number;
  /** Inclusive; null for the open-ended top tier. */
  readonly maxParticipants: number | null;
  readonly badge?: string;
}

/** Set by the organization's participant count; lowest first. */
export const recognitionTiers: readonly RecognitionTier[] = [
  { id: "innovation-partner", name: "Innovation Partner", minParticipants: 10, maxParticipants: 24 },
  { id: "ai-champion", name: "AI Champion", minParticipants: 25, maxParticipants: 49 },
  {
    id: "workforce-leader",
    name: "Workforce Leader",
    minParticipants: 50,
    maxParticipants: null,
    badge: "PREMIER",
  },
];

/** The tier an organization with `participants` enrolled employees earns, or null below the first tier. */
export function recognitionTierFor(participants: number): RecognitionTier | null {
  return (
    recognitionTiers.find(
      (t) => participants >= t.minParticipants && (t.maxParticipants === null || participants <= t.maxParticipants),
    ) ?? null
  );
}

// ── Awards and goals ──────────────────────────────────────────────────────

export const awards = [
  { id: "grand-champion", name: "Grand Champion", description: "The project the judges score highest overall." },
  {
    id: "excellence-award",
    name: "Excellence Award",
    description: "Outstanding work across every judging criterion.",
  },
  {
    id: "innovation-award",
    name: "Innovation Award",
    description: "The most original and creative application of AI.",
  },
] as const;

export const finalsAwards = [
  { id: "audience-choice", name: "Audience Choice" },
  { id: "biggest-productivity-gain", name: "Biggest Productivity Gain" },
  { id: "most-creative-ai-use", name: "Most Creative AI Use" },
  { id: "best-customer-impact", name: "Best Customer Impact" },
  { id: "ai-workforce-champion", name: "AI Workforce Champion" },
  { id: "certified-innovators", name: "Certified Innovators" },
  { id: "global-submission-nominees", name: "Global Submission Nominees" },
] as const;

// ── Accounts ──────────────────────────────────────────────────────────────

export const MIN_PASSWORD_LENGTH = 6;
