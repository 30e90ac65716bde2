/**
 * The sponsors' report (issue 55): for the account that paid a sponsorship
 * (its contact, `sponsorships.user_id`), the edition's participation and
 * outcomes across the Challenge, the finalists and awards as published,
 * and where the sponsor was shown; "so far" until the finals are over. The
 * figures are the public page's (small counts suppressed): a sponsor sees
 * the Challenge, never a person.
 */
import { and, desc, eq } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { editionPhase } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { sponsorTiersById } from "~/content/pricing";
import type { SignedIn } from "~/context";
import { sponsorships } from "~/db/schema";
import { publishedResultsOf } from "~/judging/published.server";
import { editionFigures } from "./figures.server";
import { publicFigures } from "./public-view.server";

/** The account's paid sponsorships, the current edition's first, then the newest. */
export async function paidSponsorshipsOf(db: SignedIn["db"], userId: string) {
  return db
    .select({
      id: sponsorships.id,
      editionId: sponsorships.editionId,
      tier: sponsorships.tier,
      companyName: sponsorships.companyName,
    })
    .from(sponsorships)
    .where(and(eq(sponsorships.userId, userId), eq(sponsorships.status, "paid")))
    .orderBy(desc(sponsorships.paidAt), desc(sponsorships.createdAt));
}

/** The report for the account's sponsorship of the current edition (or its latest), or null when it has none. */
export async function sponsorReport({ db, user, now, edition: current }: SignedIn, editions: readonly Edition[]) {
  const paid = await paidSponsorshipsOf(db, user.id);
  const sponsorship = paid.find((s) => s.editionId === current.id) ?? paid[0];
  if (!sponsorship) return null;
  const edition = editions.find((e) => e.id === sponsorship.editionId);
  if (!edition) throw new Error(`unknown edition "${sponsorship.editionId}"`);
  const [figures, results] = await Promise.all([
    editionFigures(db, edition, now),
    publishedResultsOf(db, edition.id, now),
  ]);
  return {
    sponsor: {
      companyName: sponsorship.companyName,
      tier: sponsorTiersById[sponsorship.tier].name,
    },
    editionId: edition.id,
    editionName: edition.name,
    soFar: editionPhase(now, edition) !== "afterFinals",
    asOf: formatMountain(now, "dateTime"),
    ...publicFigures(edition, figures),
    results,
  };
}
