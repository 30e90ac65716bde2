/**
 * The invoice request's rules (issue 53): one schema for the browser and the
 * server. The browser names a purchase (the Workforce Package or a sponsor
 * tier), never an amount; the server prices it. A purchase order number with
 * control characters is refused with a message rather than silently cleaned:
 * it must match the buyer's own PO letter for letter.
 */
import * as z from "zod/mini";
import { sponsorTierIds } from "~/content/pricing";
import { invoiceMessages as m } from "~/content/invoices";
import { registrationMessages } from "~/content/registration";
import { fieldLimits, nameField, optionalText, phoneField, requiredText, urlField } from "~/forms/fields";

export const invoicePurchases = ["workforce", ...sponsorTierIds] as const;
export type InvoicePurchase = (typeof invoicePurchases)[number];

export const ADDRESS_LINE_MAX = 100;
export const PO_NUMBER_MAX = 40;
const PO_NUMBER_PATTERN = /^[A-Za-z0-9 ./#_-]*$/;

export function invoicePurchase(value: string | null | undefined): InvoicePurchase | null {
  return invoicePurchases.find((purchase) => purchase === value) ?? null;
}

export const InvoiceRequestSchema = z.object({
  purchase: z.enum(invoicePurchases, { error: m.purchaseInvalid }),
  requestKey: z
    .string({ error: m.requestKeyMissing })
    .check(z.regex(/^[0-9a-f-]{36}$/, { error: m.requestKeyMissing })),
  firstName: nameField(registrationMessages.firstNameRequired),
  lastName: nameField(registrationMessages.lastNameRequired),
  title: requiredText(registrationMessages.titleRequired, 200),
  phone: phoneField(),
  website: urlField(registrationMessages.websiteRequired),
  billingName: requiredText(m.billingNameRequired, fieldLimits.name),
  billingEmail: z.pipe(
    z
      .string({ error: m.billingEmailMissing })
      .check(
        z.trim(),
        z.minLength(1, { error: m.billingEmailMissing }),
        z.maxLength(fieldLimits.email, { error: m.billingEmailMissing }),
      ),
    z.email({ error: m.billingEmailMissing }),
  ),
  legalName: requiredText(m.legalNameRequired, 200),
  addressLine1: requiredText(m.addressRequired, ADDRESS_LINE_MAX, m.addressTooLong(ADDRESS_LINE_MAX)),
  addressLine2: optionalText(ADDRESS_LINE_MAX, m.addressTooLong(ADDRESS_LINE_MAX)),
  city: requiredText(m.cityRequired, 60),
  state: requiredText(m.stateRequired, 30),
  postalCode: z
    .string({ error: m.postalCodeInvalid })
    .check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/, { error: m.postalCodeInvalid })),
  // Checked before anything trims or cleans it: a tab or a bidi mark is refused, not dropped.
  poNumber: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.regex(PO_NUMBER_PATTERN, { error: m.poNumberInvalid }),
          z.maxLength(PO_NUMBER_MAX, { error: m.poNumberTooLong(PO_NUMBER_MAX) }),
        ),
    ),
    z.transform((value) => value?.trim() || undefined),
  ),
  taxExempt: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === "on" || value === "true"),
  ),
});

export type InvoiceRequestInput = z.output<typeof InvoiceRequestSchema>;
