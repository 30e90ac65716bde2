/**
 * /why-sponsor's words (SPEC.md §2): six benefits, the triple impact and why
 * now. Tiers, amounts and categories come from pricing.ts.
 */

import type { Edition } from "./editions/types";

export interface SponsorBenefit {
  readonly title: string;
  readonly body: string;
}

export const sponsorBenefits = [
  {
    title: "Brand visibility",
    body: "Your name in front of participants, employers and the public across the site, the showcase and the finals.",
  },
  {
    title: "Access to AI-ready talent",
    body: "Meet participants who have proven their skills on real workplace problems.",
  },
  {
    title: "Thought leadership",
    body: "Speak, judge or advise, and show your organization's expertise in AI.",
  },
  {
    title: "Community impact",
    body: "Fund scholarships and training that reach workers across Idaho.",
  },
  {
    title: "Partnerships",
    body: "Connect with the businesses, chambers, associations and agencies taking part.",
  },
  {
    title: "Measured results",
    body: "Receive a report on participation and outcomes after the Challenge.",
  },
] as const satisfies readonly SponsorBenefit[];

export const tripleImpact = [
  {
    title: "Your business",
    body: "Visibility, talent and relationships with Idaho's most forward-looking employers.",
  },
  {
    title: "Participants",
    body: "Scholarships, training and a stage for people building their AI skills.",
  },
  {
    title: "Idaho",
    body: "A stronger state economy, with AI skills in every region and industry.",
  },
] as const satisfies readonly SponsorBenefit[];

/** Why sponsor the edition that is coming (sponsorship is open for it). */
export function whySponsorNow(edition: Edition): readonly string[] {
  const { goals, finalsVenue } = edition;
  return [
    `The first edition sets the pattern: founding sponsors are remembered as the ones who started it.`,
    `The goals for the ${edition.name} are ${goals.participants}+ participants and ${goals.organizations}+ organizations: an audience that grows every month of enrollment.`,
    `Your brand is part of the whole journey up to the ${finalsVenue.name} during ${finalsVenue.event}.`,
  ];
}
