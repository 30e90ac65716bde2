/**
 * The FAQ / Help Center (SPEC.md §2 "/faq"). Answers are built from the other
 * content modules, so a changed price, date or weight changes here too.
 * Where the FAQ publishes its own reading of a fact (team size 2–4, the $499
 * per-employee price, the judges-page weights) it uses that reading on
 * purpose; docs/content-conflicts.md lists each one.
 */

import { RECOMMENDED_EARLY_SUBMISSION_HOURS, weeklyCheckIn } from "./dates";
import type { Edition } from "./editions/types";
import { faqWorkforcePricing, formatUsd } from "./pricing";
import {
  audienceVoting,
  awards,
  companyCode,
  credentialsNote,
  eligibility,
  finalistCredential,
  finalsAwards,
  formatRange,
  judgingCriteria,
  learningStages,
  MIN_PASSWORD_LENGTH,
  organizationDashboardFeatures,
  organizationRequirements,
  programLength,
  recognitionTiers,
  submissionComponents,
  submissionLimits,
  teamSize,
  tracks,
  trainingTotal,
  vendorCertifications,
} from "./program";
import { rubricWeights } from "./judging";
import { site, type ContactText } from "./site";
import { enrollmentState, isDeadlinePassed } from "../clock/schedule";
import { formatMountain, formatTimeMountainAndPacific } from "../clock/format";

export interface FaqLink {
  readonly href: string;
  readonly label: string;
}

export interface FaqItem {
  /** Unique on the page; used as the item's element id. */
  readonly id: string;
  readonly question: string;
  /** A paragraph that names the mailbox or phone is a function of the configured contact. */
  readonly paragraphs: readonly ContactText[];
  readonly list?: readonly string[];
  readonly links?: readonly FaqLink[];
}

export interface FaqGroup {
  readonly title: string;
  readonly items: readonly FaqItem[];
}

/**
 * SPEC.md §2: a group's anchor is its title lower-cased with spaces turned
 * into hyphens, and nothing else changed ("Submission & Awards" →
 * "submission-&-awards").
 */
export function faqGroupAnchor(title: string): string {
  return title.toLowerCase().replace(/ /g, "-");
}

