/**
 * The legal texts (SPEC.md §2: /legal, /terms-of-service, /privacy-policy,
 * /sponsor-agreement, /contest-rules) as typed data, rendered by one shared
 * component (app/components/legal-document.tsx). Facts come from the other
 * content modules; only the wording lives here.
 *
 * The contest rules, terms and sponsor agreement are the documents of the
 * 2026 edition: a new edition's rules need counsel's review before they are
 * published, so they name their edition instead of following the clock.
 *
 * TODO(organizers): the spec gives section counts and a few facts, not the
 * texts. These drafts need review by the organizers' counsel; see
 * docs/content-conflicts.md.
 */

import { milestonesById as milestonesOf, type Edition } from "./editions";
import { listJoin } from "./faq";
import {
  customSponsorPackages,
  formatSponsorTierPrice,
  formatUsd,
  pricingPhaseLabels,
  sponsorPaymentTerms,
  sponsorTiers,
  workforcePackage,
} from "./pricing";
import {
  SUBMISSION_RETENTION_MONTHS,
  appeals,
  audienceVoting,
  awards,
  eligibility,
  finalistCredential,
  finalsAwards,
  formatRange,
  judgingCriteria,
  MIN_PASSWORD_LENGTH,
  submissionComponents,
  submissionLimits,
  teamSize,
} from "./program";
import { rubricWeights } from "./judging";
import { nextEditionLimits } from "./next-edition";
import { site, type ContactText, type SiteContact } from "./site";
import { formatMilestoneDate, formatMountain, formatTimeMountainAndPacific } from "../clock/format";

export type LegalBlock =
  | { readonly type: "paragraph"; readonly text: ContactText }
  | { readonly type: "list"; readonly items: readonly string[] }
  | {
      readonly type: "table";
      readonly caption: string;
      readonly headers: readonly string[];
      readonly rows: readonly (readonly string[])[];
    };

export interface LegalSection {
  /** Anchor id on the page, unique within the document. */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly LegalBlock[];
}

export type LegalDocumentId = "contest-rules" | "terms-of-service" | "privacy-policy" | "sponsor-agreement";

export interface LegalDocument {
  readonly id: LegalDocumentId;
  readonly path: `/${LegalDocumentId}`;
  readonly title: string;
  readonly summary: string;
  /**
   * Dates only where the spec gives them (only the privacy policy's). A date
   * we invented would tell readers a version history that does not exist
   * (issue 11), so the other documents show none until the organizers date them.
   */
  readonly effective?: Date;
  readonly lastUpdated?: Date;
  readonly sections: readonly LegalSection[];
}

const p = (text: ContactText): LegalBlock => ({ type: "paragraph", text });
const list = (...items: string[]): LegalBlock => ({ type: "list", items });

/** Effective and last updated, as SPEC.md §2 states for the privacy policy. */
export const PRIVACY_POLICY_DATE = new Date("2025-09-26T00:00:00-06:00");

const orgName = site.fullName;
// The mailbox, phone and organizer's name are configuration (app/lib/site-config.server.ts):
// paragraphs that name them are functions of the configured contact.
const contactLine = (c: SiteContact) => `${c.email} or ${c.phone} (${site.supportHours.label})`;

// ── Data retention ────────────────────────────────────────────────────────

export interface RetentionRule {
  readonly id: string;
  /** What is kept, as the privacy policy names it. */
  readonly dataset: string;
  /** D1 table the operator's retention job prunes; null when not stored by this site. */
  readonly table: string | null;
  /** Kept this many months after `from` (0 when `days` gives the period). */
  readonly months: number;
  /** Kept this many days instead, for periods shorter than a month. */
  readonly days?: number;
  /** Only the rows in this `status`, when one table holds records with different periods. */
  readonly status?: string;
  /**
   * What happens then: the record is deleted, or (payment records, which
   * accounting totals rely on) its personal details are removed and the
   * amounts kept.
   */
  readonly afterwards: "deleted" | "anonymized";
  /** The record's column or event the period counts from. */
  readonly from: string;
  readonly reason: string;
}

