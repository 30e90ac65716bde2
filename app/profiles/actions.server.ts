/**
 * The desk's publication of judges' and advisors' profiles (issue 54): a
 * coordinator publishes the edition's consented profiles, whose current
 * copies become the ones /judges-advisors shows; a profile given or changed
 * afterwards shows once the next publication includes it. The first
 * publication also ends the page's "coming soon". /organize/judges, the
 * organizer API and `npm run admin -- profiles | publish-profiles` run these.
 */
import { asc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { formatMountain } from "~/clock/format";
import { advisoryGroupName, profileDeskMessages as text } from "~/content/profiles";
import { profilePublications, publicProfiles } from "~/db/schema";
import { refusal } from "~/lib/refusal";
import { actorLabel, defineOrganizerAction, defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { PublishProfilesSchema } from "./schema";

/** A profile as the desk and the API list it. */
export interface DeskProfile {
  userId: string;
  standing: "judge" | "advisor";
  group: string | null;
  name: string;
  title: string | null;
  organization: string | null;
  bio: string | null;
  photo: { width: number; height: number } | null;
  /** "published", "changed since publication" or "waiting for publication". */
  status: "published" | "changed" | "waiting";
}

export async function deskProfiles(ctx: Pick<ActionContext, "db" | "edition">) {
  const [rows, [publication]] = await Promise.all([
    ctx.db
      .select()
      .from(publicProfiles)
      .where(eq(publicProfiles.editionId, ctx.edition.id))
      .orderBy(asc(publicProfiles.name)),
    ctx.db.select().from(profilePublications).where(eq(profilePublications.editionId, ctx.edition.id)).limit(1),
  ]);
  const profiles: DeskProfile[] = rows.map((row) => ({
    userId: row.userId,
    standing: row.standing,
    group: row.standing === "advisor" ? advisoryGroupName(row.advisoryGroup) : null,
    name: row.name,
    title: row.title,
    organization: row.organization,
    bio: row.bio,
    photo:
      row.photoKey && row.photoWidth && row.photoHeight ? { width: row.photoWidth, height: row.photoHeight } : null,
    status: !row.publishedAt ? "waiting" : row.updatedAt > row.publishedAt ? "changed" : "published",
  }));
  return {
    profiles,
    publishedAt: publication ? formatMountain(new Date(publication.publishedAt), "dateTime") : null,
  };
}

export const listProfiles = defineOrganizerQuery({
  id: "profiles.list",
  permission: "read:judge",
  input: z.object({}),
  read: async (_input, ctx) => ({ editionId: ctx.edition.id, ...(await deskProfiles(ctx)) }),
});

export const publishProfiles = defineOrganizerAction({
  id: "profiles.publish",
  permission: "publish:profile",
  input: PublishProfilesSchema,
  async run(_input, ctx) {
    const { db, edition } = ctx;
    const rows = await db
      .select({ userId: publicProfiles.userId, name: publicProfiles.name, updatedAt: publicProfiles.updatedAt })
      .from(publicProfiles)
      .where(eq(publicProfiles.editionId, edition.id));
    if (rows.length === 0) return refusal(text.nothingToPublish, 409);
    const at = ctx.now.toISOString();
    const by = actorLabel(ctx.actor);
    return {
      ok: true,
      statements: [
        db
          .update(publicProfiles)
          .set({
            shownName: sql`${publicProfiles.name}`,
            shownTitle: sql`${publicProfiles.title}`,
            shownOrganization: sql`${publicProfiles.organization}`,
            shownBio: sql`${publicProfiles.bio}`,
            shownPhotoKey: sql`${publicProfiles.photoKey}`,
            shownPhotoWidth: sql`${publicProfiles.photoWidth}`,
            shownPhotoHeight: sql`${publicProfiles.photoHeight}`,
            publishedAt: at,
          })
          .where(eq(publicProfiles.editionId, edition.id)),
        db
          .insert(profilePublications)
          .values({ editionId: edition.id, firstPublishedAt: at, publishedAt: at, publishedBy: by })
          .onConflictDoUpdate({ target: profilePublications.editionId, set: { publishedAt: at, publishedBy: by } }),
      ],
      holds: sql`EXISTS (SELECT 1 FROM ${profilePublications} WHERE ${profilePublications.editionId} = ${edition.id} AND ${profilePublications.publishedAt} = ${at})`,
      audit: {
        summary: text.publishSummary(rows.length, edition.name),
        targets: { editionId: edition.id },
        after: { profiles: rows.map((r) => ({ userId: r.userId, name: r.name, updatedAt: r.updatedAt })) },
      },
      message: text.published(rows.length, edition.name),
      result: { editionId: edition.id, published: rows.length },
    };
  },
});

export const profileActions = [publishProfiles];
export const profileQueries = [listProfiles];
