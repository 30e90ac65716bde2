/**
 * The forms of /organize/credentials (issue 33): the upload's preview (a
 * read: nothing is written), the import's confirmation and the revocation,
 * both registered organizer actions with their audit rows.
 */
import { credentialDeskText } from "~/content/credentials";
import { deskMessages } from "~/content/organize";
import { intent } from "~/forms/intent-action.server";
import { actionIntent, refusalOutcome } from "~/organize/desk-intent.server";
import { executeAction } from "~/organize/action.server";
import type { Desk } from "~/organize/guard.server";
import { importCompletions, importPreview } from "./import.server";
import { revokeCredential } from "./revoke.server";
import { PreviewCompletionsSchema } from "./schema";

const page = "/organize/credentials";

/** The preview, as the page shows it above the confirmation form (the file's text rides in a hidden field). */
async function previewStep(csv: string, desk: Desk, notice?: string) {
  const preview = await importPreview(csv, desk.action);
  // A file that cannot be read is the upload's problem: shown on the file field.
  if ("ok" in preview) return { ...refusalOutcome(preview), field: "file" };
  return { ok: "next" as const, intent: "import", step: { preview, csv, notice: notice ?? null } };
}

export const credentialsDeskIntents = {
  preview: intent({
    schema: PreviewCompletionsSchema,
    async handle({ file, csv }, desk: Desk) {
      if (!desk.can("import:credential")) return { ok: false, status: 403, message: deskMessages.notAllowed };
      const text = file && file.size > 0 ? await file.text() : (csv ?? "");
      if (!text.trim()) return { ok: false, status: 400, message: credentialDeskText.chooseFile, field: "file" };
      return previewStep(text, desk);
    },
  }),
  import: intent({
    schema: importCompletions.input,
    async handle(value, desk: Desk) {
      const executed = await executeAction(importCompletions, value, desk.action);
      // Changed since the preview: show the new one, to be confirmed again.
      if (!executed.ok && executed.status === 409) return previewStep(value.csv, desk, executed.message);
      if (!executed.ok) return refusalOutcome(executed);
      return {
        ok: true,
        toast: { type: "success", title: "Completions imported", description: executed.message },
        redirectTo: `${page}#credentials`,
      };
    },
  }),
  revoke: actionIntent(revokeCredential, { title: "Credential revoked", redirectTo: `${page}#credentials` }),
};