/**
 * How long each kind of record is kept. The operator's retention job reads
 * these numbers; the privacy policy prints them. Only the submissions period
 * comes from the spec (SPEC.md §9, 12 months); the others are our proposal,
 * listed in docs/content-conflicts.md for the organizers to confirm.
 */
export const dataRetention = [
  {
    id: "contact-messages",
    dataset: "Contact form messages",
    table: "contact_submissions",
    months: 12,
    afterwards: "deleted",
    from: "created_at",
    reason: "Long enough to follow up on a conversation and answer related questions.",
  },
  {
    id: "judge-advisor-interests",
    dataset: "Judge and advisor interest forms",
    table: "judge_advisor_interests",
    months: 24,
    afterwards: "deleted",
    from: "created_at",
    reason: "Kept through this edition and the next, when judges and advisors are recruited again.",
  },
  {
    id: "registration-payment-records",
    dataset: "Registration and payment records",
    table: "registrations",
    months: 84,
    afterwards: "anonymized",
    from: "created_at",
    reason: "Seven years, for tax and accounting obligations.",
  },
  {
    id: "sponsorship-payment-records",
    dataset: "Sponsorship and payment records",
    table: "sponsorships",
    months: 84,
    afterwards: "anonymized",
    from: "created_at",
    reason: "Seven years, for tax and accounting obligations.",
  },
  {
    id: "email-notifications",
    dataset: "Records of emails we sent you",
    table: "notifications",
    months: 6,
    afterwards: "deleted",
    from: "created_at",
    reason: "To confirm delivery and resend a message you did not receive.",
  },
  {
    id: "payment-events",
    dataset: "Payment provider event identifiers",
    table: "stripe_events",
    months: 3,
    afterwards: "deleted",
    from: "received_at",
    reason: "To make sure each payment is recorded exactly once.",
  },
  {
    id: "next-edition-unconfirmed",
    dataset: "Next-edition list sign-ups that were never confirmed",
    table: "next_edition_subscribers",
    months: 0,
    days: nextEditionLimits.unconfirmedRetentionDays,
    status: "unconfirmed",
    afterwards: "deleted",
    from: "updated_at",
    reason: "An address joins the list only when its owner follows the confirmation link.",
  },
  {
    id: "next-edition-unsubscribed",
    dataset: "Addresses unsubscribed from the next-edition list",
    table: "next_edition_subscribers",
    months: 0,
    days: nextEditionLimits.unsubscribedRetentionDays,
    status: "unsubscribed",
    afterwards: "deleted",
    from: "unsubscribed_at",
    reason: "Only until the next daily clean-up, so e-mail already on its way can be stopped.",
  },
  {
    id: "audience-votes",
    dataset: "Audience votes, with the IP address they came from",
    table: "showcase_votes",
    months: 12,
    afterwards: "deleted",
    from: "created_at",
    reason: "To review the vote for ballot stuffing and answer questions about the Audience Choice result.",
  },
  {
    id: "event-log",
    dataset:
      "The site's event log: what organizers, participants, judges and company admins did on the site (and what its daily jobs did), which may name you when an action concerned you",
    table: "events",
    // migrations/0028_one_event_log.sql's trigger keeps rows this long too (a test checks the two agree).
    months: 36,
    afterwards: "deleted",
    from: "created_at",
    reason:
      "To answer for every decision about judges, results, credentials, teams and people over three editions, to show a team or an organization its own history, and to investigate misuse.",
  },
  {
    id: "project-submissions",
    dataset: "Project submissions",
    table: null,
    months: SUBMISSION_RETENTION_MONTHS,
    afterwards: "deleted",
    from: "the end of the edition",
    reason: "For judging, appeals, the showcase and verification of credentials.",
  },
  {
    id: "judging-records",
    dataset:
      "Judging records: judges' names and invitations, assignments, scores, notes, comments, conflicts of interest and appeals",
    table: null,
    months: SUBMISSION_RETENTION_MONTHS,
    afterwards: "deleted",
    from: "the end of the edition",
    reason:
      "As long as the projects they judged, for appeals and questions about results; the published finalists and awards stay on the site.",
  },
  {
    id: "request-logs",
    dataset: "Server request logs",
    table: null,
    months: 1,
    afterwards: "deleted",
    from: "the request",
    reason: "To keep the site secure and diagnose errors.",
  },
] as const satisfies readonly RetentionRule[];

