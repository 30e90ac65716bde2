import { env } from "cloudflare:test";
import { IndividualRegistrationSchema, WorkforceRegistrationSchema } from "~/payments/registration-form";
import { SponsorshipSchema } from "~/payments/sponsorship-form";
import { uniqueEmail, uniqueIp } from "../rate-limit-window";

/** Inside the enrollment window, early bird (the e2e tests' date too). */
export const EARLY_BIRD_NOW = new Date("2025-12-01T12:00:00-07:00");

export { uniqueEmail, uniqueIp };

export function individualFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    registrationType: "individual",
    firstName: "Avery",
    lastName: "Nguyen",
    email: uniqueEmail("individual"),
    phone: "(208) 555-0142",
    companyName: "",
    employerCode: "",
    ...overrides,
  };
}

export function workforceFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    registrationType: "workforce",
    firstName: "Morgan",
    lastName: "Blake",
    email: uniqueEmail("workforce"),
    phone: "208-555-0199",
    companyName: `Snake River Manufacturing ${crypto.randomUUID().slice(0, 4)}`,
    title: "Director of People",
    employerWebsite: "https://snakeriver.example.com",
    ...overrides,
  };
}

export function sponsorFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    sponsorshipTier: "gold",
    firstName: "Jamie",
    lastName: "Lee",
    title: "CEO",
    companyName: "Gem State Tech",
    companyUrl: "https://gemstate.example.com",
    email: uniqueEmail("sponsor"),
    phone: "208-555-0123",
    ...overrides,
  };
}

export const individual = (o: Record<string, string> = {}) => IndividualRegistrationSchema.parse(individualFields(o));
export const workforce = (o: Record<string, string> = {}) => WorkforceRegistrationSchema.parse(workforceFields(o));
export const sponsor = (o: Record<string, string> = {}) => SponsorshipSchema.parse(sponsorFields(o));

export interface RegistrationRow {
  id: string;
  user_id: string;
  registration_type: string;
  plan: string;
  pricing_phase: string;
  amount_cents: number;
  status: string;
  email: string;
  company_name: string | null;
  employer_code: string | null;
  organization_registration_id: string | null;
  checkout_session_id: string | null;
  paid_at: string | null;
}

export async function registrationRow(id: string): Promise<RegistrationRow | null> {
  return env.DB.prepare("SELECT * FROM registrations WHERE id = ?").bind(id).first<RegistrationRow>();
}

export async function registrationRowsFor(email: string): Promise<RegistrationRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM registrations WHERE email = ? ORDER BY created_at")
    .bind(email)
    .all<RegistrationRow>();
  return results;
}

export async function sponsorshipRow(id: string) {
  return env.DB.prepare("SELECT * FROM sponsorships WHERE id = ?")
    .bind(id)
    .first<{ id: string; tier: string; amount_cents: number; status: string; checkout_session_id: string | null }>();
}

export async function liveCodes(registrationId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT code FROM company_codes WHERE registration_id = ? AND revoked_at IS NULL",
  )
    .bind(registrationId)
    .all<{ code: string }>();
  return results.map((r) => r.code);
}

export async function confirmationsFor(recordId: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, kind, recipient, subject, payload, status FROM notifications WHERE json_extract(payload, '$.recordId') = ?",
  )
    .bind(recordId)
    .all<{ id: string; kind: string; recipient: string; subject: string; payload: string; status: string }>();
  return results;
}
