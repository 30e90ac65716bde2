/**
 * A sponsor's own side of its presence (issue 54): the contact of a paid
 * sponsorship (`sponsorships.user_id`) gives the name to show, a website, a
 * short description and a logo from /account/sponsor. Each save is the
 * account's own change with its row in the event log, and sends the whole
 * presence (back) to the registrar's review once it has a name and a logo;
 * the copy approved before stays shown meanwhile (ADR 026).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Edition } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { sponsorPresences, sponsorships, type SponsorPresence, type SponsorPresenceStatus } from "~/db/schema";
import { commitAccountChange } from "~/events/commit.server";

export interface SponsorOfAccount {
  sponsorshipId: string;
  editionId: string;
  editionName: string;
  tier: "platinum" | "gold" | "silver" | "bronze";
  companyName: string;
  companyUrl: string;
  presence: SponsorPresence | null;
}

/**
 * The account's paid sponsorship whose presence it manages: the current
 * edition's, else its latest, with its presence if it has one; null for an
 * account that paid none.
 */
export async function sponsorOfAccount(
  db: Db,
  userId: string,
  currentEditionId: string,
  editions: readonly Edition[],
): Promise<SponsorOfAccount | null> {
  const rows = await db
    .select({
      sponsorshipId: sponsorships.id,
      editionId: sponsorships.editionId,
      tier: sponsorships.tier,
      companyName: sponsorships.companyName,
      companyUrl: sponsorships.companyUrl,
      presence: sponsorPresences,
    })
    .from(sponsorships)
    .leftJoin(sponsorPresences, eq(sponsorPresences.sponsorshipId, sponsorships.id))
    .where(and(eq(sponsorships.userId, userId), eq(sponsorships.status, "paid")))
    .orderBy(desc(sponsorships.paidAt), desc(sponsorships.createdAt));
  const row = rows.find((r) => r.editionId === currentEditionId) ?? rows[0];
  if (!row) return null;
  // An edition no longer on the site: its id names it.
  const editionName = editions.find((e) => e.id === row.editionId)?.name ?? row.editionId;
  return { ...row, editionName, presence: row.presence };
}

/** Complete (a name and a logo) goes to review; anything less waits as a draft. */
function statusAfterChange(displayName: string, logoKey: string | null): SponsorPresenceStatus {
  return displayName !== "" && logoKey !== null ? "submitted" : "draft";
}

type Change = Partial<
  Pick<SponsorPresence, "displayName" | "website" | "description" | "logoKey" | "logoType" | "logoWidth" | "logoHeight">
>;

/** Writes the sponsor's change and its event row in one batch; the status it left the presence in. */
async function saveChange(
  db: Db,
  sponsor: SponsorOfAccount,
  userId: string,
  change: Change,
  now: Date,
  event: { kind: "sponsor.presence-saved" } | { kind: "sponsor.logo-uploaded"; logoKey: string; contentType: string },
): Promise<SponsorPresenceStatus> {
  const at = now.toISOString();
  const before = sponsor.presence;
  // Until the sponsor names itself otherwise, the name it gave when it paid.
  const displayName = change.displayName ?? (before?.displayName || sponsor.companyName);
  const logoKey = change.logoKey ?? before?.logoKey ?? null;
  const status = statusAfterChange(displayName, logoKey);
  const values = {
    ...change,
    displayName,
    status,
    submittedAt: status === "submitted" ? at : (before?.submittedAt ?? null),
    updatedAt: at,
  };
  const upsert = db
    .insert(sponsorPresences)
    .values({ sponsorshipId: sponsor.sponsorshipId, editionId: sponsor.editionId, ...values })
    .onConflictDoUpdate({ target: sponsorPresences.sponsorshipId, set: values });
  const shared = {
    actor: { userId, role: "sponsor" as const },
    subject: { userId, editionId: sponsor.editionId },
    now,
    statements: [upsert],
    // Still the account's paid sponsorship when the batch runs.
    holds: sql`EXISTS (SELECT 1 FROM ${sponsorships} WHERE ${sponsorships.id} = ${sponsor.sponsorshipId} AND ${sponsorships.userId} = ${userId} AND ${sponsorships.status} = 'paid')`,
  };
  const sponsorshipId = sponsor.sponsorshipId;
  if (event.kind === "sponsor.presence-saved") {
    await commitAccountChange(db, { ...shared, kind: event.kind, payload: { sponsorshipId, status } });
  } else {
    const { logoKey: key, contentType } = event;
    await commitAccountChange(db, {
      ...shared,
      kind: event.kind,
      payload: { sponsorshipId, logoKey: key, contentType, status },
    });
  }
  return status;
}

export function saveSponsorDetails(
  db: Db,
  sponsor: SponsorOfAccount,
  userId: string,
  details: { displayName: string; website?: string; description?: string },
  now: Date,
): Promise<SponsorPresenceStatus> {
  return saveChange(
    db,
    sponsor,
    userId,
    { displayName: details.displayName, website: details.website || null, description: details.description || null },
    now,
    { kind: "sponsor.presence-saved" },
  );
}

export function saveSponsorLogo(
  db: Db,
  sponsor: SponsorOfAccount,
  userId: string,
  logo: { key: string; contentType: string; width: number; height: number },
  now: Date,
): Promise<SponsorPresenceStatus> {
  return saveChange(
    db,
    sponsor,
    userId,
    { logoKey: logo.key, logoType: logo.contentType, logoWidth: logo.width, logoHeight: logo.height },
    now,
    { kind: "sponsor.logo-uploaded", logoKey: logo.key, contentType: logo.contentType },
  );
}

/** Whether the account may see this stored logo: one its sponsorship gave or shows. */
export async function accountMaySeeLogo(db: Db, userId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({
      logoKey: sponsorPresences.logoKey,
      logoType: sponsorPresences.logoType,
      shownLogoKey: sponsorPresences.shownLogoKey,
      shownLogoType: sponsorPresences.shownLogoType,
    })
    .from(sponsorPresences)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorPresences.sponsorshipId))
    .where(
      and(
        eq(sponsorships.userId, userId),
        sql`(${sponsorPresences.logoKey} = ${key} OR ${sponsorPresences.shownLogoKey} = ${key})`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.logoKey === key ? row.logoType : row.shownLogoType;
}