export const dataRetentionById = Object.fromEntries(dataRetention.map((r) => [r.id, r])) as Readonly<
  Record<(typeof dataRetention)[number]["id"], RetentionRule>
>;

/** Accounts are kept while open and deleted within this many days of a deletion request. */
export const ACCOUNT_DELETION_DAYS = 30;

/** A rule's period as the privacy policy prints it. */
function formatPeriod(rule: RetentionRule): string {
  if (rule.days !== undefined) return rule.days === 1 ? "1 day" : `${rule.days} days`;
  return formatMonths(rule.months);
}

function formatMonths(months: number): string {
  if (months % 12 === 0) return months === 12 ? "12 months" : `${months / 12} years`;
  return months === 1 ? "1 month" : `${months} months`;
}

/** Each document's title and summary, which no edition changes (page titles, the /legal hub). */
export const legalHeadings = {
  "contest-rules": {
    title: "Contest Rules",
    summary: "Who may enter, what to submit, how projects are judged and awarded, and how appeals work.",
  },
  "terms-of-service": {
    title: "Terms of Service",
    summary: "The terms for using this website, creating an account and paying for registration.",
  },
  "privacy-policy": {
    title: "Privacy Policy",
    summary: "What personal information we collect, why, who we share it with and how long we keep it.",
  },
  "sponsor-agreement": {
    title: "Sponsor Agreement",
    summary: "The terms between the organizers and each sponsor: benefits, fees, branding and term.",
  },
} as const satisfies Record<LegalDocumentId, { title: string; summary: string }>;

// ── Contest rules (11 sections) ───────────────────────────────────────────

// The organizers chose one list for every page (docs/content-conflicts.md #2): the one judges score with.
const rulesWeights = rubricWeights;
const L = submissionLimits;

