/**
 * "director-role-changed" (issue 50, ADR 021): when a director role is
 * granted or removed, every director (the one granted or removed among them)
 * is told at once, so a takeover of the desk cannot happen quietly. Written
 * in the same batch as the change by `directors.grant` and `directors.remove`.
 */
import { z } from "zod";
import { directorChangeText } from "~/content/organize";
import { site } from "~/content/site";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const DirectorRoleChangedPayload = z.object({
  change: z.enum(["granted", "removed"]),
  /** The account whose director role changed. */
  email: z.string(),
  proposedBy: z.string(),
  confirmedBy: z.string(),
  /** Mountain Time, as the desk shows it. */
  at: z.string(),
  /** Where the organizers are listed, for a director who did not expect this. */
  deskUrl: z.string(),
});
export type DirectorRoleChangedPayload = z.infer<typeof DirectorRoleChangedPayload>;

export const directorRoleChanged = defineKind({
  kind: "director-role-changed",
  payload: DirectorRoleChangedPayload,
  subject: (payload) => oneLine(directorChangeText.subject(payload.change, payload.email)),
  render(payload) {
    const lines = directorChangeText.body(payload);
    return {
      text: [...lines, "", `— The ${site.name} team`].join("\n"),
      html: simpleHtml(
        directorChangeText.subject(payload.change, payload.email),
        [
          ["Account", payload.email],
          ["Proposed by", payload.proposedBy],
          ["Confirmed by", payload.confirmedBy],
          ["When", payload.at],
          ["Organizers", payload.deskUrl],
        ],
        ["What to do", directorChangeText.unexpected],
      ),
    };
  },
});
