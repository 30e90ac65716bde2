/**
 * The outbox's and the messages' desk forms (issues 32 and 33): the
 * overview's requeue button, and /organize/messages' preview, test and send.
 * Each runs a registered organizer action or query
 * (./actions.server.ts, ./announcements.server.ts), so the desk, the API
 * and the CLI do the same thing and write the same audit row.
 */
import { messagesDesk } from "~/content/organize";
import { intent, type IntentOutcome } from "~/forms/intent-action.server";
import { executeAction, runQuery } from "~/organize/action.server";
import { actionIntent, refusalOutcome } from "~/organize/desk-intent.server";
import type { Desk } from "~/organize/guard.server";
import { requeueNotifications } from "./actions.server";
import { messageTeam, previewAnnouncement, sendAnnouncement, testAnnouncement } from "./announcements.server";
import { ComposeSchema } from "./messages-schema";

export const outboxDeskIntents = {
  requeue: actionIntent(requeueNotifications, { title: "E-mails requeued", redirectTo: "/organize#outbox" }),
};

type Compose = typeof ComposeSchema._zod.output;

/** The page again with the preview (and what was just done), so nothing typed is lost. */
async function previewStep(value: Compose, desk: Desk, notice?: string): Promise<IntentOutcome> {
  const preview = await runQuery(previewAnnouncement, value, desk.action);
  if (!preview.ok) return refusalOutcome(preview);
  // The answer resets the form the text came from, to what was typed (its default from the step).
  const form = value.segment === "team" ? "preview-team" : "preview";
  return { ok: "next", intent: form, step: { preview: preview.result, compose: value, notice } };
}

const past = "/organize/messages#past";

export const messagesDeskIntents = {
  preview: intent({ schema: ComposeSchema, handle: (value, desk: Desk) => previewStep(value, desk) }),
  "preview-team": intent({ schema: ComposeSchema, handle: (value, desk: Desk) => previewStep(value, desk) }),
  test: intent({
    schema: ComposeSchema,
    async handle(value, desk: Desk) {
      const sent = await executeAction(testAnnouncement, value, desk.action);
      if (!sent.ok) return refusalOutcome(sent);
      return previewStep(value, desk, sent.message);
    },
  }),
  send: actionIntent(sendAnnouncement, { title: messagesDesk.announcementSent, redirectTo: past }),
  team: actionIntent(messageTeam, { title: messagesDesk.teamSent, redirectTo: past }),
};
