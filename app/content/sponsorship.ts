/**
 * /why-sponsor's words (SPEC.md §2): six benefits, the triple impact and why
 * now. Tiers, amounts and categories come from pricing.ts.
 */

import type { Edition } from "./editions/types";
import type { SponsorTierId } from "./pricing";

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

/**
 * Where an approved sponsor appears, by tier, as each tier's benefits read
 * (`sponsorTiers` in pricing.ts: "Premier branding", "Full branding", "Logo
 * placement", "Event recognition"), and the box its logo is fitted into
 * there (CSS pixels; the image keeps its proportions inside it and carries
 * fixed width and height, so nothing moves as it loads). Shown from the
 * registrar's approval until the agreement ends, then in the edition's
 * archive on /sponsors (app/sponsors/shown.server.ts).
 */
export type SponsorPlacement = "home" | "footer" | "sponsors" | "why-sponsor" | "timeline";

export interface SponsorTierPresence {
  readonly placements: readonly SponsorPlacement[];
  readonly box: { readonly width: number; readonly height: number };
}

export const sponsorPresenceByTier = {
  platinum: { placements: ["home", "footer", "sponsors", "why-sponsor"], box: { width: 240, height: 96 } },
  gold: { placements: ["home", "sponsors", "why-sponsor"], box: { width: 200, height: 80 } },
  silver: { placements: ["sponsors", "why-sponsor"], box: { width: 160, height: 64 } },
  bronze: { placements: ["sponsors", "timeline"], box: { width: 120, height: 48 } },
} as const satisfies Record<SponsorTierId, SponsorTierPresence>;

/** The footer shows its sponsors smaller than the home page does: it is on every page. */
export const footerSponsorBox = { width: 160, height: 48 } as const;

/** A past edition's sponsors on /sponsors, every tier alike. */
export const archivedSponsorBox = { width: 120, height: 48 } as const;

export const sponsorPresenceText = {
  sponsorsTitle: (editionName: string) => `Sponsors of the ${editionName}`,
  sponsorsLead: "The organizations that make the Challenge possible, by tier.",
  archiveTitle: (editionId: string) => `${editionId} sponsors`,
  whySponsorTitle: "Sponsors with us now",
  homeTitle: "Platinum and Gold sponsors",
  footerTitle: "Premier sponsors",
  timelineTitle: "Event recognition at the finals",
  timelineLead: "Our Bronze sponsors, recognized at the finals.",
  visit: (name: string) => `${name} (opens the sponsor's website)`,
} as const;
