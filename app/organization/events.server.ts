/**
 * The organization's audit log (organization_events): who changed what, when.
 *
 * A change and its log entry are written in one db.batch() (a D1
 * transaction). When the change is conditional (the code still live, the
 * employee still enrolled), the entry is written with `onlyIf`: its
 * created_at is NULL unless the condition holds after the change, which the
 * NOT NULL constraint refuses, so the whole batch (change, entry, e-mails)
 * rolls back. Someone else's change a moment earlier thus leaves no trace
 * rather than a half-done one; `isGuardRefusal` tells that apart from a fault.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationEvents, type OrganizationEventAction, registrations } from "~/db/schema";

export interface EventInput {
  registrationId: string;
  actorUserId: string;
  action: OrganizationEventAction;
  /** Serialized as JSON. Never a company code. */
  detail?: Record<string, unknown>;
  at: string;
  /** Write the entry (and let the batch commit) only if this holds. */
  onlyIf?: SQL;
}

export function eventInsert(db: Db, event: EventInput) {
  const detail = event.detail ? JSON.stringify(event.detail) : null;
  if (!event.onlyIf) {
    return db.insert(organizationEvents).values({
      registrationId: event.registrationId,
      actorUserId: event.actorUserId,
      action: event.action,
      detail,
      createdAt: event.at,
    });
  }
  // INSERT … SELECT from the organization's own row (always there), so drizzle
  // can batch it; created_at is NULL, and refused, unless the guard holds.
  return db.insert(organizationEvents).select(
    db
      .select({
        // Drizzle's insert … select names every column, in order; NULL lets SQLite number the row.
        id: sql<number>`NULL`.as("id"),
        registrationId: registrations.id,
        actorUserId: sql<string>`${event.actorUserId}`.as("actor_user_id"),
        action: sql<OrganizationEventAction>`${event.action}`.as("action"),
        detail: sql<string | null>`${detail}`.as("detail"),
        createdAt: sql<string>`CASE WHEN ${event.onlyIf} THEN ${event.at} END`.as("created_at"),
      })
      .from(registrations)
      .where(eq(registrations.id, event.registrationId)),
  );
}

/** True when a batch failed because an `onlyIf` did not hold. */
export function isGuardRefusal(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (/NOT NULL constraint failed: organization_events\.created_at/.test(String((e as Error).message ?? e))) {
      return true;
    }
  }
  return false;
}
