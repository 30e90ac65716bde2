/** The overview's outbox form (issue 32): the registered `notifications.requeue` action. */
import { actionIntent } from "~/organize/desk-intent.server";
import { requeueNotifications } from "./actions.server";

export const outboxDeskIntents = {
  requeue: actionIntent(requeueNotifications, { title: "E-mails requeued", redirectTo: "/organize#outbox" }),
};
