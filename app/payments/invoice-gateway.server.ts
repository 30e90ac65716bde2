/**
 * Where invoices live (issue 53, ADR 025): Stripe Invoicing when
 * STRIPE_SECRET_KEY is set, else the local stand-in (/dev/checkout/invoice/:id)
 * backed by D1, as Checkout Sessions have (./gateway.server.ts). Every Stripe
 * call carries an idempotency key derived from the site's invoice row, so a
 * request retried after a failure half way makes one customer, one line and
 * one invoice.
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { getDb } from "~/db/client.server";
import { devInvoices, type DevInvoice } from "~/db/schema";
import { createStripe } from "./gateway.server";

export type GatewayInvoiceStatus = "draft" | "open" | "paid" | "void" | "uncollectible";

/** What the site needs to know about an invoice at Stripe. */
export interface InvoiceView {
  id: string;
  customerId: string | null;
  status: GatewayInvoiceStatus;
  metadata: Record<string, string>;
  amountDue: number;
  /** Unix seconds. */
  dueDate: number | null;
  hostedUrl: string | null;
  number: string | null;
  paidOutOfBand: boolean;
  /**
   * The PaymentIntent that paid it (card or bank debit at Stripe), null while unpaid or paid outside Stripe:
   * the record keeps it, so a refund or a dispute of that payment finds its registration or sponsorship.
   */
  paymentIntentId: string | null;
}

export interface BillingAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
}

export interface CreateInvoiceParams {
  /** The site's invoice row id: every idempotency key derives from it. */
  key: string;
  billingEmail: string;
  billingName: string;
  legalName: string;
  address: BillingAddress;
  taxExempt: boolean;
  amountCents: number;
  description: string;
  poNumber: string | null;
  editionName: string;
  daysUntilDue: number;
  metadata: Record<string, string>;
  now: Date;
}

export interface InvoiceGateway {
  name: "stripe" | "local";
  /** Customer, line, invoice; finalized and e-mailed with its hosted page. */
  createAndSend(params: CreateInvoiceParams): Promise<InvoiceView>;
  /** null when the invoice does not exist. */
  retrieve(invoiceId: string): Promise<InvoiceView | null>;
  resend(invoiceId: string): Promise<InvoiceView>;
  void(invoiceId: string): Promise<InvoiceView>;
  /** A cheque or a transfer received outside Stripe. */
  payOutOfBand(invoiceId: string): Promise<InvoiceView>;
}

export function invoiceGateway(env: Env): InvoiceGateway {
  const stripe = createStripe(env);
  return stripe ? stripeInvoices(stripe) : localInvoices(env);
}

/** Stripe prints custom fields on the invoice and its PDF: name ≤ 40, value ≤ 140 characters. */
export function invoiceCustomFields(poNumber: string | null, editionName: string) {
  return [
    ...(poNumber ? [{ name: "PO number", value: poNumber }] : []),
    { name: "Edition", value: editionName.slice(0, 140) },
  ];
}