/** The contest rules name the edition's dates, prices and venue by reference: they follow the published edition (ADR 024). */
const contestRules = (edition: Edition): LegalDocument => {
  const {
    prices,
    finalsVenue,
    pricingRegularFrom: PRICING_REGULAR_FROM,
    submissionDeadline: SUBMISSION_DEADLINE,
  } = edition;
  const milestonesById = milestonesOf(edition);
  const finals = milestonesById.finals;
  return {
    id: "contest-rules",
    path: "/contest-rules",
    ...legalHeadings["contest-rules"],
    sections: [
      {
        id: "sponsor-and-acceptance",
        title: "1. Organizer and Acceptance of Rules",
        blocks: [
          p(
            (c) =>
              `The ${orgName} (the "Challenge") is organized by ${c.organizerLegalName}, a public benefit corporation based in ${site.location}. By registering, you agree to these rules and to the decisions of the judges and the organizers, which are final except as Section 10 provides.`,
          ),
        ],
      },
      {
        id: "eligibility",
        title: "2. Eligibility",
        blocks: [
          p(
            `Participants must be ${eligibility.minAge} or older. Participants under ${eligibility.minAge} may enter only with written parental consent, provided before they submit. No prior AI experience is needed.`,
          ),
          p(
            "The Challenge is open to individuals who register on their own and to employees of organizations enrolled through a Workforce Package. Employees of the organizers and the judges may not compete.",
          ),
        ],
      },
      {
        id: "how-to-enter",
        title: "3. How to Enter",
        blocks: [
          p(
            `Create an account and complete registration: as an individual (${formatUsd(prices.individual.earlyBird)} ${pricingPhaseLabels.earlyBird.toLowerCase()} before ${formatMountain(PRICING_REGULAR_FROM, "longDate")}, ${formatUsd(prices.individual.regular)} after) or with the company code of an enrolled organization. Registration is complete once payment is confirmed.`,
          ),
        ],
      },
      {
        id: "teams",
        title: "4. Teams",
        blocks: [
          p(
            `You may compete alone or in a team of up to ${teamSize.contestRules.max} members. Every team member must be enrolled in the Challenge. A team submits one project and names one contact person; awards to a team are shared among its members.`,
          ),
        ],
      },
      {
        id: "key-dates",
        title: "5. Contest Period and Key Dates",
        blocks: [
          p("All times are Mountain Time (MT). The contest runs on these dates:"),
          list(
            `Creation period: ${formatMilestoneDate(milestonesById["creation-period"])}`,
            `Submission deadline: ${formatMountain(SUBMISSION_DEADLINE.due, "longDate")}, ${formatTimeMountainAndPacific(SUBMISSION_DEADLINE.due)}`,
            `Public showcase and voting: ${formatMilestoneDate(milestonesById["showcase-voting"])}`,
            `Judging: ${formatMilestoneDate(milestonesById.judging)}`,
            `Finalists announced: ${formatMountain(milestonesById["finalists-announced"].start, "dateTime")}`,
            `${finalsVenue.name}: ${formatMountain(finals.start, "longDate")}, ${finalsVenue.city}`,
          ),
        ],
      },
      {
        id: "submission-requirements",
        title: "6. Submission Requirements",
        blocks: [
          p(
            `A complete submission has all five components: ${listJoin(submissionComponents.map((c) => c.name.toLowerCase()))}. A submission missing any component is disqualified. Late submissions are not accepted.`,
          ),
          list(
            `Abstract: ${formatRange(L.abstractWords, "words")}.`,
            `Demo video: ${formatRange(L.demoVideoMinutes, "minutes")}, strictly enforced, at least ${L.minVideoResolution}.`,
            `"How AI Was Used" log: ${formatRange(L.aiUseLogWords, "words")}.`,
            `Written reports: at most ${L.reportMaxPages} pages.`,
            `Live presentations at the finals: under ${L.presentationUnderMinutes} minutes.`,
          ),
          p(
            "Your project must be your own (or your team's) work. You may use AI tools, and must say how in your log. Do not include confidential information you are not allowed to share.",
          ),
        ],
      },
      {
        id: "judging",
        title: "7. Judging Criteria",
        blocks: [
          p("Judges score each complete submission against these weighted criteria:"),
          {
            type: "table",
            caption: "Judging criteria and their weights under the contest rules",
            headers: ["Criterion", "Weight"],
            rows: judgingCriteria.map((c) => [c.name, `${rulesWeights[c.id]}%`]),
          },
          p(
            `Finalists are chosen by the judges and announced on ${formatMountain(milestonesById["finalists-announced"].start, "longDate")}. Judges disclose conflicts of interest and do not score projects they are connected to.`,
          ),
        ],
      },
      {
        id: "audience-voting",
        title: "8. Audience Voting",
        blocks: [
          p(
            `During the public showcase, ${audienceVoting.rule.charAt(0).toLowerCase()}${audienceVoting.rule.slice(1)} Votes cast through automation, duplicate accounts or vote trading are void, and projects that benefit from them may be disqualified.`,
          ),
        ],
      },
      {
        id: "awards",
        title: "9. Awards and Recognition",
        blocks: [
          p(
            `Awards: ${listJoin(awards.map((a) => a.name))}. Finals recognition: ${listJoin(finalsAwards.map((a) => a.name))}. Finalists who complete the capstone earn the ${finalistCredential.name} credential.`,
          ),
          p(
            "Winners may be asked to confirm eligibility before an award is presented. Awards are not transferable. Any taxes on an award are the winner's responsibility.",
          ),
        ],
      },
      {
        id: "appeals",
        title: "10. Appeals",
        blocks: [
          p(
            `You may appeal a disqualification or a scoring error in writing within ${appeals.fileWithinBusinessDays} business days of the decision. A committee of ${appeals.committeeSize} people who did not judge your project reviews the appeal and decides within ${appeals.decisionWithinBusinessDays} business days. Its decision is final.`,
          ),
        ],
      },
      {
        id: "general-conditions",
        title: "11. Intellectual Property, Privacy and General Conditions",
        blocks: [
          p(
            "You keep the intellectual property in your project. By submitting, you allow the organizers to show your project's title, abstract, video and team names for the showcase, judging and promotion of the Challenge.",
          ),
          p(
            (c) =>
              `Submissions are stored for up to ${formatMonths(SUBMISSION_RETENTION_MONTHS)}, then deleted, as the Privacy Policy describes. The organizers may change these rules to correct errors or respond to circumstances outside their control, and will announce any change on this site. Questions: ${contactLine(c)}.`,
          ),
        ],
      },
    ],
  };
};

