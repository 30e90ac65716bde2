/**
 * An open invoice as an organization's request leaves it (issue 53): through
 * the request service itself, on the local stand-in (no STRIPE_SECRET_KEY)
 * or on a fake Stripe account's env, at an early-bird date when invoices
 * are offered.
 */
import { env } from "cloudflare:test";
import { withSiteEditions } from "./site-editions";
import { InvoiceRequestSchema } from "~/payments/invoice-form";
import { requestInvoice } from "~/payments/invoices.server";
import { EARLY_BIRD_NOW, uniqueEmail, uniqueIp } from "./payments-helpers";

export function invoiceFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    purchase: "workforce",
    requestKey: crypto.randomUUID(),
    firstName: "Dana",
    lastName: "Ruiz",
    title: "Procurement Officer",
    phone: "208-555-0150",
    website: "https://ada-county.example.gov",
    billingName: "Accounts Payable",
    billingEmail: uniqueEmail("ap"),
    legalName: "Ada County",
    addressLine1: "200 W Front St",
    addressLine2: "",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
    poNumber: "PO-2026-0413",
    taxExempt: "on",
    ...overrides,
  };
}

export interface InvoiceRow {
  id: string;
  status: string;
  record_id: string;
  record_kind: string;
  stripe_invoice_id: string;
  amount_cents: number;
  po_number: string | null;
  due_at: string | null;
  overdue_at: string | null;
  paid_at: string | null;
  paid_outside_reference: string | null;
  end_reason: string | null;
}

export async function invoiceRow(id: string) {
  return env.DB.prepare("SELECT * FROM invoices WHERE id = ?").bind(id).first<InvoiceRow>();
}

/** An open invoice requested by `userId` (a fresh id unless given). */
export async function openInvoice(
  overrides: Record<string, string> = {},
  { on = withSiteEditions(env as Env), userId = `user_${crypto.randomUUID()}` }: { on?: Env; userId?: string } = {},
): Promise<InvoiceRow> {
  const result = await requestInvoice(on, InvoiceRequestSchema.parse(invoiceFields(overrides)), {
    userId,
    origin: "http://localhost",
    now: EARLY_BIRD_NOW,
    clientIp: uniqueIp(),
    accountEmail: uniqueEmail("account"),
    emailVerified: true,
  });
  const row = await invoiceRow(result.invoiceId);
  if (!row) throw new Error("no invoice row");
  return row;
}
