/**
 * An organization's own side of its public listing (issue 54): its owner or
 * a co-administrator (the dashboard's settings are any administrator's, as
 * the code and the co-administrators are) asks for it to be listed on
 * /employer-recognition with the name to show, an optional website and an
 * optional logo, or unlists it. Each change is the administrator's own,
 * with its row in the organization's activity; a request or a new logo goes
 * (back) to the registrar's review while the copy approved before stays
 * shown. Unlisting deletes the row, approved copy included: consent
 * withdrawn, nothing of it is kept or shown (ADR 027).
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { organizationListings, registrations, type OrganizationListing } from "~/db/schema";
import type { Organization } from "./access.server";
import { commitOrganizationChange } from "./events.server";
import { paidWorkforce } from "./paid-workforce.server";
import { forgetRecognizedOrganizations } from "./recognized.server";

/** The organization's listing, or null when it is not listed. */
export async function listingOf(db: Db, organizationId: string): Promise<OrganizationListing | null> {
  const [row] = await db
    .select()
    .from(organizationListings)
    .where(eq(organizationListings.organizationId, organizationId))
    .limit(1);
  return row ?? null;
}

/** Still a paid Workforce registration when the batch runs: a refunded one lists nothing. */
const stillPaid = (organizationId: string) =>
  sql`EXISTS (SELECT 1 FROM ${registrations} WHERE ${registrations.id} = ${organizationId} AND ${paidWorkforce})`;

/** Lists the organization (or changes its listing): sent for review. */
export async function requestListing(
  db: Db,
  organization: Organization,
  actorUserId: string,
  details: { displayName: string; website?: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const values = {
    displayName: details.displayName,
    website: details.website || null,
    status: "submitted" as const,
    submittedAt: at,
    updatedAt: at,
  };
  await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId,
    kind: "organization.listing-requested",
    payload: { displayName: values.displayName, website: values.website },
    now,
    statements: [
      db
        .insert(organizationListings)
        .values({ organizationId: organization.id, editionId: organization.editionId, ...values })
        .onConflictDoUpdate({ target: organizationListings.organizationId, set: values }),
    ],
    holds: stillPaid(organization.id),
  });
}

/** A listed organization's new logo, sent for review; false when it is not listed (nothing is written). */
export async function saveListingLogo(
  db: Db,
  organization: Organization,
  actorUserId: string,
  logo: { key: string; contentType: string; width: number; height: number },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const committed = await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId,
    kind: "organization.listing-logo-uploaded",
    payload: { logoKey: logo.key, contentType: logo.contentType },
    now,
    statements: [
      db
        .update(organizationListings)
        .set({
          logoKey: logo.key,
          logoType: logo.contentType,
          logoWidth: logo.width,
          logoHeight: logo.height,
          status: "submitted",
          submittedAt: at,
          updatedAt: at,
        })
        .where(eq(organizationListings.organizationId, organization.id)),
    ],
    holds: sql`EXISTS (SELECT 1 FROM ${organizationListings} WHERE ${organizationListings.organizationId} = ${organization.id})`,
  });
  return committed.ok;
}

/** Unlists the organization: its row goes, approved copy included; false when it was not listed. */
export async function unlist(db: Db, organization: Organization, actorUserId: string, now: Date): Promise<boolean> {
  const listed = sql`EXISTS (SELECT 1 FROM ${organizationListings} WHERE ${organizationListings.organizationId} = ${organization.id})`;
  const committed = await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId,
    kind: "organization.unlisted",
    payload: {},
    now,
    statements: [db.delete(organizationListings).where(eq(organizationListings.organizationId, organization.id))],
    holds: listed,
    // Checked before the delete: after it, the row is gone either way.
    holdsBefore: true,
  });
  // This isolate shows the change at once; others within the public list's freshness bound.
  forgetRecognizedOrganizations();
  return committed.ok;
}

/** The listings of the organizations an account owns: deleting the account deletes them (app/account/delete.server.ts). */
export function deleteListingsOwnedBy(db: Db, userId: string) {
  return db
    .delete(organizationListings)
    .where(
      inArray(
        organizationListings.organizationId,
        db.select({ id: registrations.id }).from(registrations).where(eq(registrations.userId, userId)),
      ),
    );
}