// ── Terms of service (13 sections) ────────────────────────────────────────

/** The terms name the edition's fees. */
const termsOfService = ({ prices, pricingRegularFrom: PRICING_REGULAR_FROM }: Edition): LegalDocument => ({
  id: "terms-of-service",
  path: "/terms-of-service",
  ...legalHeadings["terms-of-service"],
  sections: [
    {
      id: "acceptance",
      title: "1. Acceptance of These Terms",
      blocks: [
        p(
          (c) =>
            `These terms govern your use of the ${orgName} website and its services, run by ${c.organizerLegalName}, a public benefit corporation in ${site.location} ("we", "us"). By using the site or creating an account you accept them. If you do not agree, please do not use the site.`,
        ),
      ],
    },
    {
      id: "the-service",
      title: "2. The Service",
      blocks: [
        p(
          "The site informs visitors about the Challenge and lets you contact us, create an account, register and pay, sponsor the Challenge, and offer to serve as a judge or advisor. Training and project submission take place in the Challenge Portal.",
        ),
      ],
    },
    {
      id: "eligibility",
      title: "3. Eligibility",
      blocks: [
        p(
          `You must be ${eligibility.minAge} or older to create an account, or have written parental consent as the Contest Rules describe. Taking part in the competition is also governed by the Contest Rules.`,
        ),
      ],
    },
    {
      id: "accounts",
      title: "4. Accounts and Security",
      blocks: [
        p(
          `You sign up with your email address and a password of at least ${MIN_PASSWORD_LENGTH} characters. Keep your password secret, give accurate information, and tell us promptly if you suspect someone else is using your account. You are responsible for what happens under your account.`,
        ),
      ],
    },
    {
      id: "fees-and-payment",
      title: "5. Registration Fees and Payment",
      blocks: [
        p(
          `Fees are shown on the registration page and charged in U.S. dollars. The individual fee is ${formatUsd(prices.individual.earlyBird)} before ${formatMountain(PRICING_REGULAR_FROM, "longDate")} and ${formatUsd(prices.individual.regular)} from then on; the Workforce Package is ${formatUsd(prices.workforce.earlyBird)} before that date and ${formatUsd(prices.workforce.regular)} from then on. The price that applies is the one in force when you pay.`,
        ),
        p(
          "Payments are processed by our payment provider on its hosted checkout; we never see or store your full card number. Registration is confirmed once the payment provider confirms payment.",
        ),
        p("If you believe you were charged in error, contact us within 30 days and we will review it promptly."),
      ],
    },
    {
      id: "workforce-package",
      title: "6. Workforce Package and Company Codes",
      blocks: [
        p(
          `An organization that buys a Workforce Package receives a company code for its employees. The organization must keep the code private, share it only with its own employees, and may regenerate it at any time from its dashboard. Training access lasts ${workforcePackage.trainingAccessMonths} months from enrollment.`,
        ),
      ],
    },
    {
      id: "acceptable-use",
      title: "7. Acceptable Use",
      blocks: [
        p("When using the site, you agree not to:"),
        list(
          "break the law or infringe anyone's rights;",
          "submit false information, or register or vote on someone else's behalf;",
          "try to get around security, rate limits or the one-vote-per-person rule;",
          "send spam, malware, or automated traffic that burdens the site;",
          "copy or resell the training materials.",
        ),
      ],
    },
    {
      id: "your-content",
      title: "8. Your Content",
      blocks: [
        p(
          "You keep ownership of what you send us, including your project. You grant us the limited permission needed to operate the Challenge: to store and review your content, share it with judges, and show it in the public showcase as the Contest Rules describe.",
        ),
      ],
    },
    {
      id: "our-content",
      title: "9. Training Materials and Credentials",
      blocks: [
        p(
          "The site's text, training materials, certification names and logos belong to us or our licensors. Certificates and digital badges are issued to the person who earned them; we may revoke a credential obtained by fraud or in breach of the Contest Rules.",
        ),
      ],
    },
    {
      id: "third-parties",
      title: "10. Third-Party Services",
      blocks: [
        p(
          "The site relies on third-party services for hosting, payments and email, and links to other sites (for example, video hosts and vendor certifications). Their own terms apply to your use of them, and we are not responsible for their content.",
        ),
      ],
    },
    {
      id: "disclaimers",
      title: "11. Disclaimers and Limitation of Liability",
      blocks: [
        p(
          "The site and the training are provided as they are. Results such as time savings, productivity or salary gains described on the site are goals and examples, not promises. To the extent the law allows, our total liability to you is limited to the fees you paid us in the twelve months before the claim.",
        ),
      ],
    },
    {
      id: "changes-and-termination",
      title: "12. Changes and Termination",
      blocks: [
        p(
          "We may update these terms; the version on this page is the one in force, and material changes will be announced on the site. We may suspend an account that breaks these terms. You may stop using the site and ask us to delete your account at any time.",
        ),
      ],
    },
    {
      id: "law-and-contact",
      title: "13. Governing Law and Contact",
      blocks: [
        p(
          (c) =>
            `These terms are governed by the laws of the State of Idaho, and disputes belong to the courts of Idaho. Questions about these terms: ${contactLine(c)}.`,
        ),
      ],
    },
  ],
});

