/**
 * A fake Resend API speaking Resend's wire format, for the real `resend` SDK
 * (`new Resend(key, { baseUrl })`). A plain fetch handler: tests/fakes/
 * resend-server.ts serves it on a loopback port for the workerd tests.
 *
 * - POST /emails with `Authorization: Bearer <key>` and an optional
 *   `Idempotency-Key` header answers `{ id }`, or Resend's error body
 *   `{ statusCode, name, message }`. A repeated key with the same body answers
 *   the first id and records nothing new; with another body, 409.
 * - Each API key is its own account (its e-mails, its scripted failures), so
 *   test files running side by side never see each other's mail.
 *
 * Test controls (not part of Resend), for the account named by the Bearer key:
 * - GET  /_fake/emails      → { emails: FakeEmail[], attempts: number }
 * - POST /_fake/failures    ← { statuses?: number[], always?: number | null }:
 *   answer the next requests with these statuses (then succeed), or always.
 */

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
  receivedAt: string;
}

interface Account {
  emails: FakeEmail[];
  /** Every POST /emails, failed or not. */
  attempts: number;
  queuedFailures: number[];
  alwaysFail: number | null;
  idempotent: Map<string, { body: string; id: string }>;
}

const errorNames: Record<number, string> = {
  400: "validation_error",
  401: "missing_api_key",
  403: "invalid_api_key",
  409: "invalid_idempotent_request",
  422: "validation_error",
  429: "rate_limit_exceeded",
  500: "internal_server_error",
  503: "application_error",
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function resendError(statusCode: number, message: string, name = errorNames[statusCode] ?? "application_error") {
  return json({ statusCode, name, message }, statusCode);
}

export function createFakeResend() {
  const accounts = new Map<string, Account>();

  function account(key: string): Account {
    let found = accounts.get(key);
    if (!found) {
      found = { emails: [], attempts: 0, queuedFailures: [], alwaysFail: null, idempotent: new Map() };
      accounts.set(key, found);
    }
    return found;
  }

  async function sendEmail(request: Request, acct: Account): Promise<Response> {
    acct.attempts += 1;
    const scripted = acct.queuedFailures.shift() ?? acct.alwaysFail;
    if (scripted !== null && scripted !== undefined) return resendError(scripted, `Scripted failure ${scripted}`);

    const raw = await request.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return resendError(400, "Invalid JSON body");
    }
    const to = typeof body.to === "string" ? [body.to] : body.to;
    if (typeof body.from !== "string" || !body.from) return resendError(422, "Missing `from` field.");
    if (!Array.isArray(to) || to.length === 0 || !to.every((t) => typeof t === "string")) {
      return resendError(422, "Missing `to` field.");
    }
    if (typeof body.subject !== "string" || !body.subject) return resendError(422, "Missing `subject` field.");
    if (typeof body.text !== "string" && typeof body.html !== "string") {
      return resendError(422, "Missing `html` or `text` field.");
    }

    const idempotencyKey = request.headers.get("idempotency-key");
    if (idempotencyKey) {
      const previous = acct.idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.body !== raw) {
          return resendError(409, "Same idempotency key used with a different request payload.");
        }
        return json({ id: previous.id });
      }
    }
    const id = crypto.randomUUID();
    acct.emails.push({
      id,
      idempotencyKey,
      from: body.from,
      to: to as string[],
      subject: body.subject,
      text: typeof body.text === "string" ? body.text : undefined,
      html: typeof body.html === "string" ? body.html : undefined,
      reply_to: body.reply_to as string | string[] | undefined,
      headers: body.headers as Record<string, string> | undefined,
      receivedAt: new Date().toISOString(),
    });
    if (idempotencyKey) acct.idempotent.set(idempotencyKey, { body: raw, id });
    return json({ id });
  }

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const auth = request.headers.get("authorization") ?? "";
    const key = /^Bearer (\S+)$/.exec(auth)?.[1];
    if (!key) return resendError(401, "Missing API key in the authorization header.");
    const acct = account(key);

    if (request.method === "POST" && url.pathname === "/emails") return sendEmail(request, acct);
    if (request.method === "GET" && url.pathname === "/_fake/emails") {
      return json({ emails: acct.emails, attempts: acct.attempts });
    }
    if (request.method === "POST" && url.pathname === "/_fake/failures") {
      const body = (await request.json()) as { statuses?: number[]; always?: number | null };
      acct.queuedFailures = [...(body.statuses ?? [])];
      acct.alwaysFail = body.always ?? null;
      return json({ ok: true });
    }
    return resendError(404, `No route ${request.method} ${url.pathname}`, "not_found");
  }

  return { fetch };
}