/** "a, b and c". */
export function listJoin(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const weights = rubricWeights;

/**
 * The FAQ for one edition at `now`: its answers quote that edition's dates
 * and prices, in the past tense once they have passed, and link to
 * registration only while it is open.
 */
export function faqGroupsFor(edition: Edition, now: Date) {
  const { prices } = edition;
  const enrollmentOpen = enrollmentState(now, edition) === "open";
  const enrollmentClosed = isDeadlinePassed(edition.finalEnrollmentDeadline, now);
  const submissionsClosed = isDeadlinePassed(edition.submissionDeadline, now);
  const deadline = `${formatMountain(edition.submissionDeadline.due, "longDate")} at ${formatTimeMountainAndPacific(edition.submissionDeadline.due)}`;
  const earlyBirdUntil = formatMountain(edition.pricingRegularFrom, "longDate");
  const finalEnrollment = edition.finalEnrollmentDeadline.due;
  return [
    {
      title: "For Employees",
      items: [
        {
          id: "faq-who-can-join",
          question: "Who can join the Challenge?",
          paragraphs: [
            `${programLength.openTo} can take part. Participants must be ${eligibility.minAge} or older; the contest rules describe the exception for younger participants with written parental consent.`,
          ],
          links: [{ href: "/contest-rules", label: "Read the contest rules" }],
        },
        {
          id: "faq-prior-experience",
          question: "Do I need any experience with AI?",
          paragraphs: [
            "No prior AI experience is needed. Stage 1 starts with the basics of talking to AI tools and builds up from there, one certification at a time.",
          ],
        },
        {
          id: "faq-individual-cost",
          question: "How much does it cost to join as an individual?",
          paragraphs: [
            enrollmentClosed
              ? `Individual registration for the ${edition.name} was ${formatUsd(prices.individual.earlyBird)} at the early-bird price before ${earlyBirdUntil}, and ${formatUsd(prices.individual.regular)} after that. The next edition's prices are published with its dates. If your employer has a Workforce Package, you join with its company code instead.`
              : `Individual registration is ${formatUsd(prices.individual.earlyBird)} at the early-bird price before ${earlyBirdUntil}, and ${formatUsd(prices.individual.regular)} from then on. If your employer has a Workforce Package, you join with its company code instead.`,
          ],
          links: [
            enrollmentOpen
              ? { href: "/register?tab=individual", label: "Register as an individual" }
              : { href: "/next-edition", label: "Hear when enrollment opens" },
          ],
        },
        {
          id: "faq-time-commitment",
          question: "How much time does it take?",
          paragraphs: [
            `The program runs ${programLength.weeks} weeks at ${formatRange(programLength.hoursPerWeek, "hours")} a week. The training stages themselves take ${trainingTotal.label}; the rest of the time goes into your capstone project.`,
          ],
        },
        {
          id: "faq-employer-code",
          question: "My employer enrolled. How do I join?",
          paragraphs: [
            "Ask your organization for its company code, then register with it. Your account is linked to your organization automatically, and you do not pay the individual price.",
          ],
        },
      ],
    },
    {
      title: "For Organizations",
      items: [
        {
          id: "faq-organization-pricing",
          question: "What does it cost to enroll our employees?",
          paragraphs: [
            `Enrollment is ${formatUsd(faqWorkforcePricing.perEmployeeCents)} per employee, with volume discounts for organizations enrolling ${faqWorkforcePricing.volumeDiscountFromEmployees} or more employees.`,
            "The Workforce Package page describes the package and what it includes.",
          ],
          links: [
            { href: "/workforce-package", label: "See the Workforce Package" },
            { href: "/contact", label: "Ask about volume pricing" },
          ],
        },
        {
          id: "faq-company-code",
          question: "What is a company code?",
          paragraphs: [
            `A unique enrollment code for your organization, issued ${companyCode.issued.toLowerCase()}. Share it only with your employees: they register with it and are linked to your organization. You can retrieve it from your organization dashboard at any time and regenerate it if it leaks.`,
          ],
        },
        {
          id: "faq-organization-requirements",
          question: "Which organizations can enroll?",
          paragraphs: ["Organizations enrolling employees need to meet these requirements:"],
          list: organizationRequirements.items.map((r) => r.text),
          links: [{ href: "/enrollment-process", label: "See the enrollment process" }],
        },
        {
          id: "faq-dashboard",
          question: "How do we follow our employees' progress?",
          paragraphs: [
            `Your organization dashboard shows ${organizationDashboardFeatures.map((f) => f.toLowerCase()).join(", ")}.`,
          ],
        },
        {
          id: "faq-recognition",
          question: "Is our organization recognized for taking part?",
          paragraphs: ["Yes. Your recognition tier is set by how many of your employees take part:"],
          list: recognitionTiers.map(
            (t) =>
              `${t.name}: ${t.maxParticipants === null ? `${t.minParticipants}+` : `${t.minParticipants}–${t.maxParticipants}`} participants`,
          ),
          links: [{ href: "/employer-recognition", label: "Employer recognition" }],
        },
      ],
    },
    {
      title: "Program Details",
      items: [
        {
          id: "faq-stages",
          question: "What will I learn?",
          paragraphs: [
            `The path has three training stages, each with its own certification, then a capstone project. Completing all three and the capstone leads to the finalist credential, ${finalistCredential.name}, awarded to finalists chosen by the judges.`,
          ],
          list: learningStages.map(
            (s) => `${s.label}: ${s.name} (${s.certification}), ${formatRange(s.duration, s.duration.unit)}`,
          ),
          links: [{ href: "/training", label: "Training and certification details" }],
        },
        {
          id: "faq-tracks",
          question: "Which tracks can I choose?",
          paragraphs: [
            `${listJoin(tracks.map((t) => t.name))}. Vendor certifications from ${listJoin(vendorCertifications.vendors)} are optional extras.`,
          ],
        },
        {
          id: "faq-certificates",
          question: "Are the certificates recognized?",
          paragraphs: [`${credentialsNote} Add them to your résumé or professional profile.`],
        },
        {
          id: "faq-check-ins",
          question: "Are there live sessions?",
          paragraphs: [
            `Optional weekly check-ins run on ${weeklyCheckIn.label}. Everything else is self-paced within the program's dates.`,
          ],
          links: [{ href: "/timeline", label: "See the timeline" }],
        },
      ],
    },
    {
      title: "Submission & Awards",
      items: [
        {
          id: "faq-what-to-submit",
          question: "What do I need to submit?",
          paragraphs: ["A complete submission has all five components; a missing one means disqualification:"],
          list: submissionComponents.map((c) => c.name),
          links: [{ href: "/submission-guidelines", label: "Submission guidelines" }],
        },
        {
          id: "faq-deadline",
          question: "When is the submission deadline?",
          paragraphs: [
            submissionsClosed
              ? `The ${edition.name}'s deadline was ${deadline}, with no exceptions; late submissions were not accepted. Each edition publishes its own deadline on the timeline.`
              : `${deadline}, with no exceptions. Late submissions are not accepted, so we recommend submitting ${RECOMMENDED_EARLY_SUBMISSION_HOURS} hours early. You can save and edit drafts until the deadline.`,
          ],
        },
        {
          id: "faq-teams",
          question: "Can I work in a team?",
          paragraphs: [
            `Yes. Teams of ${teamSize.faq.min}–${teamSize.faq.max} members are welcome, and every team member must be enrolled in the Challenge.`,
          ],
        },
        {
          id: "faq-judging",
          question: "How are projects judged?",
          paragraphs: ["Judges score each complete submission against five weighted criteria:"],
          list: judgingCriteria.map((c) => `${c.name}: ${weights[c.id]}%`),
          links: [{ href: "/judges-advisors", label: "Meet the judging criteria" }],
        },
        {
          id: "faq-awards",
          question: "What can I win?",
          paragraphs: [
            `The Challenge's awards: ${listJoin(awards.map((a) => a.name))}. At the finals, recognition also includes ${listJoin(finalsAwards.map((a) => a.name))}.`,
          ],
        },
        {
          id: "faq-voting",
          question: "How does audience voting work?",
          paragraphs: [
            `Projects are showcased online and the public votes. ${audienceVoting.rule} Audience voting decides the Audience Choice award.`,
          ],
        },
      ],
    },
    {
      title: "Technical & Support",
      items: [
        {
          id: "faq-video",
          question: "Where should I host my demo video?",
          paragraphs: [
            `On ${submissionLimits.videoHosts.join(", ")}, at ${submissionLimits.minVideoResolution} or better. The video must run ${formatRange(submissionLimits.demoVideoMinutes, "minutes")}; the length is strictly enforced.`,
          ],
        },
        {
          id: "faq-confirmation",
          question: "How do I know my submission arrived?",
          paragraphs: [
            `You receive an email confirmation within ${submissionLimits.confirmationEmailWithinHours} hours, and your submission's status is shown in the Challenge Portal.`,
          ],
        },
        {
          id: "faq-account",
          question: "Do I need an account?",
          paragraphs: [
            `Yes, to register, sponsor or offer to judge. Create one with your email address and a password of at least ${MIN_PASSWORD_LENGTH} characters; browsing the site needs no account.`,
          ],
          links: [{ href: "/auth", label: "Create an account" }],
        },
        {
          id: "faq-enrollment-closes",
          question: "When does enrollment close?",
          paragraphs: [
            `The ${edition.name}'s final enrollment deadline ${enrollmentClosed ? "was" : "is"} ${formatMountain(finalEnrollment, "longDate")} at ${formatTimeMountainAndPacific(finalEnrollment)}.`,
          ],
        },
        {
          id: "faq-support",
          question: "How do I get help?",
          paragraphs: [
            (contact) =>
              `Email ${contact.email} or call ${contact.phone}, ${site.supportHours.label}. We reply within ${site.responseTimeHours} hours.`,
          ],
          links: [{ href: "/contact", label: "Contact us" }],
        },
      ],
    },
  ] as const satisfies readonly FaqGroup[];
}

/** Quick Links cards at the foot of the FAQ. */
export const faqQuickLinks = [
  { href: "/employees", title: "For Employees", body: "What you learn, the certifications and how to enroll." },
  { href: "/organizations", title: "For Organizations", body: "The Workforce Package, ROI and employer recognition." },
  { href: "/submission-guidelines", title: "Submission Guidelines", body: "The five components and how to submit." },
  { href: "/timeline", title: "Timeline", body: "Every date of the Challenge, in Mountain Time." },
] as const satisfies readonly { href: string; title: string; body: string }[];
