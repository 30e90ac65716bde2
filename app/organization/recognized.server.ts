/**
 * The recognized organizations /employer-recognition shows (issue 54): each
 * listed organization's copy the registrar approved, at the tier its count
 * of employees enrolled with the code earns today (`countedForTier`, the
 * dashboard's own rule, and app/organization/tier.ts), from the day it earns
 * the first tier. The running edition's are grouped by tier, highest first;
 * earlier editions' are each edition's archive.
 *
 * As the approved sponsors (app/sponsors/shown.server.ts), the rows are read
 * once per isolate and kept for a minute on the real clock, so a content
 * page costs no D1 round trip in the common case; unlisting, an approval
 * and an account's deletion forget this isolate's copy, so the writer's
 * next request shows the change. A clock moved on a local server (APP_NOW)
 * reads on every request.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Edition } from "~/content/editions";
import { organizationListingPaths } from "~/content/organization-listing";
import { recognitionTiers, type RecognitionTier } from "~/content/program";
import { getDb, type Db } from "~/db/client.server";
import { organizationListings, registrations } from "~/db/schema";
import { keptPerIsolate } from "~/lib/kept-per-isolate.server";
import { ORGANIZATION_LOGO_KEY_PREFIX } from "~/sponsors/logo.server";
import { countedForTier } from "./dashboard.server";
import { paidWorkforce } from "./paid-workforce.server";
import { tierProgress } from "./tier";

/** An approved, listed organization as the page shows it: plain data, ready for a loader. */
export interface RecognizedOrganization {
  organizationId: string;
  editionId: string;
  name: string;
  website: string | null;
  logo: { src: string; width: number; height: number } | null;
  participants: number;
}

/** How long an isolate keeps the list before it reads it again. */
export const RECOGNIZED_FRESH_MS = 60_000;

/** This isolate's copy (app/lib/kept-per-isolate.server.ts). */
const recognizedCopy = keptPerIsolate((env) => readRecognizedOrganizations(getDb(env)), RECOGNIZED_FRESH_MS);

/** Forgets this isolate's copy: unlisting, an approval and an account's deletion call it. */
export function forgetRecognizedOrganizations(): void {
  recognizedCopy.forget();
}

/** The public address of a stored organization logo. */
export function publicOrganizationLogoPath(key: string): string {
  return `${organizationListingPaths.publicLogos}/${key.slice(ORGANIZATION_LOGO_KEY_PREFIX.length)}`;
}

/** Every approved listing of a paid Workforce organization, of every edition, with its tier's count. One statement. */
export async function readRecognizedOrganizations(db: Db): Promise<RecognizedOrganization[]> {
  const rows = await db
    .select({
      organizationId: organizationListings.organizationId,
      editionId: organizationListings.editionId,
      name: organizationListings.shownName,
      website: organizationListings.shownWebsite,
      logoKey: organizationListings.shownLogoKey,
      logoWidth: organizationListings.shownLogoWidth,
      logoHeight: organizationListings.shownLogoHeight,
      participants: sql<number>`(SELECT count(*) FROM ${registrations} WHERE ${countedForTier(organizationListings.organizationId, organizationListings.editionId)})`,
    })
    .from(organizationListings)
    .where(
      and(
        isNotNull(organizationListings.approvedAt),
        isNotNull(organizationListings.shownName),
        sql`EXISTS (SELECT 1 FROM ${registrations} WHERE ${eq(registrations.id, organizationListings.organizationId)} AND ${paidWorkforce})`,
      ),
    );
  return rows.map((row) => ({
    organizationId: row.organizationId,
    editionId: row.editionId,
    name: row.name ?? "",
    website: row.website,
    logo:
      row.logoKey && row.logoWidth && row.logoHeight
        ? { src: publicOrganizationLogoPath(row.logoKey), width: row.logoWidth, height: row.logoHeight }
        : null,
    participants: Number(row.participants),
  }));
}

/** Every approved listing, from this isolate's copy while it is fresh (on the real clock) or read now. */
export function recognizedOrganizations(
  env: Pick<Env, "DB" | "ENVIRONMENT" | "APP_NOW">,
): Promise<RecognizedOrganization[]> {
  return recognizedCopy.get(env);
}

export interface TierGroup {
  tier: Pick<RecognitionTier, "id" | "name" | "badge">;
  organizations: Omit<RecognizedOrganization, "participants">[];
}

/** The organizations that have earned a tier, grouped by it (highest first, each by name); empty tiers left out. */
export function byTier(rows: readonly RecognizedOrganization[]): TierGroup[] {
  return [...recognitionTiers]
    .reverse()
    .map((tier) => ({
      tier: { id: tier.id, name: tier.name, badge: tier.badge },
      organizations: rows
        .filter((row) => tierProgress(row.participants).current?.id === tier.id)
        .sort((a, b) => a.name.localeCompare(b.name, "en"))
        // The count stays on the server: the page shows the tier, not the organization's headcount.
        .map(({ participants: _count, ...shown }) => shown),
    }))
    .filter((group) => group.organizations.length > 0);
}

/** /employer-recognition: the running edition's recognized organizations by tier, then earlier editions'. */
export async function recognitionPageData(
  env: Pick<Env, "DB" | "ENVIRONMENT" | "APP_NOW">,
  edition: Pick<Edition, "id">,
) {
  const rows = await recognizedOrganizations(env);
  const pastIds = [...new Set(rows.map((row) => row.editionId))]
    .filter((id) => id < edition.id)
    .sort((a, b) => b.localeCompare(a));
  return {
    current: byTier(rows.filter((row) => row.editionId === edition.id)),
    archive: pastIds
      .map((editionId) => ({ editionId, tiers: byTier(rows.filter((row) => row.editionId === editionId)) }))
      .filter((past) => past.tiers.length > 0),
  };
}

/** Whether an approved listing of a paid organization shows this logo: only those are public. */
export async function isShownOrganizationLogo(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizationListings.organizationId })
    .from(organizationListings)
    .innerJoin(registrations, eq(registrations.id, organizationListings.organizationId))
    .where(and(eq(organizationListings.shownLogoKey, key), isNotNull(organizationListings.approvedAt), paidWorkforce))
    .limit(1);
  return row !== undefined;
}