function stripeInvoices(stripe: Stripe): InvoiceGateway {
  const view = (invoice: Stripe.Invoice): InvoiceView => ({
    id: invoice.id ?? "",
    customerId: typeof invoice.customer === "string" ? invoice.customer : (invoice.customer?.id ?? null),
    status: (invoice.status ?? "draft") as GatewayInvoiceStatus,
    metadata: Object.fromEntries(
      Object.entries(invoice.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ),
    amountDue: invoice.amount_due,
    dueDate: invoice.due_date ?? null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    number: invoice.number ?? null,
    paidOutOfBand: (invoice as { paid_out_of_band?: boolean }).paid_out_of_band === true,
    paymentIntentId: paidWith(invoice),
  });
  return {
    name: "stripe",
    async createAndSend(params) {
      const key = `invoice:${params.key}`;
      const customer = await stripe.customers.create(
        {
          email: params.billingEmail,
          name: params.legalName,
          address: {
            line1: params.address.line1,
            ...(params.address.line2 ? { line2: params.address.line2 } : {}),
            city: params.address.city,
            state: params.address.state,
            postal_code: params.address.postalCode,
            country: "US",
          },
          tax_exempt: params.taxExempt ? "exempt" : "none",
          metadata: { ...params.metadata, billing_contact: params.billingName },
        },
        { idempotencyKey: `${key}:customer` },
      );
      const draft = await stripe.invoices.create(
        {
          customer: customer.id,
          collection_method: "send_invoice",
          days_until_due: params.daysUntilDue,
          currency: "usd",
          description: params.description,
          custom_fields: invoiceCustomFields(params.poNumber, params.editionName),
          metadata: params.metadata,
          pending_invoice_items_behavior: "exclude",
        },
        { idempotencyKey: `${key}:create` },
      );
      const id = draft.id ?? "";
      await stripe.invoiceItems.create(
        {
          customer: customer.id,
          invoice: id,
          amount: params.amountCents,
          currency: "usd",
          description: params.description,
          metadata: params.metadata,
        },
        { idempotencyKey: `${key}:item` },
      );
      await stripe.invoices.finalizeInvoice(id, {}, { idempotencyKey: `${key}:finalize` });
      return view(await stripe.invoices.sendInvoice(id, {}, { idempotencyKey: `${key}:send` }));
    },
    async retrieve(invoiceId) {
      try {
        // Since API version 2025-03-31 an invoice names its PaymentIntent only among its payments, on request.
        return view(await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
        throw error;
      }
    },
    async resend(invoiceId) {
      return view(await stripe.invoices.sendInvoice(invoiceId));
    },
    async void(invoiceId) {
      return view(await stripe.invoices.voidInvoice(invoiceId));
    },
    async payOutOfBand(invoiceId) {
      return view(await stripe.invoices.pay(invoiceId, { paid_out_of_band: true }));
    },
  };
}

function paidWith(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data.find((entry) => entry.status === "paid")?.payment;
  const intent = payment?.type === "payment_intent" ? payment.payment_intent : undefined;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/** 192 random bits, like the stand-in's sessions. */
function localInvoiceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `in_local_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export function localInvoiceView(row: DevInvoice, origin?: string): InvoiceView {
  return {
    id: row.id,
    customerId: `cus_local_${row.id.slice(9, 33)}`,
    status: row.status,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    amountDue: row.amountDue,
    dueDate: row.dueDate,
    hostedUrl: `${origin ?? ""}/dev/checkout/invoice/${row.id}`,
    number: `LOCAL-${row.id.slice(9, 17).toUpperCase()}`,
    paidOutOfBand: row.paidOutOfBand,
    // As the stand-in's Checkout names a paid session's (./gateway.server.ts).
    paymentIntentId: row.status === "paid" && !row.paidOutOfBand ? `pi_local_${row.id.slice(9, 33)}` : null,
  };
}

function localInvoices(env: Env): InvoiceGateway {
  const db = getDb(env);
  async function row(invoiceId: string) {
    const [found] = await db.select().from(devInvoices).where(eq(devInvoices.id, invoiceId)).limit(1);
    return found ?? null;
  }
  async function settle(invoiceId: string, status: "paid" | "void", outOfBand: boolean): Promise<InvoiceView> {
    await db
      .update(devInvoices)
      .set({ status, ...(outOfBand ? { paidOutOfBand: true } : {}) })
      .where(and(eq(devInvoices.id, invoiceId), eq(devInvoices.status, "open")));
    const found = await row(invoiceId);
    if (!found) throw new Error(`no such local invoice ${invoiceId}`);
    return localInvoiceView(found);
  }
  return {
    name: "local",
    async createAndSend(params) {
      // The idempotency key honoured as Stripe does: the same key answers the same invoice.
      await db
        .insert(devInvoices)
        .values({
          id: localInvoiceId(),
          idempotencyKey: `invoice:${params.key}`,
          customerEmail: params.billingEmail,
          customerName: params.legalName,
          description: params.description,
          amountDue: params.amountCents,
          poNumber: params.poNumber,
          metadata: JSON.stringify(params.metadata),
          dueDate: Math.floor(params.now.getTime() / 1000) + params.daysUntilDue * 86_400,
          createdAt: params.now.toISOString(),
        })
        .onConflictDoNothing({ target: devInvoices.idempotencyKey });
      const [found] = await db
        .select()
        .from(devInvoices)
        .where(eq(devInvoices.idempotencyKey, `invoice:${params.key}`))
        .limit(1);
      if (!found) throw new Error("local invoice vanished after insert");
      return localInvoiceView(found);
    },
    async retrieve(invoiceId) {
      const found = await row(invoiceId);
      return found ? localInvoiceView(found) : null;
    },
    async resend(invoiceId) {
      const found = await row(invoiceId);
      if (!found) throw new Error(`no such local invoice ${invoiceId}`);
      return localInvoiceView(found);
    },
    void: (invoiceId) => settle(invoiceId, "void", false),
    payOutOfBand: (invoiceId) => settle(invoiceId, "paid", true),
  };
}

/** The stand-in's "Pay the invoice" button: the customer paid (a bank transfer, say). */
export async function payLocalInvoice(env: Pick<Env, "DB">, invoiceId: string): Promise<boolean> {
  const result = await getDb(env)
    .update(devInvoices)
    .set({ status: "paid" })
    .where(and(eq(devInvoices.id, invoiceId), eq(devInvoices.status, "open")))
    .returning({ id: devInvoices.id });
  return result.length === 1;
}

export async function localInvoice(env: Pick<Env, "DB">, invoiceId: string): Promise<DevInvoice | null> {
  const [found] = await getDb(env).select().from(devInvoices).where(eq(devInvoices.id, invoiceId)).limit(1);
  return found ?? null;
}
