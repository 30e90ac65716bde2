/**
 * What the site says and offers in each phase of an edition (the phases are
 * decided in app/clock/schedule.ts). Pages take their calls to action and the
 * tense of their copy from here, so nothing invites an action the server
 * would refuse on that day and nothing past is written as future.
 */
import { formatMountain } from "../clock/format";
import type { Edition } from "./editions/types";
import { milestoneOf } from "./editions";
import { getNotifiedLink as getNotified, registerLink as register, type NavLinkItem } from "./navigation";

export type { EditionPhase } from "../clock/schedule";
import type { EditionPhase } from "../clock/schedule";

/** The header's primary button: registration while it is open, the next-edition list otherwise. */
export const headerActionByPhase = {
  beforeEnrollment: getNotified,
  earlyBird: register,
  regular: register,
  creation: getNotified,
  showcase: getNotified,
  judging: getNotified,
  finalistsAnnounced: getNotified,
  finalsDay: getNotified,
  afterFinals: getNotified,
} as const satisfies Record<EditionPhase, NavLinkItem>;

/** One sentence on where the edition stands, for banners. `{edition}` is replaced by its name. */
export const phaseSummaries = {
  beforeEnrollment: "Enrollment in the {edition} has not opened yet.",
  earlyBird: "Enrollment in the {edition} is open at the early-bird price.",
  regular: "Enrollment in the {edition} is open.",
  creation: "Enrollment in the {edition} has closed; participants are finishing their projects.",
  showcase: "The {edition}'s projects are in the public showcase, and voting is open.",
  judging: "Judges are scoring the {edition}'s projects.",
  finalistsAnnounced: "The {edition}'s finalists have been announced.",
  finalsDay: "The {edition}'s finals are today.",
  afterFinals: "The {edition} is over. Thank you to every participant, organization, sponsor and judge.",
} as const satisfies Record<EditionPhase, string>;

export function phaseSummary(phase: EditionPhase, editionName: string): string {
  return phaseSummaries[phase].replace("{edition}", editionName);
}

/**
 * "The State Capital Finals in Boise, Idaho, on April 25, 2026" while they are
 * ahead; "… were held in … on …" once they have taken place.
 */
export function finalsSentence(edition: Edition, phase: EditionPhase): string {
  const { finalsVenue } = edition;
  const day = formatMountain(milestoneOf(edition, "finals").start, "longDate");
  if (phase === "afterFinals") return `The ${finalsVenue.name} were held in ${finalsVenue.city} on ${day}`;
  if (phase === "finalsDay") return `The ${finalsVenue.name} are taking place today in ${finalsVenue.city}`;
  return `The ${finalsVenue.name} in ${finalsVenue.city} on ${day}`;
}

/** "Our goals for 2026" while the edition runs; "The goals we set for 2026" once it is over. */
export function goalsHeading(edition: Edition, phase: EditionPhase): string {
  return phase === "afterFinals" ? `The goals we set for the ${edition.name}` : `Our goals for the ${edition.name}`;
}
