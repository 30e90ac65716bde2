/**
 * The sponsors the public pages show (issue 54): the copy the registrar
 * approved of each paid sponsorship, from its approval until the sponsor
 * agreement ends (`agreementEndsDaysAfterChallenge` after the finals), then
 * in its edition's archive on /sponsors. Where each tier appears is
 * app/content/sponsorship.ts's.
 *
 * Every page shows the footer's sponsors, so the approved rows are read once
 * per isolate and kept for a minute on the real clock: a content page costs
 * no D1 round trip in the common case, and an approval shows within a
 * minute on this isolate (at once on the one that approved it), within the
 * HTML's own edge cache after that (workers/cache.ts). Which rows are
 * current is decided per request, on its clock. A clock moved on a local
 * server (APP_NOW, X-App-Now) reads on every request, so a rehearsal sees
 * each change at once.
 */
import { and, eq, isNotNull, lt, sql } from "drizzle-orm";
import { editionsFor } from "~/clock/clock.server";
import { milestoneOf, type Edition } from "~/content/editions";
import { sponsorPaymentTerms, sponsorTierIds, type SponsorTierId } from "~/content/pricing";
import { sponsorPresencePaths } from "~/content/sponsor-presence";
import { sponsorPresenceByTier, type SponsorPlacement } from "~/content/sponsorship";
import { getDb, type Db } from "~/db/client.server";
import { sponsorPresences, sponsorships } from "~/db/schema";
import { keptPerIsolate } from "~/lib/kept-per-isolate.server";
import { LOGO_KEY_PREFIX } from "./logo.server";

/** An approved sponsor as a page shows it: plain data, ready for a loader. */
export interface ShownSponsor {
  sponsorshipId: string;
  editionId: string;
  tier: SponsorTierId;
  name: string;
  website: string | null;
  description: string | null;
  logo: { src: string; width: number; height: number } | null;
  approvedAt: string;
}

/** How long an isolate keeps the approved sponsors before it reads them again. */
export const SHOWN_SPONSORS_FRESH_MS = 60_000;

/** This isolate's copy (app/lib/kept-per-isolate.server.ts). */
const shownCopy = keptPerIsolate((env) => readShownSponsors(getDb(env)), SHOWN_SPONSORS_FRESH_MS);

/** Forgets this isolate's copy: the approving action calls it, so its own isolate shows the change at once. */
export function forgetShownSponsors(): void {
  shownCopy.forget();
}

/** The paid sponsorships' approved presences, of every edition. */
export async function readShownSponsors(db: Db): Promise<ShownSponsor[]> {
  const rows = await db
    .select({
      sponsorshipId: sponsorPresences.sponsorshipId,
      editionId: sponsorships.editionId,
      tier: sponsorships.tier,
      name: sponsorPresences.shownName,
      website: sponsorPresences.shownWebsite,
      description: sponsorPresences.shownDescription,
      logoKey: sponsorPresences.shownLogoKey,
      logoWidth: sponsorPresences.shownLogoWidth,
      logoHeight: sponsorPresences.shownLogoHeight,
      approvedAt: sponsorPresences.approvedAt,
    })
    .from(sponsorPresences)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorPresences.sponsorshipId))
    .where(
      and(
        isNotNull(sponsorPresences.approvedAt),
        isNotNull(sponsorPresences.shownName),
        eq(sponsorships.status, "paid"),
        // A sponsorship refunded in full, or whose dispute was lost, is no longer a sponsor's.
        lt(sponsorships.refundedCents, sponsorships.amountCents),
        sql`coalesce(${sponsorships.disputeStatus}, '') <> 'lost'`,
      ),
    )
    .orderBy(sponsorPresences.approvedAt);
  return rows.map((row) => ({
    sponsorshipId: row.sponsorshipId,
    editionId: row.editionId,
    tier: row.tier,
    name: row.name ?? "",
    website: row.website,
    description: row.description,
    logo:
      row.logoKey && row.logoWidth && row.logoHeight
        ? { src: publicLogoPath(row.logoKey), width: row.logoWidth, height: row.logoHeight }
        : null,
    approvedAt: row.approvedAt ?? "",
  }));
}

/** The public address of a stored logo. */
export function publicLogoPath(key: string): string {
  return `${sponsorPresencePaths.publicLogos}/${key.slice(LOGO_KEY_PREFIX.length)}`;
}

/** Every approved sponsor, from this isolate's copy while it is fresh (on the real clock) or read now. */
export function shownSponsors(env: Pick<Env, "DB" | "ENVIRONMENT" | "APP_NOW">): Promise<ShownSponsor[]> {
  return shownCopy.get(env);
}

/** The instant a sponsorship's agreement ends: the set number of days after the edition's finals. */
export function agreementEndsAt(edition: Edition): Date {
  const finals = milestoneOf(edition, "finals");
  const challengeEnds = finals.end ?? finals.start;
  return new Date(challengeEnds.getTime() + sponsorPaymentTerms.agreementEndsDaysAfterChallenge * 86_400_000);
}

const tierOrder = (sponsor: ShownSponsor) => sponsorTierIds.indexOf(sponsor.tier);

/** Highest tier first, then by name. */
function byTier(a: ShownSponsor, b: ShownSponsor): number {
  return tierOrder(a) - tierOrder(b) || a.name.localeCompare(b.name, "en");
}

/** The sponsors a request sees: those shown now (approved, agreement running), and each past edition's. */
export function sponsorsAt(rows: readonly ShownSponsor[], now: Date, editions: readonly Edition[]) {
  const current: ShownSponsor[] = [];
  const ended = new Map<string, ShownSponsor[]>();
  for (const row of rows) {
    const edition = editions.find((candidate) => candidate.id === row.editionId);
    if (!edition || new Date(row.approvedAt) > now) continue;
    if (now < agreementEndsAt(edition)) current.push(row);
    else ended.set(row.editionId, [...(ended.get(row.editionId) ?? []), row]);
  }
  const archive = [...ended.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([editionId, sponsors]) => ({ editionId, sponsors: sponsors.sort(byTier) }));
  return { current: current.sort(byTier), archive };
}

/** The current sponsors one placement shows (the footer, the home page…). */
export function sponsorsFor(current: readonly ShownSponsor[], placement: SponsorPlacement): ShownSponsor[] {
  return current.filter((s) => (sponsorPresenceByTier[s.tier].placements as readonly string[]).includes(placement));
}

/** A page's sponsors for one placement, on this request's clock. */
export async function placedSponsors(
  env: Pick<Env, "DB" | "ENVIRONMENT" | "APP_NOW">,
  now: Date,
  placement: SponsorPlacement,
): Promise<ShownSponsor[]> {
  return sponsorsFor(sponsorsAt(await shownSponsors(env), now, editionsFor(env)).current, placement);
}

/** /sponsors: the current sponsors (every tier placed there) and each past edition's. */
export async function sponsorsPageData(env: Pick<Env, "DB" | "ENVIRONMENT" | "APP_NOW">, now: Date) {
  const { current, archive } = sponsorsAt(await shownSponsors(env), now, editionsFor(env));
  return { current: sponsorsFor(current, "sponsors"), archive };
}
