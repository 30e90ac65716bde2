/**
 * /judges-advisors' words (SPEC.md §2): what each criterion looks for, the
 * advisory board's groups and what the organizers ask of judges and advisors.
 * Criteria and weights come from program.ts (the judges page's list).
 */

import type { JudgingCriterionId } from "./program";

export const criterionDescriptions = {
  "innovation-creativity": "How original the idea is and how creatively AI is applied to the problem.",
  "technical-proficiency": "How well the solution works and how skilfully the AI tools are used.",
  "business-impact": "How much the solution matters to the workplace: time saved, quality gained, customers served.",
  "ethical-ai": "Responsible use of AI: privacy, fairness, transparency and human oversight.",
  presentation: "How clearly the pitch deck, demo video and reflection explain the project and its results.",
} as const satisfies Record<JudgingCriterionId, string>;

export const advisoryGroups = [
  {
    id: "industry-experts",
    name: "Industry Experts",
    body: "Practitioners who build and deploy AI and can judge what works in production.",
  },
  {
    id: "academic-leaders",
    name: "Academic Leaders",
    body: "Educators and researchers who keep the training rigorous and current.",
  },
  {
    id: "business-leaders",
    name: "Business Leaders",
    body: "Executives and owners who know what makes a solution valuable to an organization.",
  },
] as const;

export const judgeRequirements = [
  "Professional experience in AI, technology, or leading a business or public organization",
  "Availability to score projects during the judging period",
  "Disclosure of any conflict of interest, and no scoring of projects you are connected to",
  "Scoring every project against the published criteria",
] as const;

export const advisorRequirements = [
  "Expertise in AI, education, workforce development or business",
  "A few hours during the program to advise on training, rules or outreach",
  "Willingness to share what you know with participants and organizers",
] as const;
