import { env } from "cloudflare:test";
import { inOneRateLimitWindow, uniqueEmail, uniqueIp } from "../rate-limit-window";
import { fetchSite } from "./worker";

export { inOneRateLimitWindow, uniqueEmail, uniqueIp };

export function validContact(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Jordan Rivera",
    email: uniqueEmail("visitor"),
    subject: "Workforce Package",
    message: "We would like to enroll our team of 25 this spring.",
    website: "",
    ...overrides,
  };
}

/** Posts the contact form as a browser without JavaScript does (urlencoded, no redirect following). */
export function postContact(fields: Record<string, string>, { ip = uniqueIp() }: { ip?: string } = {}) {
  return fetchSite("/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

export interface ContactRow {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
}

export interface NotificationRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  payload: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  sent_at: string | null;
}

export async function contactRowsFor(email: string): Promise<ContactRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM contact_submissions WHERE email = ? ORDER BY id")
    .bind(email)
    .all<ContactRow>();
  return results;
}

export async function notificationsFor(email: string): Promise<NotificationRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM notifications WHERE json_extract(payload, '$.record.email') = ? ORDER BY created_at",
  )
    .bind(email)
    .all<NotificationRow>();
  return results;
}

export async function notificationById(id: string): Promise<NotificationRow | null> {
  return env.DB.prepare("SELECT * FROM notifications WHERE id = ?").bind(id).first<NotificationRow>();
}

/** The cookie pairs of a response's Set-Cookie headers, as a browser would send them back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
