/**
 * A holder's credentials on /account (issue 26): the list with its share,
 * download and LinkedIn links, and the public/private switch, which acts on
 * the signed-in holder's own credentials only.
 */
import { achievementOf } from "~/content/credentials";
import { siteContact } from "~/lib/site-config.server";
import { credentialJsonPath, credentialPath, type CredentialRow } from "./credential.server";
import { linkedInAddUrl } from "./page-view.server";

export async function holderCredentials(env: Env, userId: string, origin: string) {
  const rows = await env.DB.prepare("SELECT * FROM credentials WHERE user_id = ? ORDER BY edition_id DESC, seq")
    .bind(userId)
    .all<CredentialRow>();
  const organizationName = siteContact(env).organizerLegalName;
  return rows.results.flatMap((row) => {
    const achievement = achievementOf(row.edition_id, row.achievement);
    if (!achievement) return [];
    const url = `${origin}${credentialPath(row.id)}`;
    return [
      {
        id: row.id,
        name: achievement.name,
        image: achievement.image,
        editionId: row.edition_id,
        earnedAt: row.earned_at,
        isPublic: Boolean(row.is_public),
        revoked: row.revoked_at !== null,
        path: credentialPath(row.id),
        url,
        jsonPath: credentialJsonPath(row.id),
        linkedIn: linkedInAddUrl({
          name: achievement.name,
          organizationName,
          issuedAt: row.issued_at,
          url,
          id: row.id,
        }),
      },
    ];
  });
}

export type HolderCredential = Awaited<ReturnType<typeof holderCredentials>>[number];

/** Makes one of the holder's credentials public or private; false when it is not theirs (or does not exist). */
export async function setCredentialVisibility(db: D1Database, userId: string, credentialId: string, isPublic: boolean) {
  const result = await db
    .prepare("UPDATE credentials SET is_public = ? WHERE id = ? AND user_id = ?")
    .bind(isPublic ? 1 : 0, credentialId, userId)
    .run();
  return result.meta.changes > 0;
}

/** The name the holder's credential pages show (the account's name). */
export async function holderDisplayName(db: D1Database, userId: string): Promise<string> {
  const row = await db.prepare('SELECT name FROM "user" WHERE id = ?').bind(userId).first<{ name: string }>();
  return row?.name ?? "";
}
