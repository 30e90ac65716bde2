/**
 * /organize/inbox's forms (issue 33): marking a contact message or an
 * interest form handled, or reopening it, each a registered organizer action
 * (./inbox.server.ts), the same the organizer API runs. One button per row;
 * a refusal is shown beside its list.
 */
import { peopleText } from "~/content/organize";
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/desk-intent.server";
import type { Desk } from "~/organize/guard.server";
import { handleContact, handleInterest } from "./inbox.server";
import type { HandleSchema } from "./schema";

const handleContactIntent: Intent<typeof HandleSchema, Desk> = {
  ...actionIntent(handleContact, { title: peopleText.contactToast, redirectTo: "/organize/inbox#contacts" }),
  instanceField: "id",
};

const handleInterestIntent: Intent<typeof HandleSchema, Desk> = {
  ...actionIntent(handleInterest, { title: peopleText.interestToast, redirectTo: "/organize/inbox#interests" }),
  instanceField: "id",
};

export const inboxDeskIntents = { "handle-contact": handleContactIntent, "handle-interest": handleInterestIntent };
