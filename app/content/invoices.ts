/**
 * The words of paying by invoice (issue 53, ADR 025): the request form's
 * labels and messages, the quote's and the receivables' terms.
 */
export const invoiceFieldLabels = {
  billingName: "Billing contact name",
  billingEmail: "Billing contact e-mail",
  legalName: "Organization's legal name",
  addressLine1: "Street address",
  addressLine2: "Address line 2 (optional)",
  city: "City",
  state: "State",
  postalCode: "ZIP code",
  poNumber: "Purchase order number (optional)",
  taxExempt: "Our organization is tax-exempt",
  website: "Organization website",
  title: "Your job title",
  phone: "Phone",
  firstName: "Your first name",
  lastName: "Your last name",
} as const;

export const invoiceMessages = {
  billingEmailMissing: "Enter the billing contact's e-mail address: Stripe sends the invoice there.",
  billingNameRequired: "Enter the name of the person who receives the invoice.",
  legalNameRequired: "Enter the organization's legal name, as it should appear on the invoice.",
  addressRequired: "Enter the street address the invoice is made out to.",
  cityRequired: "Enter the city.",
  stateRequired: "Enter the state.",
  postalCodeInvalid: "Enter a 5-digit ZIP code (ZIP+4 is fine too).",
  addressTooLong: (max: number) => `An address line holds at most ${max} characters; put the rest on line 2.`,
  poNumberInvalid:
    "A purchase order number may hold letters, digits, spaces and - / . # _ only (no tabs or other hidden characters).",
  poNumberTooLong: (max: number) => `A purchase order number holds at most ${max} characters.`,
  purchaseInvalid: "Choose the Workforce Package or a sponsorship tier.",
  requestKeyMissing: "This form has expired: reload the page and submit it again.",
  createFailed: "We couldn't create the invoice just now. Nothing was lost: submit the form again in a moment.",
} as const;

export const invoiceStatusLabels = {
  draft: "Being created",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
} as const;

/** Above this amount, "paid outside Stripe" needs a second organizer (ADR 025). */
export const INVOICE_TWO_PERSON_CENTS = 2_500_000;

export const invoiceToasts = {
  requested: { title: "Invoice sent", description: "The invoice is on its way to the billing contact." },
} as const;

/** The desk's receivables (/organize/invoices) and their actions' answers. */
export const receivablesText = {
  title: "Invoices",
  lead: (edition: string) =>
    `Invoices of the ${edition}: open ones are committed, not paid. Overdue ones are past their due date.`,
  none: "No invoice matches.",
  unknown: "There is no such invoice.",
  notOpen: (status: string) => `This invoice is ${status.toLowerCase()}: only an open invoice can be changed.`,
  resent: (email: string) => `The invoice was sent again to ${email}.`,
  voided: "The invoice is void; its record will not be fulfilled.",
  settled: "The payment is recorded and the purchase fulfilled.",
  proposed: "Proposed: a director confirms it.",
  needsTwo: (limit: string) =>
    `Above ${limit} a payment received outside Stripe needs a second organizer: use "Propose" to record it.`,
  notLarge: (limit: string) => `Up to ${limit}, record the payment directly.`,
  reasonRequired: "Say why the invoice is void (the buyer cancelled, a duplicate…).",
  referenceRequired: "Give the cheque number or the transfer's reference.",
  receivedOnInvalid: "Give the day the payment was received (YYYY-MM-DD).",
} as const;
