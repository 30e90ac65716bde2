import { siteContact } from "~/lib/site-config.server";

/**
 * The organizers' mailbox (NOTIFY_TO): contact messages, new accounts and
 * judge/advisor interest are addressed to it. Locally, the site's configured
 * public address stands in.
 */
export function organizersRecipient(
  env: Pick<Env, "NOTIFY_TO" | "CONTACT_EMAIL" | "CONTACT_PHONE" | "ORGANIZER_LEGAL_NAME">,
): string {
  return env.NOTIFY_TO || siteContact(env).email;
}
