/**
 * A holder's credentials on /account (issue 26): the list with its share,
 * download and LinkedIn links, and the public/private switch, which acts on
 * the signed-in holder's own credentials only. An account whose e-mail is
 * not verified holds none it can show (issue 31, eligibility.ts).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { achievementOf } from "~/content/credentials";
import { getDb, type Db } from "~/db/client.server";
import { credentials, user } from "~/db/schema";
import { credentialJsonPath, credentialPath } from "./credential.server";
import { holderRefusal } from "./eligibility";
import { linkedInAddUrl, offersLinkedIn } from "./page-view.server";

export async function holderCredentials(env: Env, account: { id: string; emailVerified: boolean }, origin: string) {
  if (holderRefusal(account)) return [];
  return holderCredentialsFrom(env, await holderCredentialsQuery(getDb(env), account.id), origin);
}

/** The holder's credential rows, for a caller that sends it in its own batch (/account, issue 56). */
export function holderCredentialsQuery(db: Db, userId: string) {
  return db
    .select()
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .orderBy(desc(credentials.editionId), asc(credentials.seq));
}

/** The credentials as the holder's list shows them (the caller has asked `holderRefusal`). */
export function holderCredentialsFrom(
  env: Env,
  rows: Awaited<ReturnType<typeof holderCredentialsQuery>>,
  origin: string,
) {
  return rows.flatMap((row) => {
    const achievement = achievementOf(row.editionId, row.achievement);
    if (!achievement) return [];
    const url = `${origin}${credentialPath(row.id)}`;
    return [
      {
        id: row.id,
        name: achievement.name,
        image: achievement.image,
        editionId: row.editionId,
        earnedAt: row.earnedAt,
        isPublic: row.isPublic,
        revoked: row.revokedAt !== null,
        path: credentialPath(row.id),
        url,
        jsonPath: credentialJsonPath(row.id),
        linkedIn: offersLinkedIn(row)
          ? linkedInAddUrl(env, { name: achievement.name, earnedAt: row.earnedAt, url, id: row.id })
          : null,
      },
    ];
  });
}

export type HolderCredential = Awaited<ReturnType<typeof holderCredentials>>[number];

/** Makes one of the holder's credentials public or private; false when it is not theirs (or does not exist). */
export async function setCredentialVisibility(env: Env, userId: string, credentialId: string, isPublic: boolean) {
  const changed = await getDb(env)
    .update(credentials)
    .set({ isPublic })
    .where(and(eq(credentials.id, credentialId), eq(credentials.userId, userId)))
    .returning({ id: credentials.id });
  return changed.length > 0;
}

/** The name the holder's credential pages show (the account's name). */
export async function holderDisplayName(env: Env, userId: string): Promise<string> {
  return holderDisplayNameFrom(await holderDisplayNameQuery(getDb(env), userId));
}

export function holderDisplayNameQuery(db: Db, userId: string) {
  return db.select({ name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
}

export function holderDisplayNameFrom([row]: Awaited<ReturnType<typeof holderDisplayNameQuery>>): string {
  return row?.name ?? "";
}
