/**
 * The one place that reads the site's contact settings (issue 11): the
 * mailbox, phone number and organizer's legal name are `[vars]` in
 * wrangler.toml, not content, because the spec gives none of them and they
 * must be right before anyone is asked to write or call.
 *
 * Development runs on clearly fake values (an example.org mailbox, a 555-01xx
 * number reserved for fiction); production refuses to start while any
 * setting is unset or still one of them (REQUIRED_IN_PRODUCTION in
 * config.server.ts), so a placeholder can never reach a visitor.
 */
import { developmentSiteContact, type SiteContact } from "~/content/site";

type ContactSetting = "CONTACT_EMAIL" | "CONTACT_PHONE" | "ORGANIZER_LEGAL_NAME";
type ContactKey = keyof SiteContact;

/** Which setting holds which detail. */
export const SITE_CONTACT_SETTINGS = {
  email: "CONTACT_EMAIL",
  phone: "CONTACT_PHONE",
  organizerLegalName: "ORGANIZER_LEGAL_NAME",
} as const satisfies Record<ContactKey, ContactSetting>;

const contactKeys = Object.keys(SITE_CONTACT_SETTINGS) as ContactKey[];

/** Each setting's development placeholder, which production refuses. */
export const SITE_CONTACT_PLACEHOLDERS = Object.fromEntries(
  contactKeys.map((key) => [SITE_CONTACT_SETTINGS[key], developmentSiteContact[key]]),
) as Record<ContactSetting, string>;

type ContactEnv = Partial<Record<ContactSetting, string>>;

/**
 * The contact details for this request. Production never gets here with a
 * blank or placeholder value (the worker refuses to serve first); a blank
 * value in development falls back to the placeholder rather than printing
 * an empty link.
 */
export function siteContact(env: ContactEnv): SiteContact {
  const read = (key: ContactKey) => env[SITE_CONTACT_SETTINGS[key]]?.trim() || developmentSiteContact[key];
  return { email: read("email"), phone: read("phone"), organizerLegalName: read("organizerLegalName") };
}
