/**
 * /organize/credentials (issue 33): what it shows (the import form, the
 * list, searched and paged, a revocation to confirm, the signing keys) and
 * its forms: the upload's preview (a read: nothing is written), the
 * import's confirmation and the revocation, both registered organizer
 * actions with their audit rows.
 */
import { formatMountain } from "~/clock/format";
import { credentialDeskText } from "~/content/credentials";
import { deskMessages } from "~/content/organize";
import { intent } from "~/forms/intent-action.server";
import { executeAction } from "~/organize/action.server";
import { actionIntent, refusalOutcome } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { paged } from "~/organize/paging";
import { editionCredentials, signingKeysStatus } from "./actions.server";
import { importCompletions, importPreview } from "./import.server";
import { revokeCredential } from "./revoke.server";
import { PreviewCompletionsSchema } from "./schema";

/** What /organize/credentials shows: the import form, the list (searched, paged), a revocation to confirm, the keys. */
export async function credentialsDeskView(desk: Desk, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [all, keys] = await Promise.all([editionCredentials(desk.action, q), signingKeysStatus(desk.action)]);
  const when = (iso: string) => formatMountain(new Date(iso), "dateTime");
  const revokeId = url.searchParams.get("revoke") ?? "";
  const toRevoke = /^[0-9a-f]{32}$/.test(revokeId)
    ? ((await editionCredentials(desk.action)).find((c) => c.id === revokeId && !c.revokedAt) ?? null)
    : null;
  return {
    header: deskHeader(desk),
    editionName: desk.edition.name,
    canImport: desk.can("import:credential"),
    canRevoke: desk.can("revoke:credential"),
    q,
    credentials: paged(
      all.map((c) => ({
        id: c.id,
        name: c.name,
        holder: c.holder,
        earnedOn: c.earnedAt.slice(0, 10),
        issued: when(c.issuedAt),
        path: c.path,
        revoked: c.revokedAt
          ? {
              at: when(c.revokedAt),
              reason: c.revokedReason ?? "",
              by: c.revokedBy?.replace(/^organizer:/, "") ?? null,
            }
          : null,
      })),
      url,
    ),
    toRevoke:
      toRevoke && desk.can("revoke:credential")
        ? { id: toRevoke.id, name: toRevoke.name, holder: toRevoke.holder, earnedOn: toRevoke.earnedAt.slice(0, 10) }
        : null,
    keys,
  };
}

export type CredentialsDeskView = Awaited<ReturnType<typeof credentialsDeskView>>;

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
