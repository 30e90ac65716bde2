/**
 * Confirmation e-mails of the payment path (issue 8): a paid registration
 * (with the company code for a Workforce Package), an individual enrolled
 * through a company code, a paid sponsorship. Written by fulfillment in the
 * same db.batch() that marks the record paid, so each is sent exactly once.
 * Payloads carry preformatted text (amount, date, deadlines) so rendering is pure.
 */
import { z } from "zod";
import { site } from "~/content/site";
import { formatCompanyCode } from "~/payments/company-code";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const PaymentConfirmationPayload = z.object({
  recordId: z.string(),
  firstName: z.string(),
  /** What was bought, e.g. "Workforce Package (Early Bird)". */
  item: z.string(),
  /** "$5,000", or "Covered by your organization's Workforce Package". */
  amount: z.string(),
  /** "Dec 1, 2025". */
  date: z.string(),
  companyCode: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** "Project submission deadline: Mar 18, 2026, 11:59 PM MT". */
  nextDeadlines: z.array(z.string()),
  /**
   * The edition the record is for ("2026 Challenge", issue 23). Optional only
   * for rows queued before editions were recorded: those omit the line.
   */
  edition: z.string().optional(),
  /**
   * The configured public mailbox when the e-mail was queued (CONTACT_EMAIL).
   * Optional only for rows queued before it existed: those omit the address.
   */
  contactEmail: z.string().optional(),
});

export type PaymentConfirmationPayload = z.infer<typeof PaymentConfirmationPayload>;

function render(heading: string, intro: string, payload: PaymentConfirmationPayload) {
  const fields: [string, string][] = [
    ["Item", payload.item],
    ...(payload.edition ? ([["Edition", payload.edition]] as [string, string][]) : []),
    ["Amount", payload.amount],
    ["Date", payload.date],
    ["Reference", payload.recordId],
  ];
  if (payload.organizationName) fields.push(["Organization", payload.organizationName]);
  if (payload.companyCode) fields.push(["Company code", formatCompanyCode(payload.companyCode)]);
  const codeNote = payload.companyCode
    ? [
        "",
        `Your company code is ${formatCompanyCode(payload.companyCode)}.`,
        "Share it only with your employees: they enter it when they register and are enrolled at no charge under your package.",
      ]
    : [];
  const deadlines =
    payload.nextDeadlines.length > 0 ? ["", "Next deadlines:", ...payload.nextDeadlines.map((d) => `- ${d}`)] : [];
  const text = [
    `Hi ${payload.firstName},`,
    "",
    intro,
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    ...codeNote,
    ...deadlines,
    "",
    payload.contactEmail
      ? `Questions? Reply to this e-mail or write to ${payload.contactEmail}.`
      : "Questions? Reply to this e-mail.",
    `— The ${site.name} team`,
  ].join("\n");
  const body: [string, string] = [
    "What happens next",
    [...codeNote, ...deadlines].join("\n").trim() || "We'll be in touch with your next steps.",
  ];
  return { text, html: simpleHtml(heading, fields, body) };
}

export const registrationConfirmation = defineKind({
  kind: "registration-confirmation",
  payload: PaymentConfirmationPayload,
  subject: (payload) => oneLine(`You're registered for the ${site.name}: ${payload.item}`),
  render(payload) {
    return render(
      "Your registration is confirmed",
      `Thank you for registering for the ${site.name}. Your payment was received.`,
      payload,
    );
  },
});

export const enrollmentConfirmation = defineKind({
  kind: "enrollment-confirmation",
  payload: PaymentConfirmationPayload,
  subject: () => oneLine(`You're enrolled in the ${site.name}`),
  render(payload) {
    return render(
      "You're enrolled",
      `You're enrolled in the ${site.name} through ${payload.organizationName ?? "your organization"}'s Workforce Package. No payment is needed.`,
      payload,
    );
  },
});

export const sponsorshipConfirmation = defineKind({
  kind: "sponsorship-confirmation",
  payload: PaymentConfirmationPayload,
  subject: (payload) => oneLine(`Thank you for sponsoring the ${site.name}: ${payload.item}`),
  render(payload) {
    return render(
      "Thank you for your sponsorship",
      `Thank you for sponsoring the ${site.name}. Your payment was received; your paid invoice comes from Stripe separately.`,
      payload,
    );
  },
});

/**
 * A bank payment (US bank account through Checkout, issue 53) that is
 * initiated but not settled: the session completed "unpaid", and the debit
 * takes a few business days. Sent once, so the buyer knows the order went
 * through and that the confirmation (with the company code) follows by itself.
 * The record's id is `reference`, not `recordId`: this is not a confirmation.
 */
export const PaymentProcessingPayload = z.object({
  reference: z.string(),
  firstName: z.string(),
  /** What is being bought, e.g. "Workforce Package (Early Bird)". */
  item: z.string(),
  /** "$5,000". */
  amount: z.string(),
  organizationName: z.string().nullable(),
  /** True for a Workforce Package: its company code comes with the confirmation. */
  companyCodeFollows: z.boolean(),
  edition: z.string(),
  contactEmail: z.string(),
});

export type PaymentProcessingPayload = z.infer<typeof PaymentProcessingPayload>;

export const paymentProcessing = defineKind({
  kind: "payment-processing",
  payload: PaymentProcessingPayload,
  subject: (payload) => oneLine(`Your bank payment is processing: ${payload.item}`),
  render(payload) {
    const fields: [string, string][] = [
      ["Item", payload.item],
      ["Edition", payload.edition],
      ["Amount", payload.amount],
      ["Status", "Processing"],
      ["Reference", payload.reference],
    ];
    if (payload.organizationName) fields.push(["Organization", payload.organizationName]);
    const confirmation = payload.companyCodeFollows
      ? "your confirmation, with your organization's company code,"
      : "your confirmation";
    const next = [
      `A bank transfer takes a few business days to settle. When it does, ${confirmation} comes by e-mail.`,
      "You don't need to do anything else, and please don't pay a second time.",
    ];
    const text = [
      `Hi ${payload.firstName},`,
      "",
      `Thank you. Your bank payment for ${payload.item} has been initiated and is being processed.`,
      "",
      ...fields.map(([label, value]) => `${label}: ${value}`),
      "",
      "What happens next:",
      ...next,
      "",
      `Questions? Reply to this e-mail or write to ${payload.contactEmail}.`,
      `— The ${site.name} team`,
    ].join("\n");
    return {
      text,
      html: simpleHtml("Your payment is processing", fields, ["What happens next", next.join("\n")]),
    };
  },
});
