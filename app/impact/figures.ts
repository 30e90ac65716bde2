/**
 * The impact figures' shapes and the pure rules over them (issue 55): small
 * figures suppressed, goals against figures, the stage funnel's rates,
 * enrolment over time, the Challenge's averages. The rows come from
 * ./figures.server.ts; the pages and the unit tests call these.
 */
import type { Edition } from "~/content/editions";
import { impactRules, impactText } from "~/content/impact";
import { recognitionTiers, type RecognitionTier } from "~/content/program";

/** An edition's figures, as the daily job freezes them and the pages show them. */
export interface EditionFigures {
  editionId: string;
  /** Paid individual registrations, and employees enrolled with a company code (the desk's two counts). */
  participants: { individual: number; enrolled: number; total: number };
  /** Paid Workforce Packages, by recognition tier (null: below the first). */
  organizations: { total: number; byTier: { tier: string | null; organizations: number }[] };
  /** People holding each tracked certification (not revoked). */
  certifications: { id: string; name: string; holders: number }[];
  projects: { teams: number; submitted: number; byTrack: { track: string | null; projects: number }[] };
  votes: number;
  /** Published results whose time has come. */
  results: { finalists: number; awards: number };
  credentialsIssued: number;
}

/** A count as a public page may print it: "fewer than 5" from 1 to 4. */
export function publicCount(n: number, below: number = impactRules.smallFigureBelow): string {
  return n > 0 && n < below ? impactText.fewerThan : String(n);
}

/** Whether `publicCount` hides this count. */
export const isSuppressed = (n: number, below: number = impactRules.smallFigureBelow) => n > 0 && n < below;

/** Whole percent of `of`; 0 when `of` is 0. */
export const percentOf = (n: number, of: number) => (of <= 0 ? 0 : Math.round((n / of) * 100));

export interface GoalProgress {
  id: keyof Edition["goals"];
  label: string;
  goal: number;
  figure: string;
  /** The bar's width, 0–100; 0 for a suppressed figure, so the bar gives away no more than the words. */
  barPercent: number;
  /** The percent printed, or null when the figure is suppressed. */
  percent: number | null;
  text: string;
}

/** Each goal of the edition against its figure. */
export function goalProgress(goals: Edition["goals"], figures: EditionFigures): GoalProgress[] {
  const values: Record<keyof Edition["goals"], number> = {
    participants: figures.participants.total,
    organizations: figures.organizations.total,
    projectSubmissions: figures.projects.submitted,
  };
  return (Object.keys(impactText.goals) as (keyof Edition["goals"])[]).map((id) => {
    const goal = goals[id];
    const value = values[id];
    const suppressed = isSuppressed(value);
    const percent = suppressed ? null : percentOf(value, goal);
    const figure = publicCount(value);
    return {
      id,
      label: impactText.goals[id],
      goal,
      figure,
      barPercent: percent === null ? 0 : Math.min(100, percent),
      percent,
      text: impactText.goalOf(figure, goal, percent),
    };
  });
}

/** Organizations per tier from each one's enrolled count, every tier listed (lowest first, then those below). */
export function organizationsByTier(
  enrolledPerOrganization: readonly number[],
  tiers: readonly RecognitionTier[] = recognitionTiers,
): EditionFigures["organizations"] {
  const tierOf = (n: number) =>
    tiers.find((t) => n >= t.minParticipants && (t.maxParticipants === null || n <= t.maxParticipants))?.id ?? null;
  const counts = new Map<string | null, number>();
  for (const n of enrolledPerOrganization) counts.set(tierOf(n), (counts.get(tierOf(n)) ?? 0) + 1);
  return {
    total: enrolledPerOrganization.length,
    byTier: [...tiers.map((t) => t.id), null].map((tier) => ({ tier, organizations: counts.get(tier) ?? 0 })),
  };
}

/** A tier id's name, or the words for below the first tier. */
export const tierName = (tier: string | null, tiers: readonly RecognitionTier[] = recognitionTiers) =>
  tiers.find((t) => t.id === tier)?.name ?? impactText.belowFirstTier;

/**
 * Enrolment over time: the cumulative count at the end of each week (weeks
 * start on Monday, UTC), from the first enrolment's week through `until`'s.
 */
export function enrolmentByWeek(enrolledAt: readonly string[], until: Date): { week: string; enrolled: number }[] {
  if (enrolledAt.length === 0) return [];
  const weekStart = (iso: string | Date) => {
    const d = new Date(iso);
    const day = (d.getUTCDay() + 6) % 7;
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  };
  const starts = enrolledAt.map((at) => weekStart(at).getTime()).sort((a, b) => a - b);
  const last = Math.max(weekStart(until).getTime(), starts[starts.length - 1]!);
  const weeks: { week: string; enrolled: number }[] = [];
  let at = 0;
  for (let t = starts[0]!; t <= last; t += 7 * 86_400_000) {
    while (at < starts.length && starts[at]! <= t) at++;
    weeks.push({ week: new Date(t).toISOString().slice(0, 10), enrolled: at });
  }
  return weeks;
}

/** The Challenge's averages an organization's report compares with. */
export function challengeAverages(figures: EditionFigures) {
  const { participants, organizations, projects } = figures;
  return {
    employeesPerOrganization:
      organizations.total === 0 ? 0 : Math.round((participants.enrolled / organizations.total) * 10) / 10,
    submittedPercent: percentOf(projects.submitted, projects.teams),
    stageRates: Object.fromEntries(
      figures.certifications.map((c) => [c.id, percentOf(c.holders, participants.total)]),
    ) as Record<string, number>,
  };
}
