/**
 * The credentials concern's organizer actions and queries (issue 33, ADR
 * 018), registered in app/desk/registry.server.ts: the import of
 * completions (with its preview), revocation, and the desk's reads: the
 * edition's credentials (searched by e-mail) and the signing keys' status,
 * served by the organizer API as queries and shown at /organize/credentials.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { achievementOf, ORGANIZATION_HOLDER_PREFIX } from "~/content/credentials";
import { credentials, registrations } from "~/db/schema";
import { isProduction } from "~/lib/config.server";
import { defineOrganizerQuery, type ActionContext } from "~/organize/action.server";
import { credentialPath, currentSigningKey } from "./credential.server";
import { importCompletions, previewCompletions } from "./import.server";
import {
  DEVELOPMENT_SIGNING_KEY,
  keyPath,
  parseSigningKeySetting,
  retiredSigningKeys,
  usesDevelopmentSeed,
} from "./keys";
import { revokeCredential } from "./revoke.server";
import { CredentialListSchema } from "./schema";

/**
 * Who holds a credential, as the desk names them: the recipient's address,
 * or for a tier credential (whose recipient is an organization, with no
 * address: migration 0038) the organization's name, from the registration
 * joined below.
 */
const holderName = sql<string>`CASE WHEN ${credentials.source} = 'tier'
  THEN coalesce(${registrations.companyName}, ${credentials.userId}) ELSE ${credentials.recipientEmail} END`;

/** The edition's credentials, newest first; `q` keeps those whose holder (address or organization) contains it. */
export async function editionCredentials(ctx: Pick<ActionContext, "db" | "edition">, q?: string) {
  const needle = q?.trim().toLowerCase() ?? "";
  const rows = await ctx.db
    .select({
      id: credentials.id,
      achievement: credentials.achievement,
      email: credentials.recipientEmail,
      holder: holderName,
      source: credentials.source,
      earnedAt: credentials.earnedAt,
      issuedAt: credentials.issuedAt,
      isPublic: credentials.isPublic,
      revokedAt: credentials.revokedAt,
      revokedReason: credentials.revokedReason,
      revokedBy: credentials.revokedBy,
    })
    .from(credentials)
    .leftJoin(
      registrations,
      and(
        eq(credentials.source, "tier"),
        eq(registrations.id, sql`substr(${credentials.userId}, ${ORGANIZATION_HOLDER_PREFIX.length + 1})`),
      ),
    )
    .where(
      and(
        eq(credentials.editionId, ctx.edition.id),
        needle ? sql`instr(lower(${holderName}), ${needle}) > 0` : undefined,
      ),
    )
    .orderBy(desc(credentials.seq));
  return rows.map((row) => ({
    ...row,
    name: achievementOf(ctx.edition.id, row.achievement)?.name ?? row.achievement,
    path: credentialPath(row.id),
  }));
}

/**
 * The keys that sign and verify: the current one (from CREDENTIAL_SIGNING_KEY;
 * outside production the committed development key when unset) and the
 * retired ones, each with how many of the site's credentials it signed.
 */
export async function signingKeysStatus(ctx: Pick<ActionContext, "db" | "env" | "origin">) {
  const { env, db, origin } = ctx;
  const setting = env.CREDENTIAL_SIGNING_KEY?.trim() || (isProduction(env) ? "" : DEVELOPMENT_SIGNING_KEY);
  const keyId = parseSigningKeySetting(setting)?.keyId ?? null;
  const current = keyId ? (await currentSigningKey(env, origin)).published : null;
  const method = sql<string | null>`json_extract(${credentials.signedJson}, '$.proof[0].verificationMethod')`;
  const signedBy = await db.select({ method, n: count() }).from(credentials).groupBy(method);
  const signedWith = (id: string) =>
    signedBy.filter((row) => row.method?.endsWith(keyPath(id))).reduce((sum, row) => sum + row.n, 0);
  return {
    current:
      current && keyId
        ? {
            keyId,
            url: current.id,
            publicKeyMultibase: current.publicKeyMultibase,
            development: usesDevelopmentSeed(setting),
            signed: signedWith(keyId),
          }
        : null,
    retired: retiredSigningKeys.map((key) => ({
      keyId: key.keyId,
      url: `${origin}${keyPath(key.keyId)}`,
      publicKeyMultibase: key.publicKeyMultibase,
      retiredOn: key.retiredOn,
      signed: signedWith(key.keyId),
    })),
    unsigned: signedBy.filter((row) => row.method === null).reduce((sum, row) => sum + row.n, 0),
  };
}

export const listCredentials = defineOrganizerQuery({
  id: "credentials.list",
  permission: "read:credential",
  input: CredentialListSchema,
  read: ({ q }, ctx) => editionCredentials(ctx, q),
});

export const credentialKeys = defineOrganizerQuery({
  id: "credentials.keys",
  permission: "read:credential",
  input: z.object({}),
  read: (_, ctx) => signingKeysStatus(ctx),
});

export const credentialActions = [importCompletions, revokeCredential];
export const credentialQueries = [previewCompletions, listCredentials, credentialKeys];