// ── Privacy policy (12 sections) ──────────────────────────────────────────

export const privacyPolicy: LegalDocument = {
  id: "privacy-policy",
  path: "/privacy-policy",
  ...legalHeadings["privacy-policy"],
  effective: PRIVACY_POLICY_DATE,
  lastUpdated: PRIVACY_POLICY_DATE,
  sections: [
    {
      id: "who-we-are",
      title: "1. Who We Are",
      blocks: [
        p(
          (c) =>
            `The ${orgName} is run by ${c.organizerLegalName}, a public benefit corporation based in ${site.location}. This policy explains how we handle personal information collected through this website.`,
        ),
      ],
    },
    {
      id: "information-we-collect",
      title: "2. Information We Collect",
      blocks: [
        p("We collect only what you give us and what is needed to run the site:"),
        list(
          "Account: your email address and a securely hashed password.",
          "Contact form: your name, email address, subject and message.",
          "Registration: your name, email address, phone number, and your company, title, website or company code where the form asks for them.",
          "Sponsorship: your name, title, company, company website, email address, phone number and chosen tier.",
          "Judge and advisor interest: your name, contact details, organization, title, LinkedIn profile (optional), expertise, experience and motivation.",
          "Audience vote: the project you voted for, when, the IP address you voted from, when your account was created and your email address's domain. These are used only to review the vote for ballot stuffing after voting closes; the published results show counts per project, never who voted.",
          "Project showcase: your project's title, summary and track, and your name and organization only in the form you and your team choose.",
          "Technical data: your IP address and browser details in our server logs, used for security.",
        ),
      ],
    },
    {
      id: "how-we-use-information",
      title: "3. How We Use Information",
      blocks: [
        list(
          "To answer your messages and provide support.",
          "To register you, confirm payment and give you access to the training.",
          "To run the competition: judging, audience voting and awards.",
          "To send emails about your account, registration and the Challenge.",
          "To keep the site secure and prevent fraud, including duplicate votes.",
        ),
        p("We do not sell your personal information, and we do not use it for advertising."),
      ],
    },
    {
      id: "payments",
      title: "4. Payments",
      blocks: [
        p(
          "Card payments are handled by our payment provider, Stripe, on its hosted checkout page. We receive the payment's status and amount, never your full card number.",
        ),
      ],
    },
    {
      id: "email",
      title: "5. Email",
      blocks: [
        p(
          "We send emails about the Challenge through an email delivery service, Resend. We keep a record of each message we send so we can confirm delivery.",
        ),
        p(
          `If you ask to hear about the next edition, we keep your email address, the name you give (if any) and what you are interested in. We first send a link to confirm that the address is yours; until you follow it we send nothing else, and an unconfirmed address is deleted after ${nextEditionLimits.unconfirmedRetentionDays} days. Once confirmed, we write only about the next edition, until you unsubscribe: every such email has a one-click unsubscribe link, and the address is then deleted at the next daily clean-up.`,
        ),
      ],
    },
    {
      id: "cookies",
      title: "6. Cookies",
      blocks: [
        p(
          "We use only the cookies the site needs: one that keeps you signed in, and a short-lived one that shows a confirmation message after you submit a form. We use no advertising or third-party tracking cookies.",
        ),
      ],
    },
    {
      id: "sharing",
      title: "7. Who We Share Information With",
      blocks: [
        list(
          "Service providers that host the site (Cloudflare), process payments (Stripe) and send email (Resend), only to provide those services.",
          "Judges, who see the submissions they score.",
          "The public, who see showcased projects with their titles and team names.",
          "Your organization, if you joined with its company code: your registration, progress and submission status.",
          "Authorities, when the law requires it.",
        ),
      ],
    },
    {
      id: "data-retention",
      title: "8. How Long We Keep Information",
      blocks: [
        p(
          "We keep each kind of record for a fixed period. Then we delete it, except payment records, from which we remove your name and contact details and keep only the amounts our accounts need:",
        ),
        {
          type: "table",
          caption: "Retention period for each kind of record",
          headers: ["Record", "Kept for", "Then", "Why"],
          rows: dataRetention.map((r) => [
            r.dataset,
            formatPeriod(r),
            r.afterwards === "deleted" ? "Deleted" : "Personal details removed",
            r.reason,
          ]),
        },
        p(
          `Your account is kept while it is open. You can delete it yourself on your account page: your sign-in details, sessions, two-step sign-in settings and judge and advisor interest forms are deleted at once, and your name, email, phone and title are removed from your registration and sponsorship payment records, which keep only the amounts, dates and organization names for the accounting period above. Your Challenge Portal team memberships end: a project you are the last member of is deleted with its texts and files, and a team you led passes to its longest-standing member. If you judged, your name as a judge, your invitations, private notes and conflicts of interest are deleted; your scores and your comments to teams stay, under no name, in the results they helped decide. Employees already enrolled with an organization's company code stay enrolled. If you ask us by email instead, we delete your account within ${ACCOUNT_DELETION_DAYS} days.`,
        ),
      ],
    },
    {
      id: "security",
      title: "9. Security",
      blocks: [
        p(
          "Information travels over encrypted connections, passwords are stored only as hashes, and access to stored data is limited to the people who run the Challenge. No system is perfectly secure; we will notify you as the law requires if a breach affects your information.",
        ),
      ],
    },
    {
      id: "your-choices",
      title: "10. Your Choices and Rights",
      blocks: [
        p(
          (c) =>
            `You may ask to see, correct or delete your personal information, or to stop receiving non-essential emails. Write to ${c.email}; we reply within ${site.responseTimeHours} hours on business days and complete requests within ${ACCOUNT_DELETION_DAYS} days. You can also see what your account holds, download it as a file and delete the account yourself on your account page when signed in.`,
        ),
      ],
    },
    {
      id: "children",
      title: "11. Children's Privacy",
      blocks: [
        p(
          `The site is meant for adults. We do not knowingly collect information from children under 13. Participants under ${eligibility.minAge} take part only with written parental consent, as the Contest Rules describe.`,
        ),
      ],
    },
    {
      id: "changes-and-contact",
      title: "12. Changes and Contact",
      blocks: [
        p(
          (c) =>
            `We will post any change to this policy here and update the date above. Questions about your privacy: ${contactLine(c)}.`,
        ),
      ],
    },
  ],
};

