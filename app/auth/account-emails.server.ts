/**
 * The e-mail an account gets from better-auth's own flows (issue 13):
 * verifying the address, resetting the password, and a warning when someone
 * tries to sign up with an address that already has an account. better-auth
 * makes the tokens; these callbacks only record the message in the outbox and
 * queue it (docs/notifications.md): nothing is sent from the request.
 *
 * The links point at our pages (/verify-email, /auth/reset-password), not at
 * better-auth's /api/auth endpoints, so they work without JavaScript and show
 * our own messages for expired or used links.
 */
import { and, count, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { site } from "~/content/site";
import { getDb } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { escapeHtml } from "~/lib/html";
import { defineKind, oneLine } from "~/notifications/kind.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";

/** How long the links work (better-auth's expiresIn settings, in seconds). */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
export const RESET_LINK_SECONDS = 60 * 60;

/** At most this many of one kind to one address per hour: nobody can mail-bomb an inbox through these forms. */
export const accountEmailHourlyCap = {
  "email-verification": 3,
  "password-reset": 3,
  "existing-account-sign-up": 1,
} as const;

export type AccountEmailKind = keyof typeof accountEmailHourlyCap;

const LinkPayload = z.object({ email: z.string(), url: z.string() });
type LinkPayload = z.infer<typeof LinkPayload>;

function html(title: string, paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  const button = `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="font-size:12px;color:#475569">Or paste this address into your browser: ${escapeHtml(link.href)}</p>`;
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1e293b"><h1 style="font-size:18px">${escapeHtml(title)}</h1>${body}${button}</body></html>`;
}

function text(paragraphs: string[]): string {
  return [...paragraphs, `— The ${site.name} team`].join("\n\n");
}

export const emailVerificationEmail = defineKind({
  kind: "email-verification",
  payload: LinkPayload,
  subject: () => oneLine(`Verify your e-mail address for the ${site.name}`),
  render({ url }: LinkPayload) {
    const intro = [
      "Hello,",
      `Please confirm that this is your e-mail address for your ${site.name} account. Follow this link (it works for 24 hours):`,
    ];
    const outro = "If you didn't create an account, ignore this e-mail: nothing happens without the link.";
    return {
      text: text([...intro, url, outro]),
      html: html("Verify your e-mail address", [...intro, outro], { href: url, label: "Verify my e-mail address" }),
    };
  },
});

export const passwordResetEmail = defineKind({
  kind: "password-reset",
  payload: LinkPayload,
  subject: () => oneLine(`Reset your ${site.name} password`),
  render({ url }: LinkPayload) {
    const intro = [
      "Hello,",
      `Someone (hopefully you) asked to reset the password of your ${site.name} account. Choose a new password here (the link works once, for one hour):`,
    ];
    const outro =
      "If you didn't ask, ignore this e-mail: your password stays as it is. Resetting it signs you out everywhere.";
    return {
      text: text([...intro, url, outro]),
      html: html("Reset your password", [...intro, outro], { href: url, label: "Choose a new password" }),
    };
  },
});

export const existingAccountSignUpEmail = defineKind({
  kind: "existing-account-sign-up",
  payload: LinkPayload,
  subject: () => oneLine(`Someone tried to sign up with your e-mail address`),
  render({ url }: LinkPayload) {
    const paragraphs = [
      "Hello,",
      `Someone just tried to create a ${site.name} account with this e-mail address, which already has one. No new account was created and nobody was signed in to yours.`,
      "If it was you, you already have an account: sign in, or reset your password if you've forgotten it:",
    ];
    const outro = "If it wasn't you, you can ignore this e-mail: your account is unchanged.";
    return {
      text: text([...paragraphs, url, outro]),
      html: html("Sign-up attempt with your address", [...paragraphs, outro], {
        href: url,
        label: "Reset my password",
      }),
    };
  },
});

const kinds = {
  "email-verification": emailVerificationEmail,
  "password-reset": passwordResetEmail,
  "existing-account-sign-up": existingAccountSignUpEmail,
} as const;

/** How many e-mails of `kind` went to `email` in the hour before `now`. */
export async function recentAccountEmails(
  env: Pick<Env, "DB">,
  kind: AccountEmailKind,
  email: string,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - 60 * 60_000).toISOString();
  const [row] = await getDb(env)
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, kind),
        eq(notifications.recipient, email.toLowerCase()),
        gte(notifications.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Records one of these e-mails in the outbox and queues it, unless the address
 * already had its hourly allowance of the kind (then nothing is sent and the
 * caller's answer stays the same). Returns the notification id, or null.
 */
export async function queueAccountEmail(
  env: Pick<Env, "DB" | "NOTIFICATIONS">,
  kind: AccountEmailKind,
  { email, url }: { email: string; url: string },
  { now = new Date(), requestId, log }: { now?: Date; requestId?: string; log?: (event: string) => void } = {},
): Promise<string | null> {
  const recipient = email.toLowerCase();
  if ((await recentAccountEmails(env, kind, recipient, now)) >= accountEmailHourlyCap[kind]) {
    log?.("auth.account_email_capped");
    return null;
  }
  const db = getDb(env);
  const notification = outboxInsert(db, kinds[kind], { recipient, payload: { email: recipient, url }, now });
  await db.batch([notification.statement]);
  await enqueueNotifications(env, [notification.id], { requestId, kind });
  return notification.id;
}

/** The pages the links open (app/routes/verify-email.tsx, app/routes/auth.reset-password.tsx). */
export function verificationLink(origin: string, token: string): string {
  return `${origin}/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, token: string): string {
  return `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

export function forgotPasswordLink(origin: string): string {
  return `${origin}/auth/forgot-password`;
}
