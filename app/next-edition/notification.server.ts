/**
 * E-mail to the next-edition list (issue 11): the double opt-in confirmation
 * and the organizers' announcements (/organize/messages, npm run admin -- announce). Both carry
 * the list's unsubscribe link in the text and the List-Unsubscribe headers
 * (RFC 2369, with RFC 8058 one-click), signed at send time by `prepare`, which
 * also drops mail to an address that has since left the list.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { site } from "~/content/site";
import { nextEditionSubscribers, type NextEditionSubscriber } from "~/db/schema";
import { isNextEditionInterest, nextEditionInterestLabels, nextEditionLimits } from "~/content/next-edition";
import { escapeHtml } from "~/lib/html";
import { unsubscribeUrl } from "~/next-edition/links.server";
import {
  defineKind,
  oneLine,
  SuppressedNotification,
  type PrepareContext,
  type EmailBody,
} from "~/notifications/kind.server";

/** Why an address on the list gets its e-mail, and how to leave (a desk's test send shows it with a sample link). */
export const listNote = (url: string) =>
  `You're receiving this because this address asked to hear about the next ${site.name}. Unsubscribe with one click: ${url}`;

/** The footer and headers every e-mail to the list carries. */
export function withUnsubscribe(email: Omit<EmailBody, "headers">, url: string | undefined): EmailBody {
  if (!url) return email;
  const note = listNote(url);
  return {
    ...email,
    text: `${email.text}\n\n--\n${note}`,
    html: email.html.replace(
      "</body>",
      `<hr><p style="font-size:12px;color:#475569">You're receiving this because this address asked to hear about the next ${escapeHtml(site.name)}. <a href="${escapeHtml(url)}">Unsubscribe</a> with one click.</p></body>`,
    ),
    headers: {
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** Links point at BASE_URL when set (always, in production), else where the producer was reached. */
function linkOrigin(env: Pick<Env, "BASE_URL">, fallback: string): string {
  const configured = env.BASE_URL?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A malformed BASE_URL is refused by nothing else; fall back rather than send a broken link.
    }
  }
  return fallback;
}

async function subscriber(context: PrepareContext, id: string): Promise<NextEditionSubscriber | undefined> {
  const [row] = await context.db
    .select()
    .from(nextEditionSubscribers)
    .where(eq(nextEditionSubscribers.id, id))
    .limit(1);
  return row;
}

function html(title: string, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("");
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
    : "";
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1e293b"><h1 style="font-size:18px">${escapeHtml(title)}</h1>${body}${button}</body></html>`;
}

export const NextEditionConfirmationPayload = z.object({
  subscriberId: z.string(),
  name: z.string().nullable(),
  confirmUrl: z.string(),
  /** The origin the visitor signed up on, for links when BASE_URL is unset (locally). */
  origin: z.string(),
  /** Filled in by `prepare`. */
  unsubscribeUrl: z.string().optional(),
  /**
   * Set when the entry is confirmed already and someone asked to change it
   * (issue 22): what the link applies, shown so the owner knows what they confirm.
   */
  change: z.object({ name: z.string().nullable(), interests: z.array(z.string()) }).optional(),
});
export type NextEditionConfirmationPayload = z.infer<typeof NextEditionConfirmationPayload>;

export const nextEditionConfirmation = defineKind({
  kind: "next-edition-confirmation",
  payload: NextEditionConfirmationPayload,
  list: true,
  async prepare(payload, context) {
    const row = await subscriber(context, payload.subscriberId);
    // Confirmed meanwhile (an earlier link), unsubscribed or deleted: a stale confirmation helps no one.
    // A change link goes only to an entry still confirmed.
    if (!row || row.status !== (payload.change ? "confirmed" : "unconfirmed"))
      throw new SuppressedNotification(`subscriber is ${row?.status ?? "gone"}`);
    return {
      ...payload,
      unsubscribeUrl: await unsubscribeUrl(context.env, linkOrigin(context.env, payload.origin), row),
    };
  },
  subject: (payload) =>
    oneLine(
      payload.change
        ? `Confirm the change to your ${site.name} subscription`
        : `Confirm: hear when the next ${site.name} opens`,
    ),
  render(payload) {
    if (payload.change) return renderChange(payload, payload.change);
    const greeting = payload.name ? `Hi ${payload.name},` : "Hello,";
    const paragraphs = [
      greeting,
      `Please confirm that you'd like to hear when the next ${site.name} opens. Follow this link (it works once, for ${nextEditionLimits.confirmLinkDays} days):`,
      payload.confirmUrl,
      "If you didn't ask for this, ignore this e-mail: without confirmation the address is deleted within ${nextEditionLimits.unconfirmedRetentionDays} days.",
    ];
    return withUnsubscribe(
      {
        text: [...paragraphs, `— The ${site.name} team`].join("\n\n"),
        html: html(
          "Confirm your subscription",
          paragraphs.filter((p) => p !== payload.confirmUrl),
          {
            href: payload.confirmUrl,
            label: "Confirm my subscription",
          },
        ),
      },
      payload.unsubscribeUrl,
    );
  },
});

function renderChange(
  payload: NextEditionConfirmationPayload,
  change: NonNullable<NextEditionConfirmationPayload["change"]>,
) {
  const greeting = payload.name ? `Hi ${payload.name},` : "Hello,";
  const interests = change.interests
    .map((key) => (isNextEditionInterest(key) ? nextEditionInterestLabels[key] : key))
    .join("; ");
  const paragraphs = [
    greeting,
    `Someone signed up again for news of the next ${site.name} with this address, asking to change your subscription to:`,
    `Name: ${change.name ?? "(none)"}\nInterests: ${interests}`,
    `If that was you, follow this link to apply the change (it works once, for ${nextEditionLimits.confirmLinkDays} days):`,
    payload.confirmUrl,
    "If it wasn't you, ignore this e-mail: your subscription stays as it is.",
  ];
  return withUnsubscribe(
    {
      text: [...paragraphs, `— The ${site.name} team`].join("\n\n"),
      html: html(
        "Confirm the change to your subscription",
        paragraphs.filter((p) => p !== payload.confirmUrl),
        { href: payload.confirmUrl, label: "Apply the change" },
      ),
    },
    payload.unsubscribeUrl,
  );
}

export const NextEditionAnnouncementPayload = z.object({
  announcementId: z.string(),
  subscriberId: z.string(),
  subject: z.string(),
  /** The announcement's body as written (Markdown read as plain text). */
  body: z.string(),
  /** For links when BASE_URL is unset (locally): the admin command's --base-url. */
  origin: z.string(),
  unsubscribeUrl: z.string().optional(),
});
export type NextEditionAnnouncementPayload = z.infer<typeof NextEditionAnnouncementPayload>;

export const nextEditionAnnouncement = defineKind({
  kind: "next-edition-announcement",
  payload: NextEditionAnnouncementPayload,
  list: true,
  async prepare(payload, context) {
    const row = await subscriber(context, payload.subscriberId);
    // Unsubscribed after the announcement was written: it is not sent.
    if (!row || row.status !== "confirmed") throw new SuppressedNotification(`subscriber is ${row?.status ?? "gone"}`);
    return {
      ...payload,
      unsubscribeUrl: await unsubscribeUrl(context.env, linkOrigin(context.env, payload.origin), row),
    };
  },
  subject: (payload) => oneLine(payload.subject),
  render(payload) {
    return withUnsubscribe(announcementContent(payload.subject, payload.body), payload.unsubscribeUrl);
  },
});

/**
 * An announcement's text and HTML (plain text, paragraphs at blank lines),
 * for the list's e-mail and the desk's announcements to people with an
 * account (app/notifications/announcements.server.ts), which add their own footer.
 */
export function announcementContent(subject: string, body: string): Omit<EmailBody, "headers"> {
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return { text: body.trim(), html: html(subject, paragraphs) };
}