// ── Sponsor agreement (9 sections and signature blocks) ───────────────────

/** The agreement's term ends a set number of days after the edition's finals. */
const sponsorAgreement = (edition: Edition): LegalDocument => {
  const { finalsVenue } = edition;
  const finals = milestonesOf(edition).finals;
  return {
    id: "sponsor-agreement",
    path: "/sponsor-agreement",
    ...legalHeadings["sponsor-agreement"],
    sections: [
      {
        id: "parties-and-purpose",
        title: "1. Parties and Purpose",
        blocks: [
          p(
            (c) =>
              `This agreement is between ${c.organizerLegalName}, the public benefit corporation that organizes the ${orgName} (the "Organizer"), and the company named in the signature block below (the "Sponsor"). It sets out how the Sponsor supports the Challenge and what the Sponsor receives in return.`,
          ),
        ],
      },
      {
        id: "tiers-and-benefits",
        title: "2. Sponsorship Tier and Benefits",
        blocks: [
          p("The Sponsor chooses one tier. Each tier includes these benefits:"),
          {
            type: "table",
            caption: "Sponsorship tiers, their amounts and benefits",
            headers: ["Tier", "Amount", "Benefits"],
            rows: sponsorTiers.map((t) => [
              t.badge ? `${t.name} (${t.badge})` : t.name,
              formatSponsorTierPrice(t),
              listJoin(t.benefits),
            ]),
          },
          p(`${customSponsorPackages} Their terms are agreed in writing and attached to this agreement.`),
        ],
      },
      {
        id: "fees-and-payment",
        title: "3. Fees and Payment",
        blocks: [
          p(
            `The Sponsor pays the amount of its tier in U.S. dollars. Payment is due ${sponsorPaymentTerms.dueDaysFromInvoice} days from the date of the invoice, or at checkout when paying by card on this site. Benefits start once payment is received.`,
          ),
        ],
      },
      {
        id: "organizer-obligations",
        title: "4. Organizer's Obligations",
        blocks: [
          p(
            "The Organizer delivers the benefits of the Sponsor's tier, shows the Sponsor's name and logo as agreed, and reports on participation and outcomes after the Challenge.",
          ),
        ],
      },
      {
        id: "sponsor-obligations",
        title: "5. Sponsor's Obligations",
        blocks: [
          p(
            "The Sponsor provides its logo and approved wording on time, follows the Contest Rules at events, and treats participants' information it receives as confidential, using it only as the participants allow.",
          ),
        ],
      },
      {
        id: "branding",
        title: "6. Names, Logos and Publicity",
        blocks: [
          p(
            "Each party may use the other's name and logo only to promote the Challenge, in the form the other has approved. Neither party suggests that the other endorses its products.",
          ),
        ],
      },
      {
        id: "independence-of-judging",
        title: "7. Independence of Judging",
        blocks: [
          p(
            "Sponsorship buys no influence over results. Judging access means taking part under the published criteria and conflict-of-interest rules; a Sponsor's representative does not score projects from the Sponsor's own organization.",
          ),
        ],
      },
      {
        id: "term-and-termination",
        title: "8. Term and Termination",
        blocks: [
          p(
            `This agreement starts when both parties sign and ends ${sponsorPaymentTerms.agreementEndsDaysAfterChallenge} days after the Challenge (the ${finalsVenue.name} on ${formatMountain(finals.start, "longDate")}). Either party may end it early if the other seriously breaches it and does not fix the breach within 15 days of written notice.`,
          ),
        ],
      },
      {
        id: "general",
        title: "9. Liability and General Terms",
        blocks: [
          p(
            "Each party is responsible for its own acts and those of its staff. Neither party is liable for indirect losses. This agreement is governed by the laws of the State of Idaho, is the parties' whole agreement on sponsorship, and may be changed only in writing signed by both.",
          ),
        ],
      },
    ],
  };
};

export interface SignatureBlock {
  readonly party: string;
  readonly fields: readonly string[];
}

export const sponsorSignatureBlocks = [
  { party: "Organizer", fields: ["Organization", "Name", "Title", "Signature", "Date"] },
  { party: "Sponsor", fields: ["Company", "Name", "Title", "Signature", "Date"] },
] as const satisfies readonly SignatureBlock[];

/** The documents as they apply to `edition`, by id. */
export function legalDocumentsById(edition: Edition): Readonly<Record<LegalDocumentId, LegalDocument>> {
  return {
    "contest-rules": contestRules(edition),
    "terms-of-service": termsOfService(edition),
    "privacy-policy": privacyPolicy,
    "sponsor-agreement": sponsorAgreement(edition),
  };
}

/** In the order the /legal hub lists them, as they apply to `edition`. */
export function legalDocuments(edition: Edition): readonly LegalDocument[] {
  const byId = legalDocumentsById(edition);
  return [byId["contest-rules"], byId["terms-of-service"], byId["privacy-policy"], byId["sponsor-agreement"]];
}
