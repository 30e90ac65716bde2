/**
 * The drizzle view of the payment tables (migrations/0004_payments.sql, the
 * source of truth). Gathered with the other tables by schema.ts;
 * queries use these tables directly (`db.select().from(registrations)`).
 */
import { integer, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

/** migrations/0006_hardening.sql: a paid record's dispute, if it ever had one. */
export const disputeStatuses = ["open", "won", "lost"] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** 'removed': an organization's administrator took the employee out (migrations/0008_organizations.sql). */
export const registrationStatuses = ["pending", "paid", "expired", "failed", "enrolled", "removed"] as const;
export type RegistrationStatus = (typeof registrationStatuses)[number];

export const registrations = sqliteTable("registrations", {
  id: text("id").primaryKey(),
  /** The edition the registration is for (migrations/0013_editions.sql): it enrolls into that edition only. */
  editionId: text("edition_id").notNull(),
  /** The edition's published version it was priced from (migrations/0031_edition_2026.sql, ADR 024); null for the test fixture. */
  editionVersion: integer("edition_version"),
  userId: text("user_id").notNull(),
  registrationType: text("registration_type", { enum: ["individual", "workforce"] }).notNull(),
  plan: text("plan", { enum: ["individual", "workforce"] }).notNull(),
  pricingPhase: text("pricing_phase", { enum: ["earlyBird", "regular"] }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status", { enum: registrationStatuses }).notNull().default("pending"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  companyName: text("company_name"),
  employerCode: text("employer_code"),
  title: text("title"),
  employerWebsite: text("employer_website"),
  organizationRegistrationId: text("organization_registration_id").references((): AnySQLiteColumn => registrations.id),
  checkoutSessionId: text("checkout_session_id").unique(),
  paymentIntentId: text("payment_intent_id"),
  createdAt: text("created_at").notNull().default(isoNow),
  updatedAt: text("updated_at").notNull().default(isoNow),
  paidAt: text("paid_at"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  refundedAt: text("refunded_at"),
  disputeStatus: text("dispute_status", { enum: disputeStatuses }),
  disputedAt: text("disputed_at"),
});

export const sponsorshipStatuses = ["pending", "paid", "expired", "failed"] as const;

export const sponsorships = sqliteTable("sponsorships", {
  id: text("id").primaryKey(),
  /** The edition sponsored (migrations/0013_editions.sql). */
  editionId: text("edition_id").notNull(),
  /** The edition's published version it was priced from (migrations/0031_edition_2026.sql, ADR 024). */
  editionVersion: integer("edition_version"),
  userId: text("user_id").notNull(),
  tier: text("tier", { enum: ["platinum", "gold", "silver", "bronze"] }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull().default("usd"),
  status: text("status", { enum: sponsorshipStatuses }).notNull().default("pending"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  title: text("title").notNull(),
  companyName: text("company_name").notNull(),
  companyUrl: text("company_url").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  checkoutSessionId: text("checkout_session_id").unique(),
  paymentIntentId: text("payment_intent_id"),
  createdAt: text("created_at").notNull().default(isoNow),
  updatedAt: text("updated_at").notNull().default(isoNow),
  paidAt: text("paid_at"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  refundedAt: text("refunded_at"),
  disputeStatus: text("dispute_status", { enum: disputeStatuses }),
  disputedAt: text("disputed_at"),
});

export const companyCodes = sqliteTable("company_codes", {
  code: text("code").primaryKey(),
  registrationId: text("registration_id")
    .notNull()
    .references(() => registrations.id),
  /** The organization's edition (migrations/0013_editions.sql): the code enrolls into it and no other. */
  editionId: text("edition_id").notNull(),
  createdAt: text("created_at").notNull().default(isoNow),
  revokedAt: text("revoked_at"),
  /** 'refund' or 'dispute' when the payment's fate revoked it; NULL for an operator's regeneration. */
  revokedReason: text("revoked_reason", { enum: ["refund", "dispute"] }),
});

export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  checkoutSessionId: text("checkout_session_id"),
  receivedAt: text("received_at").notNull().default(isoNow),
});

export const devCheckoutSessions = sqliteTable("dev_checkout_sessions", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  clientReferenceId: text("client_reference_id").notNull(),
  /** JSON object of string values, as Stripe's metadata. */
  metadata: text("metadata").notNull(),
  description: text("description").notNull(),
  amountTotal: integer("amount_total").notNull(),
  currency: text("currency").notNull(),
  customerEmail: text("customer_email").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  status: text("status", { enum: ["open", "complete", "expired"] })
    .notNull()
    .default("open"),
  paymentStatus: text("payment_status", { enum: ["paid", "unpaid"] })
    .notNull()
    .default("unpaid"),
  createdAt: text("created_at").notNull().default(isoNow),
  /** Unix seconds, as Stripe's expires_at; past it the session reads as expired and cannot be paid. */
  expiresAt: integer("expires_at"),
});

export type Registration = typeof registrations.$inferSelect;
export type Sponsorship = typeof sponsorships.$inferSelect;
export type DevCheckoutSession = typeof devCheckoutSessions.$inferSelect;
