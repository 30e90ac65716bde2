/**
 * The words of the publication of finalists and awards (issue 32): the
 * desk's /organize/results, its proposals' previews, the organizer API and
 * `npm run admin -- publish-finalists | publish-awards` show these.
 */
import { formatMountain } from "../clock/format";

const when = (date: Date) => formatMountain(date, "dateTime");

export const publicationMessages = {
  finalistsTooEarly: (edition: string, announced: Date, now: Date) =>
    `The ${edition}'s finalists are announced ${when(announced)}; it is ${when(now)}.`,
  awardsTooEarly: (venue: string, finals: Date) => `Awards are presented at the ${venue}, ${when(finals)}.`,
  chooseFinalists: "Name the finalists: the top N (a whole number above 0) or their team ids, not both.",
  notSubmitted: (edition: string, ids: readonly string[]) =>
    `Not a submitted project of the ${edition}: ${ids.join(", ")}.`,
  notATeam: (edition: string, ids: readonly string[]) => `Not a team of the ${edition}: ${ids.join(", ")}.`,
  scoresMissing: (count: number, missing: string) =>
    `Scores are missing for ${count} project(s): ${missing || "no submitted project"}. Read the judging report, or tick "publish anyway".`,
  publishedAnyway: (count: number, missing: string) =>
    `Published with scores missing for ${count} project(s): ${missing}.`,
  fewResults: (count: number) => `Only ${count} project(s) have a result.`,
  chooseAwards: "Choose the team of at least one award.",
  nothingNew: "Nothing new to publish: every result, e-mail and credential here is already out.",
  notHeld: (count: number, reason: string) => `${count} member(s) receive no credential: ${reason}.`,
  cached: "The site shows them within five minutes (public pages are edge-cached for 300 s).",
  /** A project hidden by moderation: named nowhere in public, like one its team did not agree to show (issue 50). */
  projectHidden: "hidden by the organizers",
  hiddenProject: (team: string) =>
    `${team}: the project is hidden by the organizers, so it is published without its title and its credentials link no project page.`,
} as const;

export const publicationText = {
  finalistsLead:
    "Propose the finalists: the top of the ranking, or teams you choose. A different director confirms the proposal with their authenticator code; only then is anything published, e-mailed or issued.",
  awardsLead:
    "Propose the finals-day awards: the team of each award presented. A different director confirms; the site shows them and each member of an awarded team receives the award's credential.",
  publishedEmpty: "Nothing is published for this edition yet.",
} as const;
