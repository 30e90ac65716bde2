/**
 * What a notification kind is: a payload schema and how to render it. Adding
 * a kind (sign-up, judge/advisor interest, registration confirmation…) is one
 * module like app/contact/notification.server.ts plus one line in kinds.server.ts.
 */
import type { z } from "zod";
import type { Db } from "~/db/client.server";
import { escapeHtml } from "~/lib/html";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, e.g. the visitor who wrote a contact message. */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on e-mail to the next-edition list. */
  headers?: Record<string, string>;
}

/** What `prepare` may read when the consumer is about to send. */
export interface PrepareContext {
  env: Env;
  db: Db;
  now: Date;
}

/** What `render` writes: the e-mail but its subject, which `subject` writes alone. */
export type EmailBody = Omit<RenderedEmail, "subject">;

export interface NotificationKind<Payload> {
  kind: string;
  payload: z.ZodType<Payload>;
  /** The subject line alone: the outbox stores it for admins without rendering the e-mail. */
  subject(payload: Payload): string;
  render(payload: Payload): EmailBody;
  /**
   * Runs in the consumer just before rendering, for what only the worker can
   * know at send time (a link signed with a secret, whether the recipient is
   * still subscribed). Throws SuppressedNotification to send nothing.
   */
  prepare?(payload: Payload, context: PrepareContext): Promise<Payload>;
  /** Mail to a list: must carry List-Unsubscribe (RFC 2369) and one-click (RFC 8058) headers. */
  list?: boolean;
}

/** The recipient must not get this e-mail any more (e.g. they unsubscribed); it is not an error. */
export class SuppressedNotification extends Error {
  override name = "SuppressedNotification";
}

export function defineKind<Payload>(definition: NotificationKind<Payload>): NotificationKind<Payload> {
  return definition;
}

/** A subject line never carries line breaks (they would read as extra headers to some mailers). */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/** A plain e-mail body as simple HTML: a heading, labelled fields and a pre-wrapped block. */
export function simpleHtml(title: string, fields: [label: string, value: string][], body?: [string, string]): string {
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const block = body
    ? `<h2 style="font-size:16px;margin:16px 0 8px">${escapeHtml(body[0])}</h2><div style="white-space:pre-wrap">${escapeHtml(body[1])}</div>`
    : "";
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1e293b"><h1 style="font-size:18px">${escapeHtml(title)}</h1><table>${rows}</table>${block}</body></html>`;
}
