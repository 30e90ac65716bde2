/**
 * Where rendered e-mail goes: Resend when RESEND_API_KEY is set, otherwise
 * (locally only: production requires the key) the dev_mailbox table listed at
 * /dev/mailbox.
 */
import { Resend } from "resend";
import { site } from "~/content/site";
import type { Db } from "~/db/client.server";
import { devMailbox } from "~/db/schema";
import { resendBaseUrl } from "~/lib/config.server";
import type { RenderedEmail } from "./kind.server";
import { isRetryable, type ProviderError } from "./retry";

export type SendResult = { ok: true; providerMessageId: string } | { ok: false; retryable: boolean; error: string };

export interface OutgoingEmail extends RenderedEmail {
  /** The notification id: Resend's idempotency key, so a redelivery sends nothing twice. */
  id: string;
  to: string;
}

export interface Transport {
  name: "resend" | "mailbox";
  send(email: OutgoingEmail): Promise<SendResult>;
}

/** Resend's own test sender works with any key; production sets EMAIL_FROM on a verified domain. */
const DEVELOPMENT_SENDER = `${site.name} <onboarding@resend.dev>`;

export function senderAddress(env: Pick<Env, "EMAIL_FROM">): string {
  return env.EMAIL_FROM || DEVELOPMENT_SENDER;
}

export function createTransport(env: Env, db: Db): Transport {
  const from = senderAddress(env);
  if (env.RESEND_API_KEY) return resendTransport(env.RESEND_API_KEY, from, resendBaseUrl(env));
  return mailboxTransport(db, from);
}

function resendTransport(apiKey: string, from: string, baseUrl: string | undefined): Transport {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    name: "resend",
    async send(email) {
      const { data, error } = await resend.emails.send(
        {
          from,
          to: [email.to],
          subject: email.subject,
          text: email.text,
          html: email.html,
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
        },
        { idempotencyKey: email.id },
      );
      if (data?.id) return { ok: true, providerMessageId: data.id };
      const failure: ProviderError = error ?? { message: "Resend answered without an id" };
      return {
        ok: false,
        retryable: isRetryable(failure),
        error: `${failure.statusCode ?? "network"} ${failure.name ?? "error"}: ${failure.message ?? ""}`.trim(),
      };
    },
  };
}

function mailboxTransport(db: Db, from: string): Transport {
  return {
    name: "mailbox",
    async send(email) {
      await db
        .insert(devMailbox)
        .values({
          notificationId: email.id,
          sender: from,
          recipient: email.to,
          replyTo: email.replyTo ?? null,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: email.headers ? JSON.stringify(email.headers) : null,
        })
        .onConflictDoNothing({ target: devMailbox.notificationId });
      return { ok: true, providerMessageId: `mailbox:${email.id}` };
    },
  };
}
