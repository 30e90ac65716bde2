/**
 * The home page's own words (SPEC.md §2 "/"). Facts (dates, prices, stages,
 * awards) come from the other content modules; this file holds only the
 * copy that frames them.
 */
import type { MilestoneId } from "./dates";

export const homeHero = {
  eyebrow: "Idaho's statewide AI upskilling competition",
  title: "Learn AI at work. Solve a real problem. Compete for Idaho's top AI honors.",
  lead: "A 12-week program that takes you from your first prompt to a working AI project, judged by experts and showcased at the State Capital Finals in Boise.",
  primaryCta: { label: "Enter the Challenge", href: "/register?tab=individual" },
  // `context` completes the link's name for screen readers ("Learn More" alone says little).
  secondaryCta: { label: "Learn More", context: "about the Challenge", href: "/why-join" },
} as const;

/** The milestones the home page's Important Deadlines lists, in calendar order. */
export const homeDeadlineIds = [
  "early-enrollment",
  "standard-registration",
  "submission-deadline",
  "showcase-voting",
  "finalists-announced",
  "finals",
] as const satisfies readonly MilestoneId[];

export const homeSections = {
  howItWorks: {
    title: "How It Works",
    lead: "Three steps from your first AI lesson to the finals stage.",
  },
  deadlines: {
    title: "Important Deadlines",
    lead: "All times are Mountain Time (MT).",
  },
  whyJoin: {
    title: "Why Join",
    lead: "AI skills pay off quickly, for you and for the people you work with.",
    cta: { label: "See all the benefits", href: "/why-join" },
  },
  certifications: {
    title: "Training Certifications",
    lead: "Earn a certification at each stage, then the finalist credential through your capstone.",
    cta: { label: "View Training Details", href: "/training" },
  },
  packages: {
    title: "Choose Your Package",
    lead: "Join on your own, or enroll your whole team with one Workforce Package.",
  },
  awards: {
    title: "Challenge Awards",
    lead: "Judges and the public recognize the projects that make the biggest difference.",
  },
  closing: {
    title: "Ready to put AI to work?",
    lead: "Join employees and organizations across Idaho building real AI skills.",
    individualCta: { label: "Register as an Individual", href: "/register?tab=individual" },
    workforceCta: { label: "Enroll Your Organization", href: "/register?tab=workforce" },
    contactCta: { label: "Talk to Us", href: "/contact" },
  },
} as const;
