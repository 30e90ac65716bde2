/**
 * A profile's photo as the site serves it (issue 54): the logos' way
 * (app/sponsors/serve.server.ts: type from the checked content, nosniff, a
 * CSP that forbids everything), by its content's SHA-256. Public only while
 * a published profile shows it, and cached for five minutes, not a year:
 * a person who withdraws consent should not stay in caches long after.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { publicProfiles } from "~/db/schema";
import { LOGO_FILE_NAME } from "~/sponsors/logo.server";
import { logoResponse } from "~/sponsors/serve.server";
import { PHOTO_KEY_PREFIX } from "./profile.server";

/**
 * The visitor's browser may keep a photo five minutes; no shared cache keeps it, so a withdrawn person's photo
 * is gone from its address at once (the page itself is never kept by one either).
 */
export const PHOTO_CACHE = "private, max-age=300";

/** The R2 key a requested file name stands for, or null for anything that is not a photo's name. */
export function photoKeyOf(file: string | undefined): string | null {
  return file && LOGO_FILE_NAME.test(file) ? PHOTO_KEY_PREFIX + file : null;
}

export async function isPublishedPhoto(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: publicProfiles.userId })
    .from(publicProfiles)
    .where(and(eq(publicProfiles.shownPhotoKey, key), isNotNull(publicProfiles.publishedAt)))
    .limit(1);
  return row !== undefined;
}

export async function photoResponse(bucket: R2Bucket, key: string, visibility: "public" | "private") {
  const response = await logoResponse(bucket, key, "private");
  if (response && visibility === "public") response.headers.set("Cache-Control", PHOTO_CACHE);
  return response;
}
