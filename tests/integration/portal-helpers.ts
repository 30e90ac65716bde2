/**
 * The Challenge Portal's test people and requests, shared by portal.test.ts
 * and the second audit's tests: participants made through the real sign-up,
 * posts and gets under a clock, uploads as a browser sends them, and a small
 * real PDF.
 */
import { env } from "cloudflare:test";
import { seedRegistration } from "./account-helpers";
import { createAccount, markEmailVerified, postForm, uniqueEmail, uniqueIp } from "./auth-helpers";
import { fetchWithEnv } from "./worker";

/** In the creation period: after the portal's launch, before the deadline. */
export const CREATING = { APP_NOW: "2026-02-10T12:00:00-07:00" };
export type Clock = { APP_NOW: string };

export interface Person {
  email: string;
  cookie: string;
  id: string;
  /** The individual registration that enrolls them; null when not enrolled. */
  registrationId: string | null;
}

/** An account, verified and enrolled as an individual participant unless told otherwise. */
export async function person(tag: string, { verified = true, enrolled = true } = {}): Promise<Person> {
  const email = uniqueEmail(tag);
  const cookie = await createAccount(email, "a good passphrase", uniqueIp());
  const row = await env.DB.prepare("SELECT id FROM user WHERE email = ?").bind(email).first<{ id: string }>();
  if (verified) await markEmailVerified(email);
  const registrationId = enrolled ? await seedRegistration(row!.id, { email }) : null;
  return { email, cookie, id: row!.id, registrationId };
}

export function post(path: string, fields: Record<string, string>, who: Person, clock: Clock = CREATING) {
  return postForm(path, fields, { ip: uniqueIp(), cookie: who.cookie, appNow: clock.APP_NOW });
}

export function get(path: string, who?: Person, clock: Clock = CREATING) {
  return fetchWithEnv(path, clock, { headers: who ? { cookie: who.cookie } : {}, redirect: "manual" });
}

/** One file posted to /portal/upload as the submission page's form sends it. */
export function upload(
  who: Person,
  component: string,
  bytes: Uint8Array<ArrayBuffer>,
  filename: string,
  { clock = CREATING, type = "application/pdf" }: { clock?: Clock; type?: string } = {},
) {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type }));
  return fetchWithEnv(`/portal/upload?component=${component}`, clock, {
    method: "POST",
    headers: {
      "cf-connecting-ip": uniqueIp(),
      cookie: who.cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: form,
    redirect: "manual",
  });
}

/** A small, real PDF with `pages` page objects. */
export function pdf(pages = 2): Uint8Array<ArrayBuffer> {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  const objects = Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj<</Type /Page /Parent 2 0 R>>endobj\n`).join(
    "",
  );
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [${kids}] /Count ${pages}>>endobj\n${objects}trailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}
