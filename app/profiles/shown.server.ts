/**
 * The judges' and advisors' profiles /judges-advisors shows (issue 54): the
 * copy a coordinator last published of each consented profile, and which
 * editions have had a publication (until the first, the page says the
 * profiles are coming soon).
 *
 * Read on every view, unlike the sponsors' minute per isolate: a person's
 * consent is withdrawn the moment they say so (issue 54), and a copy kept
 * by another isolate would show them for up to a minute more. The page's
 * one round trip (two statements in a batch) is its price; the route keeps
 * it out of shared caches for the same reason (ADR 029).
 */
import { isNotNull } from "drizzle-orm";
import { advisoryGroupIds, profilePaths, profileRules, type AdvisoryGroupId } from "~/content/profiles";
import { getDb, type Db } from "~/db/client.server";
import { profilePublications, publicProfiles, type Standing } from "~/db/schema";

export interface ShownProfile {
  editionId: string;
  userId: string;
  standing: Standing;
  advisoryGroup: AdvisoryGroupId | null;
  name: string;
  title: string | null;
  organization: string | null;
  bio: string | null;
  /** Fitted into the page's square box, keeping its proportions. */
  photo: { src: string; width: number; height: number } | null;
}

export interface ShownProfiles {
  /** The editions whose profiles a coordinator has published at least once. */
  publishedEditions: string[];
  profiles: ShownProfile[];
}

/** The public address of a published photo. */
export function publicPhotoPath(key: string): string {
  return `${profilePaths.publicPhotos}/${key.slice(key.indexOf("/") + 1)}`;
}

/** A photo's width and height fitted into the profile's box. */
export function fittedPhoto(width: number, height: number): { width: number; height: number } {
  const box = profileRules.photoBox;
  const scale = Math.min(box / width, box / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function readShownProfiles(db: Db): Promise<ShownProfiles> {
  const [publications, rows] = await db.batch([
    db.select({ editionId: profilePublications.editionId }).from(profilePublications),
    db.select().from(publicProfiles).where(isNotNull(publicProfiles.publishedAt)),
  ]);
  return {
    publishedEditions: publications.map((p) => p.editionId),
    profiles: rows
      .filter((row) => row.shownName)
      .map((row) => ({
        editionId: row.editionId,
        userId: row.userId,
        standing: row.standing,
        advisoryGroup: advisoryGroupIds.includes(row.advisoryGroup as AdvisoryGroupId)
          ? (row.advisoryGroup as AdvisoryGroupId)
          : null,
        name: row.shownName ?? "",
        title: row.shownTitle,
        organization: row.shownOrganization,
        bio: row.shownBio,
        photo:
          row.shownPhotoKey && row.shownPhotoWidth && row.shownPhotoHeight
            ? { src: publicPhotoPath(row.shownPhotoKey), ...fittedPhoto(row.shownPhotoWidth, row.shownPhotoHeight) }
            : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, "en")),
  };
}

/** /judges-advisors' profiles for an edition: null until its first publication, else judges and each advisory group. */
export async function profilesPageData(env: Pick<Env, "DB">, editionId: string) {
  const shown = await readShownProfiles(getDb(env));
  if (!shown.publishedEditions.includes(editionId)) return null;
  const ofEdition = shown.profiles.filter((p) => p.editionId === editionId);
  return {
    judges: ofEdition.filter((p) => p.standing === "judge"),
    groups: advisoryGroupIds
      .map((id) => ({ id, profiles: ofEdition.filter((p) => p.standing === "advisor" && p.advisoryGroup === id) }))
      .filter((group) => group.profiles.length > 0),
  };
}
