/**
 * The confirmation e-mail of a paid (or code-enrolled) record, as an outbox
 * row. Its id is derived from the record, so writing it again is a no-op: a
 * repeated or racing fulfillment can never queue a second e-mail.
 */
import { formatUsd } from "~/content/pricing";
import type { Db } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { milestoneStatus } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { formatMountain } from "~/clock/format";
import type { NotificationKind } from "~/notifications/kind.server";
import { outboxInsert } from "~/notifications/outbox.server";
import type { PaymentConfirmationPayload } from "~/payments/notification.server";

export function confirmationNotificationId(kind: NotificationKind<unknown>["kind"], recordId: string): string {
  return `${kind}:${recordId}`;
}

/**
 * The deadlines of the record's edition still ahead at `now`, as the e-mail
 * lists them: the edition it was bought for, never the clock's (issue 23).
 */
export function nextDeadlines(now: Date, edition: Edition): string[] {
  return edition.milestones
    .filter((m) => m.isDeadline && milestoneStatus(m, now) !== "past")
    .map((m) => `${m.title}: ${formatMountain(m.start, "dateTime")}`);
}

export function confirmationPayload(
  now: Date,
  edition: Edition,
  fields: Omit<PaymentConfirmationPayload, "date" | "nextDeadlines" | "amount" | "contactEmail" | "edition"> & {
    amountCents: number | null;
    /** The configured public mailbox (siteContact(env).email), printed in the e-mail. */
    contactEmail: string;
  },
): PaymentConfirmationPayload {
  const { amountCents, ...rest } = fields;
  return {
    ...rest,
    amount: amountCents === null ? "Covered by your organization's Workforce Package" : formatUsd(amountCents),
    date: formatMountain(now, "date"),
    nextDeadlines: nextDeadlines(now, edition),
    edition: edition.name,
  };
}

/** The outbox insert for a confirmation, to put in the fulfillment's db.batch(). */
export function confirmationInsert(
  db: Db,
  kind: NotificationKind<PaymentConfirmationPayload>,
  { recipient, payload, now }: { recipient: string; payload: PaymentConfirmationPayload; now: Date },
) {
  const { id, statement } = outboxInsert(db, kind, {
    id: confirmationNotificationId(kind.kind, payload.recordId),
    recipient,
    payload,
    now,
  });
  return { id, statement: statement.onConflictDoNothing({ target: notifications.id }) };
}
