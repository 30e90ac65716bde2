/**
 * A judge's or advisor's public profile (issue 54), given with their consent
 * when accepting an invitation or later from /account/profile. The person's
 * latest copy is saved as given; /judges-advisors shows only the copy a
 * coordinator last published (./actions.server.ts). Withdrawing consent
 * deletes the row and its photo: nothing of it is shown from the next
 * request (./shown.server.ts forgets its copy).
 *
 * A photo is checked and stored as a sponsor's logo is
 * (app/sponsors/logo.server.ts): by its content, PNG, WebP or SVG rewritten
 * to a safe subset, under its SHA-256, but in a folder of its own.
 */
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { profileMessages as m, profilePhotoFailureMessages, type AdvisoryGroupId } from "~/content/profiles";
import type { Db } from "~/db/client.server";
import { advisors, judges, publicProfiles, user, type PublicProfile, type Standing } from "~/db/schema";
import { refusal, type Refusal } from "~/lib/refusal";
import { checkLogo, logoFileName } from "~/sponsors/logo.server";
import type { ProfileInput } from "./schema";

export const PHOTO_KEY_PREFIX = "profile-photos/";

/** Who may hold a profile in an edition: its active judges and its advisors. */
export interface ProfileHolder {
  editionId: string;
  userId: string;
  standing: Standing;
  advisoryGroup: AdvisoryGroupId | null;
  /** The name the organizers or the interest form gave: the profile's default. */
  name: string;
}

/** The account's standing in the edition (a judge first), or null. */
export async function profileHolderOf(db: Db, userId: string, editionId: string): Promise<ProfileHolder | null> {
  const [[judge], [advisor]] = await Promise.all([
    db
      .select({ name: judges.name })
      .from(judges)
      .where(and(eq(judges.userId, userId), eq(judges.editionId, editionId), isNull(judges.leftAt)))
      .limit(1),
    db
      .select({ name: advisors.name, group: advisors.advisoryGroup })
      .from(advisors)
      .where(and(eq(advisors.userId, userId), eq(advisors.editionId, editionId)))
      .limit(1),
  ]);
  if (judge) return { editionId, userId, standing: "judge", advisoryGroup: null, name: judge.name };
  if (advisor) {
    const group = advisor.group as AdvisoryGroupId;
    return { editionId, userId, standing: "advisor", advisoryGroup: group, name: advisor.name };
  }
  return null;
}

export async function profileOf(db: Db, userId: string, editionId: string): Promise<PublicProfile | null> {
  const [row] = await db
    .select()
    .from(publicProfiles)
    .where(and(eq(publicProfiles.userId, userId), eq(publicProfiles.editionId, editionId)))
    .limit(1);
  return row ?? null;
}

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
}

/**
 * The posted photo checked by its content and stored, null when none was
 * chosen, or the refusal in the photo's words.
 */
export async function storePhoto(bucket: R2Bucket, file: File | undefined): Promise<StoredPhoto | null | Refusal> {
  if (!file || file.size === 0) return null;
  const checked = checkLogo(new Uint8Array(await file.arrayBuffer()));
  if (!checked.ok) return refusal(profilePhotoFailureMessages[checked.failure], 400, "photo");
  const { logo } = checked;
  const key = PHOTO_KEY_PREFIX + (await logoFileName(logo));
  await bucket.put(key, logo.bytes, { httpMetadata: { contentType: logo.contentType } });
  return { key, width: logo.width, height: logo.height };
}

/**
 * Saves the person's profile with their consent: the given fields, the
 * photo just stored (or the one kept, or none when asked to remove it).
 * The published copy stays as published until the next publication.
 */
export async function saveProfile(
  db: Db,
  holder: ProfileHolder,
  input: ProfileInput,
  photo: StoredPhoto | null,
  now: Date,
): Promise<{ ok: true } | Refusal> {
  if (input.consent !== "on") return refusal(m.consentRequired, 400, "consent");
  const name = (input.name ?? holder.name).trim();
  if (!name) return refusal(m.nameRequired, 400, "name");
  const at = now.toISOString();
  const given = {
    standing: holder.standing,
    advisoryGroup: holder.advisoryGroup,
    name,
    title: input.title ?? null,
    organization: input.organization ?? null,
    bio: input.bio ?? null,
    updatedAt: at,
    ...(photo
      ? { photoKey: photo.key, photoWidth: photo.width, photoHeight: photo.height }
      : input.removePhoto === "on"
        ? { photoKey: null, photoWidth: null, photoHeight: null }
        : {}),
  };
  await db
    .insert(publicProfiles)
    .values({ editionId: holder.editionId, userId: holder.userId, consentedAt: at, ...given })
    .onConflictDoUpdate({ target: [publicProfiles.editionId, publicProfiles.userId], set: given });
  return { ok: true };
}

/** The stored photos of these rows that no other profile uses: each file goes with the last row naming it. */
async function orphanedPhotos(db: Db, rows: readonly PublicProfile[]): Promise<string[]> {
  const keys = [...new Set(rows.flatMap((r) => [r.photoKey, r.shownPhotoKey]).filter((k): k is string => !!k))];
  const orphaned: string[] = [];
  for (const key of keys) {
    const [other] = await db
      .select({ userId: publicProfiles.userId })
      .from(publicProfiles)
      .where(
        and(
          or(eq(publicProfiles.photoKey, key), eq(publicProfiles.shownPhotoKey, key)),
          ne(publicProfiles.userId, rows[0]!.userId),
        ),
      )
      .limit(1);
    if (!other) orphaned.push(key);
  }
  return orphaned;
}

/**
 * Withdraws consent: the profile (given and published copies) is deleted,
 * with its photo, and this isolate forgets the shown profiles, so the next
 * request does not show it. Null when there was none.
 */
export async function withdrawProfile(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  editionId: string,
): Promise<{ ok: true } | Refusal> {
  const row = await profileOf(db, userId, editionId);
  if (!row) return refusal(m.noProfile, 404);
  const photos = await orphanedPhotos(db, [row]);
  await db
    .delete(publicProfiles)
    .where(and(eq(publicProfiles.userId, userId), eq(publicProfiles.editionId, editionId)));
  if (photos.length > 0) await bucket.delete(photos);
  return { ok: true };
}

/** Every profile of the account, for its deletion: the rows go with the account (the batch), their photos after it. */
export async function profilePhotosOfAccount(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select().from(publicProfiles).where(eq(publicProfiles.userId, userId));
  return rows.length > 0 ? orphanedPhotos(db, rows) : [];
}

/** Whether /account links to /account/profile: the account judges or advises the edition, or has a profile in it. One statement. */
export async function hasProfilePage(db: Db, userId: string, editionId: string): Promise<boolean> {
  return hasProfilePageFrom(await hasProfilePageQuery(db, userId, editionId));
}

export function hasProfilePageQuery(db: Db, userId: string, editionId: string) {
  return db
    .select({
      yes: sql<number>`(EXISTS (SELECT 1 FROM ${judges} WHERE ${judges.userId} = ${userId} AND ${judges.editionId} = ${editionId} AND ${judges.leftAt} IS NULL)
        OR EXISTS (SELECT 1 FROM ${advisors} WHERE ${advisors.userId} = ${userId} AND ${advisors.editionId} = ${editionId})
        OR EXISTS (SELECT 1 FROM ${publicProfiles} WHERE ${publicProfiles.userId} = ${userId} AND ${publicProfiles.editionId} = ${editionId}))`,
    })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
}

export function hasProfilePageFrom([row]: Awaited<ReturnType<typeof hasProfilePageQuery>>): boolean {
  return Boolean(row?.yes);
}
