/**
 * The messages' pages of the organizers' desk (issues 32 and 33): what
 * /organize/messages shows (the segments, the edition's teams and the past
 * announcements), the outbox's block of the overview, and their forms (the
 * overview's requeue button, and /organize/messages' preview, test and
 * send). Each form runs a registered organizer action or query
 * (./actions.server.ts, ./announcements.server.ts), so the desk, the API
 * and the CLI do the same thing and write the same audit row.
 */
import { count } from "drizzle-orm";
import { messagesDesk } from "~/content/organize";
import { notifications } from "~/db/schema";
import { intent, type IntentOutcome } from "~/forms/intent-action.server";
import { executeAction, runQuery } from "~/organize/action.server";
import { actionIntent, refusalOutcome } from "~/organize/action-intent.server";
import { deskHeader, type Desk } from "~/organize/guard.server";
import { derivedVersionQuery } from "~/organize/kept.server";
import { overviewBlock } from "~/organize/overview-block.server";
import { keptEditionTeams } from "~/portal/extensions.server";
import { paged } from "~/organize/paging";
import { chooseTeams } from "~/organize/team-chooser";
import { requeueNotifications } from "./actions.server";
import {
  messageTeam,
  pastAnnouncements,
  previewAnnouncement,
  segmentOptions,
  sendAnnouncement,
  testAnnouncement,
} from "./announcements.server";
import { ComposeSchema } from "./messages-schema";

/** The overview's outbox, by status. */
export function outboxOverview({ db }: Desk) {
  return overviewBlock(
    [
      db.select({ status: notifications.status, n: count() }).from(notifications).groupBy(notifications.status),
    ] as const,
    ([rows]) => {
      const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
      return { queued: of("pending"), failed: of("failed"), dead: of("dead") };
    },
  );
}

export async function messagesDeskView(desk: Desk, url: URL) {
  const { db, edition } = desk;
  // Every team of the edition, named, kept under the version of what the names are read from (issue 56).
  const [version, past] = await Promise.all([derivedVersionQuery(db, "judging-report"), pastAnnouncements(db)]);
  const named = await keptEditionTeams(db, edition.id, version);
  return {
    header: deskHeader(desk),
    editionName: edition.name,
    canSend: desk.can("send:message"),
    segments: segmentOptions,
    // A few teams, narrowed by a search: not every team of the edition (issue 56).
    teams: chooseTeams(
      named
        .map((t) => ({ id: t.teamId, label: `${t.team} (${t.teamId.slice(0, 8)})` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
      url,
    ),
    past: paged(past, url),
  };
}

export type MessagesDeskView = Awaited<ReturnType<typeof messagesDeskView>>;

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
