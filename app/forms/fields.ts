/**
 * The fields several forms ask for, defined once (issue 17): their rules,
 * each paired with its SPEC.md §8 message. Their messages and labels are
 * app/content/fields.ts's; each form's schema (app/<concern>/schema.ts,
 * app/payments/*-form.ts) builds on these rules, and the routes take the
 * labels from app/content/fields.ts for the field and the error summary alike.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { fieldMessages } from "~/content/fields";
import { plainLines, plainText } from "~/lib/plain-text";

export const fieldLimits = { name: 100, email: 255, phone: 30, url: 2048 } as const;

const m = fieldMessages;

/**
 * Browsers submit a textarea's line breaks as CRLF but read them as LF: count
 * each as one character so the browser and the server agree on the length.
 */
export const normalizeNewlines = (value: string) => value.replace(/\r\n?/g, "\n");

/**
 * One-line text as stored: control and bidi characters dropped, a line break
 * a space (app/lib/plain-text.ts), before any other rule reads it.
 */
const oneLine = () => z.overwrite(plainText);

/** A required text field: one line, trimmed, not empty, bounded. */
export function requiredText(required: string, max = 100, tooLong = m.tooLong(max)) {
  return z
    .string({ error: required })
    .check(oneLine(), z.trim(), z.minLength(1, { error: required }), z.maxLength(max, { error: tooLong }));
}

/** An optional text field: one line, trimmed, bounded, absent (stored as NULL, SPEC.md §3) when empty. */
export function optionalText(max: number, tooLong = m.tooLong(max)) {
  return z.pipe(
    z.optional(z.string().check(oneLine(), z.trim(), z.maxLength(max, { error: tooLong }))),
    z.transform((value) => (value ? value : undefined)),
  );
}

// The fields are functions, not values, so a page's bundle carries only the
// ones its form uses (a schema built at module scope is never tree-shaken).

/** SPEC.md §5: an e-mail address, at most 255 characters. */
export function emailField() {
  return z.pipe(
    z.string({ error: m.emailInvalid }).check(z.trim(), z.maxLength(fieldLimits.email, { error: m.emailTooLong })),
    z.email({ error: m.emailInvalid }),
  );
}

/** SPEC.md §5: the contact form's name, 2 to 100 characters. A missing value gets the "too short" message. */
export function fullNameField() {
  return z
    .string({ error: m.nameTooShort })
    .check(
      oneLine(),
      z.trim(),
      z.minLength(2, { error: m.nameTooShort }),
      z.maxLength(fieldLimits.name, { error: m.nameTooLong }),
    );
}

/** An optional name (the next-edition list): at most 100 characters. */
export function optionalNameField() {
  return optionalText(fieldLimits.name, m.nameTooLong);
}

/**
 * Letters and combining marks of any script, spaces, hyphens, apostrophes
 * (straight and curly) and periods: enough for "Mary-Jane O'Neil Jr." or
 * "Zoë Nguyễn", and nothing that reads as a link or a sentence of
 * instructions in the e-mails a name is written into (issue 16).
 */
export const NAME_PATTERN = /^[\p{L}\p{M}' \u2019.-]*$/u;

/** A person's first or last name: required, bounded, name characters only. */
export function nameField(required: string) {
  return requiredText(required, fieldLimits.name, m.nameTooLong).check(
    z.regex(NAME_PATTERN, { error: m.nameCharacters }),
  );
}

/** Any notation people write (spaces, dashes, +1, parentheses, dots), with at least 7 digits. */
export function phoneField(required: string = m.phoneRequired) {
  return requiredText(required, fieldLimits.phone, m.phoneInvalid).check(
    z.refine((value) => /^[+()\d\s.-]+$/.test(value) && (value.match(/\d/g) ?? []).length >= 7, {
      error: m.phoneInvalid,
    }),
  );
}

/** A web address; "example.com" is read as https://example.com. */
export function urlField(required: string) {
  return z.pipe(
    z.pipe(
      requiredText(required, fieldLimits.url),
      z.transform((value) => (/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`)),
    ),
    z.url({ protocol: /^https?$/, hostname: /\./, error: m.urlInvalid }),
  );
}

/** An https address with a host: a public logo links to it, so nothing else (no javascript:, no http). */
export function isHttpsAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The name a sponsor or an organization is shown by (issue 54): one line, inner runs of spaces one space. */
export function shownNameField(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).check(
    z.overwrite((value: string) => plainText(value).replace(/\s+/g, " ")),
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(max, { error: tooLong }),
  );
}

/** An optional public website: https only (see isHttpsAddress), bounded. */
export function httpsWebsiteField(max: number, tooLong: string, invalid: string) {
  return z.optional(
    z.string().check(z.trim(), z.maxLength(max, { error: tooLong }), z.refine(isHttpsAddress, { error: invalid })),
  );
}

/** Why the desk returned something for changes: the submitter reads it, so it is required and bounded. */
export function returnReasonField(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(max, { error: tooLong }),
    );
}
