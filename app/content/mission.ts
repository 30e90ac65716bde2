/**
 * /mission-vision's words (SPEC.md §2): mission, vision by horizon, six core
 * values, five strategic goals with their metrics, and impact by audience.
 * Metrics are computed from the facts in program.ts and claims.ts.
 */

import { individualClaims, organizationClaims } from "./claims";
import type { Edition } from "./editions";
import { formatRange, judgingCriteria, learningStages, programLength } from "./program";

export const mission = {
  statement:
    "Our mission is to make practical AI skills available to every Idaho worker, whatever their role or experience, and to show what they can do with them.",
  detail: `We do it with a ${programLength.weeks}-week program that needs no prior AI experience: three certifications, then a capstone project that applies AI to a real problem at work.`,
} as const;

export interface VisionHorizon {
  readonly id: string;
  readonly label: string;
  readonly years: { readonly from: number; readonly to: number };
  readonly points: readonly string[];
}

export const vision = {
  statement:
    "An Idaho where every business, agency and community can put AI to work responsibly, and where the people doing the work lead the change.",
  horizons: [
    {
      id: "near-term",
      label: "Near term",
      years: { from: 2026, to: 2027 },
      points: [
        "Establish the Challenge as Idaho's yearly showcase of workplace AI.",
        "Reach employees in every region of the state, from the panhandle to the southeast.",
        "Build a community of certified participants, judges, advisors and employers.",
      ],
    },
    {
      id: "long-term",
      label: "Long term",
      years: { from: 2028, to: 2030 },
      points: [
        "Make AI skills a normal part of professional development across Idaho.",
        "Grow a pipeline of AI-ready talent that draws employers to the state.",
        "Share what Idaho's participants build as a model for other states.",
      ],
    },
  ],
} as const satisfies { statement: string; horizons: readonly VisionHorizon[] };

export interface CoreValue {
  readonly name: string;
  readonly description: string;
}

export const coreValues = [
  {
    name: "Accessibility",
    description: "AI skills for everyone, with no prior experience needed and support when you need it.",
  },
  {
    name: "Responsible AI",
    description: "Ethical use of AI is taught at every stage and is one of the criteria every project is judged on.",
  },
  { name: "Innovation", description: "We reward new ideas that solve real problems, not demos for their own sake." },
  { name: "Impact", description: "Success is measured in time saved, work improved and careers advanced." },
  {
    name: "Community",
    description: "Participants, employers, sponsors, judges and advisors learn from one another.",
  },
  { name: "Growth", description: "Every stage builds on the last, from your first prompt to your own AI workflow." },
] as const satisfies readonly CoreValue[];

export interface StrategicGoal {
  readonly title: string;
  readonly description: string;
  readonly metric: string;
}

const ic = individualClaims;

/** The mission's goals, with the edition's targets (each a floor, "500+"; SPEC.md §9 gives 2026's). */
export const strategicGoals = (edition: Edition): readonly StrategicGoal[] => [
  {
    title: "Build AI literacy across Idaho",
    description: "Bring practical AI training to employees and entrepreneurs statewide.",
    metric: `${edition.goals.participants}+ participants in ${edition.id}`,
  },
  {
    title: "Engage Idaho's employers",
    description: "Help businesses, chambers, associations and agencies upskill their teams together.",
    metric: `${edition.goals.organizations}+ organizations in ${edition.id}`,
  },
  {
    title: "Turn learning into real projects",
    description: "Every capstone applies AI to a real workplace problem.",
    metric: `${edition.goals.projectSubmissions}+ project submissions in ${edition.id}`,
  },
  {
    title: "Certify skills that employers trust",
    description: `Verifiable certifications at every stage: ${learningStages.map((s) => s.certification).join(", ")}.`,
    metric: `${learningStages.length} certifications on the path`,
  },
  {
    title: "Make AI use responsible",
    description: "Ethics is part of the training and part of the score.",
    // No weight here: the judges page and the contest rules publish different
    // weights for Ethical AI Use (15% and 20%), and this page is neither
    // (docs/content-conflicts.md, issue 11).
    metric: `${judgingCriteria[3].name} is one of the ${judgingCriteria.length} judging criteria`,
  },
];

export interface ImpactGroup {
  readonly audience: string;
  readonly points: readonly string[];
}

const oc = organizationClaims;

export const impactByAudience = [
  {
    audience: "For individuals",
    points: [
      `${formatRange(ic.taskTimeReductionPct)}% less time on routine tasks`,
      "Certifications that show what you can do",
      "A project to present to your employer and at the finals",
    ],
  },
  {
    audience: "For organizations",
    points: [
      `${oc.timeSavingsPct}% time savings reported by organizations`,
      `Payback in ${formatRange(oc.paybackMonths, "months")}`,
      "Employees who bring AI solutions to their own teams",
    ],
  },
  {
    audience: "For Idaho",
    points: [
      "A workforce ready for AI across every region",
      "Employers that can find AI-ready talent at home",
      "A yearly showcase of Idaho's innovation at the State Capital Finals",
    ],
  },
] as const satisfies readonly ImpactGroup[];
