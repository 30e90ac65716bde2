/**
 * An organization as the account that manages it sees it (issue 14): one
 * shape, made from a registration's row in one place, whether the row came
 * from `organizationsOf` or from the session's statement
 * (app/auth/session-read.server.ts), which usually brings the list so that
 * the organization area reads nothing more to let its managers in.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationAdmins, registrations } from "~/db/schema";
import { paidWorkforce } from "./paid-workforce.server";

export type OrganizationRole = "owner" | "admin";

export interface Organization {
  /** The Workforce registration's id: the dashboard's URL, never the code. */
  id: string;
  name: string;
  ownerUserId: string;
  paidAt: string | null;
  /** The edition the package was bought for: its code enrolls employees into that edition only (issue 23). */
  editionId: string;
  /** The signed-in account's role. */
  role: OrganizationRole;
}

export interface ManagedOrganizationRow {
  id: string;
  companyName: string | null;
  userId: string;
  paidAt: string | null;
  editionId: string;
}

/** The organization of a paid Workforce registration, for the account `userId` that owns or co-administers it. */
export function managedOrganization(row: ManagedOrganizationRow, userId: string): Organization {
  return {
    id: row.id,
    name: row.companyName ?? "Your organization",
    ownerUserId: row.userId,
    paidAt: row.paidAt,
    editionId: row.editionId,
    role: row.userId === userId ? "owner" : "admin",
  };
}

/** Oldest first, as the dashboard's list shows them (by payment, then id). */
export function oldestFirst(a: Organization, b: Organization): number {
  return (a.paidAt ?? "").localeCompare(b.paidAt ?? "") || a.id.localeCompare(b.id);
}

/** Every organization `userId` manages, oldest first. */
export async function organizationsOf(db: Db, userId: string): Promise<Organization[]> {
  // From the account's own registrations and administrations to each registration (CROSS JOIN keeps that
  // order): led by the paid status, SQLite walked every paid registration of every edition (issue 56).
  const managed = db
    .select({ id: sql<string>`${registrations.id}`.as("managed_id") })
    .from(registrations)
    .where(eq(registrations.userId, userId))
    .union(
      db
        .select({ id: sql<string>`${organizationAdmins.registrationId}`.as("managed_id") })
        .from(organizationAdmins)
        .where(eq(organizationAdmins.userId, userId)),
    )
    .as("managed");
  const rows = await db
    .select({
      id: registrations.id,
      companyName: registrations.companyName,
      userId: registrations.userId,
      paidAt: registrations.paidAt,
      editionId: registrations.editionId,
    })
    .from(managed)
    .crossJoin(registrations)
    .where(and(eq(registrations.id, managed.id), paidWorkforce))
    .orderBy(asc(registrations.paidAt), asc(registrations.id));
  return rows.map((row) => managedOrganization(row, userId));
}
