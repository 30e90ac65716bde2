/**
 * The drizzle view of the invoice tables (migrations/0035_invoices.sql, the
 * source of truth; ADR 025).
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const invoiceStatuses = ["draft", "open", "paid", "void", "uncollectible"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const invoices = sqliteTable("invoices", {
  id: text("id").primaryKey(),
  editionId: text("edition_id").notNull(),
  userId: text("user_id").notNull(),
  recordKind: text("record_kind", { enum: ["registration", "sponsorship"] }).notNull(),
  recordId: text("record_id").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  stripeInvoiceId: text("stripe_invoice_id").unique(),
  stripeCustomerId: text("stripe_customer_id"),
  hostedUrl: text("hosted_url"),
  number: text("number"),
  item: text("item").notNull(),
  amountCents: integer("amount_cents").notNull(),
  billingEmail: text("billing_email").notNull(),
  billingName: text("billing_name").notNull(),
  legalName: text("legal_name").notNull(),
  address: text("address").notNull(),
  poNumber: text("po_number"),
  taxExempt: integer("tax_exempt", { mode: "boolean" }).notNull().default(false),
  status: text("status", { enum: invoiceStatuses }).notNull().default("draft"),
  dueAt: text("due_at"),
  overdueAt: text("overdue_at"),
  paidAt: text("paid_at"),
  paidOutsideBy: text("paid_outside_by"),
  paidOutsideOn: text("paid_outside_on"),
  paidOutsideReference: text("paid_outside_reference"),
  endedAt: text("ended_at"),
  endReason: text("end_reason"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const devInvoices = sqliteTable("dev_invoices", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  customerEmail: text("customer_email").notNull(),
  customerName: text("customer_name").notNull(),
  description: text("description").notNull(),
  amountDue: integer("amount_due").notNull(),
  poNumber: text("po_number"),
  metadata: text("metadata").notNull(),
  status: text("status", { enum: ["open", "paid", "void", "uncollectible"] })
    .notNull()
    .default("open"),
  paidOutOfBand: integer("paid_out_of_band", { mode: "boolean" }).notNull().default(false),
  dueDate: integer("due_date").notNull(),
  createdAt: text("created_at").notNull(),
});

export type Invoice = typeof invoices.$inferSelect;
export type DevInvoice = typeof devInvoices.$inferSelect;
