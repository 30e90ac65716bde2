/**
 * Money coming back after a payment (issue 16): a refund, a dispute opened,
 * a dispute won or lost. Two e-mails per event, written in the same batch
 * that marks the record: one to the organizers (what happened and what the
 * site did) and one to the record's owner (what it means for them).
 */
import { z } from "zod";
import { site } from "~/content/site";
import { formatCompanyCode } from "~/payments/company-code";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const adjustmentEvents = ["refund", "partial-refund", "dispute-opened", "dispute-won", "dispute-lost"] as const;
export type AdjustmentEvent = (typeof adjustmentEvents)[number];

export const PaymentAdjustmentPayload = z.object({
  audience: z.enum(["organizers", "owner"]),
  event: z.enum(adjustmentEvents),
  recordId: z.string(),
  /** "registration" or "sponsorship". */
  recordKind: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** "Workforce Package (Early Bird)", "Gold sponsorship". */
  item: z.string(),
  organizationName: z.string().nullable(),
  /** "$5,000": what was paid. */
  paid: z.string(),
  /** "$5,000": refunded so far, or the disputed amount. */
  amount: z.string(),
  /** The company code this event revoked or restored, if any. */
  companyCode: z.string().nullable(),
  codeChange: z.enum(["revoked", "restored", "none"]),
  /** Stripe's id of the charge or dispute, for the organizers to find it in the dashboard. */
  reference: z.string(),
  /** The organizers' public mailbox (configuration), for the owner's questions. */
  contactEmail: z.string().optional(),
});

export type PaymentAdjustmentPayload = z.infer<typeof PaymentAdjustmentPayload>;

const headlines: Record<AdjustmentEvent, string> = {
  refund: "Payment refunded",
  "partial-refund": "Payment partly refunded",
  "dispute-opened": "Payment disputed",
  "dispute-won": "Dispute closed in our favour",
  "dispute-lost": "Dispute lost",
};

function codeLine(payload: PaymentAdjustmentPayload, owner: boolean): string | null {
  if (!payload.companyCode) return null;
  const code = formatCompanyCode(payload.companyCode);
  if (payload.codeChange === "revoked") {
    return owner
      ? `Your company code ${code} no longer enrolls new employees. Employees already enrolled stay enrolled.`
      : `Company code ${code} was revoked: it no longer enrolls anyone.`;
  }
  if (payload.codeChange === "restored") {
    return owner ? `Your company code ${code} works again.` : `Company code ${code} was restored.`;
  }
  return null;
}

function ownerIntro(payload: PaymentAdjustmentPayload): string {
  switch (payload.event) {
    case "refund":
      return `Your payment for ${payload.item} was refunded in full (${payload.amount}).`;
    case "partial-refund":
      return `Part of your payment for ${payload.item} was refunded (${payload.amount} of ${payload.paid}).`;
    case "dispute-opened":
      return `Your card issuer told us you disputed the payment for ${payload.item} (${payload.amount}). While the dispute is open, your registration is on hold.`;
    case "dispute-won":
      return `The dispute about your payment for ${payload.item} was closed and the payment stands. Your registration is active again.`;
    case "dispute-lost":
      return `The dispute about your payment for ${payload.item} was closed and the payment returned to you. Your registration is no longer active.`;
  }
}

export const paymentAdjustmentNotification = defineKind({
  kind: "payment-adjustment",
  payload: PaymentAdjustmentPayload,
  subject(payload) {
    const headline = headlines[payload.event];
    return payload.audience === "owner"
      ? oneLine(`${site.name}: ${headline.toLowerCase()} (${payload.item})`)
      : oneLine(
          `${headline}: ${payload.item} — ${payload.organizationName ?? `${payload.firstName} ${payload.lastName}`}`,
        );
  },
  render(payload) {
    const owner = payload.audience === "owner";
    const headline = headlines[payload.event];
    const fields: [string, string][] = [
      ["Item", payload.item],
      ["Paid", payload.paid],
      [payload.event.startsWith("dispute") ? "Disputed" : "Refunded", payload.amount],
      ["Reference", payload.recordId],
    ];
    if (payload.organizationName) fields.push(["Organization", payload.organizationName]);
    const code = codeLine(payload, owner);
    if (owner) {
      const text = [
        `Hi ${payload.firstName},`,
        "",
        ownerIntro(payload),
        ...(code ? ["", code] : []),
        "",
        ...fields.map(([label, value]) => `${label}: ${value}`),
        "",
        payload.contactEmail
          ? `Questions? Reply to this e-mail or write to ${payload.contactEmail}.`
          : "Questions? Reply to this e-mail.",
        `— The ${site.name} team`,
      ].join("\n");
      return {
        text,
        html: simpleHtml(headline, fields, ["What this means", [ownerIntro(payload), code ?? ""].join("\n").trim()]),
      };
    }
    const who: [string, string][] = [
      ["Name", `${payload.firstName} ${payload.lastName}`],
      ["Email", payload.email],
      ["Record", `${payload.recordKind} ${payload.recordId}`],
      ["Stripe", payload.reference],
    ];
    const text = [
      `${headline}: ${payload.item}.`,
      ...(code ? ["", code] : []),
      "",
      ...[...who, ...fields].map(([label, value]) => `${label}: ${value}`),
      "",
      "The owner was told by e-mail. See docs/payments.md, Refunds and disputes.",
    ].join("\n");
    return {
      text,
      html: simpleHtml(
        headline,
        [...who, ...fields],
        ["What the site did", code ?? "Recorded it; nothing else to do."],
      ),
    };
  },
});
