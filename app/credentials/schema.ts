/**
 * The forms of the credentials desk (issue 33), shared by the browser, the
 * desk's actions and the organizer API: strings only, as a form posts them.
 */
import * as z from "zod/mini";
import { completionImportRules, credentialDeskMessages, credentialDeskText } from "~/content/credentials";
import { requiredText } from "~/forms/fields";

const reasonMaxChars = 500;

const csvText = z
  .string({ error: credentialDeskText.chooseFile })
  .check(
    z.minLength(1, { error: credentialDeskText.chooseFile }),
    z.maxLength(completionImportRules.maxBytes, { error: credentialDeskText.fileTooLarge }),
  );

/**
 * The import itself: the file's text and the fingerprint of the preview it
 * confirms, required on every door (issue 50): without it, an account
 * verified since would be issued a credential nobody reviewed.
 */
export const ImportCompletionsSchema = z.object({
  csv: csvText,
  expected: z
    .string({ error: credentialDeskMessages.previewFirst })
    .check(z.trim(), z.regex(/^[0-9a-f]{64}$/, { error: credentialDeskMessages.previewFirst })),
});

/** The preview: the file uploaded (the desk) or its text (the API, the CLI). */
export const PreviewCompletionsSchema = z.object({
  csv: z.optional(
    z.string().check(z.maxLength(completionImportRules.maxBytes, { error: credentialDeskText.fileTooLarge })),
  ),
  file: z.optional(z.file()),
});

export const RevokeCredentialSchema = z.object({
  credentialId: z
    .string({ error: credentialDeskMessages.noSuchCredential })
    .check(z.trim(), z.regex(/^[0-9a-f]{32}$/, { error: credentialDeskMessages.noSuchCredential })),
  reason: requiredText(credentialDeskMessages.reasonRequired, reasonMaxChars),
});

export const CredentialListSchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
