/**
 * "edition-changed" (issue 52): when a second director confirms a change of
 * a published edition, each person it concerns (./affected.server.ts) gets
 * this one e-mail, naming every milestone that moved, before and after, and
 * the directors' reason. Written to the outbox in the same batch as the new
 * version.
 */
import { z } from "zod";
import { editionChangedEmail } from "~/content/edition-desk";
import { site } from "~/content/site";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const EditionChangedPayload = z.object({
  editionName: z.string(),
  changes: z.array(z.object({ title: z.string(), before: z.string(), after: z.string() })),
  note: z.string(),
  timelineUrl: z.string(),
});
export type EditionChangedPayload = z.infer<typeof EditionChangedPayload>;

export const editionChanged = defineKind({
  kind: "edition-changed",
  payload: EditionChangedPayload,
  subject: (payload) => oneLine(editionChangedEmail.subject(payload.editionName)),
  render(payload) {
    const lines = payload.changes.map((c) => editionChangedEmail.line(c.title, c.before, c.after));
    return {
      text: [
        editionChangedEmail.intro(payload.editionName),
        "",
        ...lines,
        "",
        editionChangedEmail.why,
        payload.note,
        "",
        editionChangedEmail.timeline(payload.timelineUrl),
        "",
        `— The ${site.name} team`,
      ].join("\n"),
      html: simpleHtml(
        editionChangedEmail.subject(payload.editionName),
        payload.changes.map((c): [string, string] => [c.title, `${c.before} → ${c.after}`]),
        [editionChangedEmail.why, `${payload.note}\n\n${editionChangedEmail.timeline(payload.timelineUrl)}`],
      ),
    };
  },
});
