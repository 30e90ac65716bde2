/**
 * The tests' handle on the fake Resend API (tests/fakes/resend.ts, served by
 * tests/fakes/resend-server.ts at env.RESEND_BASE_URL). Each account is a
 * fresh API key, so tests never see each other's mail.
 */
import { env } from "cloudflare:test";

export interface FakeEmail {
  id: string;
  idempotencyKey: string | null;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  reply_to?: string | string[];
  headers?: Record<string, string>;
}

export function fakeResendAccount() {
  // Bound by vitest.config.ts; declared on the app's Env (app/env.d.ts).
  const baseUrl = (env as unknown as Env).RESEND_BASE_URL;
  if (!baseUrl) throw new Error("RESEND_BASE_URL is not bound: see vitest.config.ts");
  const apiKey = `re_test_${crypto.randomUUID().replaceAll("-", "")}`;
  const headers = { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" };
  return {
    apiKey,
    /** The bindings that make the consumer send through this account. */
    env: { ...env, RESEND_API_KEY: apiKey, RESEND_BASE_URL: baseUrl } as Env,
    async sent(): Promise<{ emails: FakeEmail[]; attempts: number }> {
      const response = await fetch(`${baseUrl}/_fake/emails`, { headers });
      return (await response.json()) as { emails: FakeEmail[]; attempts: number };
    },
    async failNext(...statuses: number[]): Promise<void> {
      await fetch(`${baseUrl}/_fake/failures`, { method: "POST", headers, body: JSON.stringify({ statuses }) });
    },
    async alwaysFail(status: number): Promise<void> {
      await fetch(`${baseUrl}/_fake/failures`, { method: "POST", headers, body: JSON.stringify({ always: status }) });
    },
  };
}
