/**
 * A stored logo as the site serves it (issue 54), never from a public
 * bucket: its type from the content checked at upload, nosniff, and a
 * policy that lets an SVG opened on its own draw and do nothing else. An
 * approved logo's address names its content (its SHA-256), so it is cached
 * for a year as immutable; one under review is private to its sponsor and
 * the desk. Recognized organizations' logos are served the same way
 * (app/routes/organization-logos.$file.ts).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sponsorPresences, sponsorships } from "~/db/schema";
import { LOGO_FILE_NAME, LOGO_KEY_PREFIX, logoContentTypes, type LogoKind } from "./logo.server";

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The R2 key a requested file name stands for (a sponsor's by default), or null for anything that is not a logo's name. */
export function logoKeyOf(file: string | undefined, prefix: string = LOGO_KEY_PREFIX): string | null {
  return file && LOGO_FILE_NAME.test(file) ? prefix + file : null;
}

function contentTypeOf(key: string): string {
  return logoContentTypes[key.slice(key.lastIndexOf(".") + 1) as LogoKind];
}

/** Whether a paid sponsorship shows this logo (its approved copy): only those are public. */
export async function isApprovedLogo(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sponsorPresences.sponsorshipId })
    .from(sponsorPresences)
    .innerJoin(sponsorships, eq(sponsorships.id, sponsorPresences.sponsorshipId))
    .where(
      and(
        eq(sponsorPresences.shownLogoKey, key),
        isNotNull(sponsorPresences.approvedAt),
        eq(sponsorships.status, "paid"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function logoResponse(
  bucket: R2Bucket,
  key: string,
  visibility: "public" | "private",
): Promise<Response | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  return new Response(object.body, {
    headers: {
      "Content-Type": contentTypeOf(key),
      "Content-Length": String(object.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": LOGO_CSP,
      "Cache-Control": visibility === "public" ? IMMUTABLE_CACHE : "private, no-store",
    },
  });
}
