/**
 * Our Open Badges 3.0 credentials (issue 26, ADR 016, ADR 017): the credential
 * a row's facts make, signed with CREDENTIAL_SIGNING_KEY; the issuer profile
 * (a controller document verifiers read by URL) and its keys; and the
 * Bitstring Status Lists that carry revocation. Every query goes through
 * drizzle with bound parameters.
 */
import { isSubmittedProject } from "~/portal/submitted.server";
import { nameableInPublic } from "~/showcase/shown.server";
import { and, eq, gte, isNotNull, isNull, lt, max, min, count } from "drizzle-orm";
import {
  achievementOf,
  badgePng,
  ISSUER_LOGO,
  organizationOfHolder,
  STATUS_LIST_SIZE,
  type AchievementDefinition,
} from "~/content/credentials";
import { getDb } from "~/db/client.server";
import {
  credentials,
  credentialStatusLists,
  publishedResults,
  registrations,
  submissions,
  teams,
  user,
} from "~/db/schema";
import { isProduction } from "~/lib/config.server";
import { base64url, sha256Hex } from "~/lib/encoding";
import { log } from "~/lib/log.server";
import { siteContact } from "~/lib/site-config.server";
import {
  checkProof,
  controllerDocument,
  multikeyDocument,
  OB_CONTEXT,
  signCredential,
  signingKeyFromSeed,
  VC_V2_CONTEXT,
  type ProofCheck,
  type PublishedKey,
  type SigningKey,
} from "./proof.server";
import {
  DEVELOPMENT_SIGNING_KEY,
  ISSUER_PATH,
  keyPath,
  parseSigningKeySetting,
  retiredSigningKeys,
  statusListPath,
  usesDevelopmentSeed,
} from "./keys";

export type CredentialRow = typeof credentials.$inferSelect;

export const credentialPath = (id: string) => `/credentials/${id}`;
export const credentialJsonPath = (id: string) => `/credentials/${id}/credential.json`;

/** Where in which status list a credential's bit is: list 1 holds seq 0…size-1, and so on. */
export function statusPosition(seq: number): { list: number; index: number } {
  return { list: Math.floor(seq / STATUS_LIST_SIZE) + 1, index: seq % STATUS_LIST_SIZE };
}

export function issuerId(origin: string): string {
  return `${origin}${ISSUER_PATH}`;
}

/**
 * The origin credentials are signed for outside a request (the daily job):
 * BASE_URL, which production always sets. Null locally without it; rows
 * issued then stay unsigned, and each answer signs them for the origin
 * serving it (`signedCredential`).
 */
export function configuredOrigin(env: Pick<Env, "BASE_URL">): string | null {
  const configured = env.BASE_URL?.trim();
  if (!configured) return null;
  try {
    return new URL(configured).origin;
  } catch {
    return null;
  }
}

const keyCache = new Map<string, Promise<SigningKey>>();

/**
 * The key that signs now. Development and tests fall back to the committed
 * development key; production never signs without its own, nor with the
 * development seed under another name (the worker refuses to start first,
 * app/lib/config.server.ts; this is the second lock).
 */
export function currentSigningKey(env: Pick<Env, "CREDENTIAL_SIGNING_KEY" | "ENVIRONMENT">, origin: string) {
  const setting = env.CREDENTIAL_SIGNING_KEY?.trim() || (isProduction(env) ? "" : DEVELOPMENT_SIGNING_KEY);
  const parsed = parseSigningKeySetting(setting);
  if (!parsed) throw new Error("CREDENTIAL_SIGNING_KEY is missing or not `<key id>:<64 hex characters>`");
  if (isProduction(env) && usesDevelopmentSeed(setting)) {
    throw new Error("CREDENTIAL_SIGNING_KEY is the committed development seed, which production never signs with");
  }
  const cacheKey = `${origin} ${parsed.keyId}:${parsed.seedHex}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = signingKeyFromSeed(parsed.seedHex, `${origin}${keyPath(parsed.keyId)}`, issuerId(origin));
    keyCache.set(cacheKey, key);
  }
  return key;
}

/** Every key whose credentials verify: the current one and the retired ones (never removed). */
export async function publishedKeys(
  env: Pick<Env, "CREDENTIAL_SIGNING_KEY" | "ENVIRONMENT">,
  origin: string,
): Promise<PublishedKey[]> {
  const current = (await currentSigningKey(env, origin)).published;
  const retired = retiredSigningKeys.map((key) => ({
    id: `${origin}${keyPath(key.keyId)}`,
    controller: issuerId(origin),
    publicKeyMultibase: key.publicKeyMultibase,
  }));
  return [current, ...retired.filter((key) => key.id !== current.id)];
}

/** The issuer Profile (OB 3.0), as embedded in credentials: its name, site and logo. */
export function issuerProfile(env: Env, origin: string) {
  return {
    id: issuerId(origin),
    type: ["Profile"],
    name: siteContact(env).organizerLegalName,
    url: origin,
    image: { id: `${origin}${ISSUER_LOGO}`, type: "Image" },
  };
}

/**
 * /credentials/issuer: the issuer Profile as a controller document, listing
 * the keys that sign (issue 31: verifiers read `assertionMethod` from it).
 */
export async function issuerDocument(env: Env, origin: string) {
  return controllerDocument(issuerProfile(env, origin), await publishedKeys(env, origin));
}

/** /credentials/issuer/keys/<key id>: one published key, or null. */
export async function keyDocument(env: Env, origin: string, keyId: string) {
  const wanted = `${origin}${keyPath(keyId)}`;
  const key = (await publishedKeys(env, origin)).find((candidate) => candidate.id === wanted);
  return key ? multikeyDocument(key) : null;
}

/**
 * The documents this site serves that a verifier loads to check our
 * signatures, by URL: the issuer's controller document and each key. Our
 * own verification reads these, exactly as served, instead of being handed
 * a controller (issue 31).
 */
export async function publishedDocuments(env: Env, origin: string): Promise<Map<string, unknown>> {
  const keys = await publishedKeys(env, origin);
  return new Map<string, unknown>([
    [issuerId(origin), controllerDocument(issuerProfile(env, origin), keys)],
    ...keys.map((key) => [key.id, multikeyDocument(key)] as [string, unknown]),
  ]);
}

/** OB 3.0 IdentityHash of an e-mail: "sha256$" + hex SHA-256 of the lower-cased address followed by the salt. */
export async function emailIdentityHash(email: string, salt: string): Promise<string> {
  return `sha256$${await sha256Hex(`${email.trim().toLowerCase()}${salt}`)}`;
}

/** "2026-03-02" → "2026-03-02T00:00:00Z"; an instant stays as it is, without milliseconds. */
export function dateTime(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00Z`;
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The public path of the project that earned a credential (its evidence):
 * the showcase page of the team's submission, by its slug (migration 0015).
 */
export async function showcasePathForTeam(env: Pick<Env, "DB">, teamId: string): Promise<string | null> {
  // Only a project that may be named in public has a page there (issue 25); a hidden one answers 404 (issue 50).
  const [row] = await getDb(env)
    .select({ slug: submissions.slug })
    .from(submissions)
    .where(and(eq(submissions.teamId, teamId), isSubmittedProject, nameableInPublic))
    .limit(1);
  return row?.slug ? `/showcase/${encodeURIComponent(row.slug)}` : null;
}

async function projectTitle(env: Pick<Env, "DB">, row: CredentialRow): Promise<string | null> {
  if (!row.teamId) return null;
  const db = getDb(env);
  const [result] = await db
    .select({ projectTitle: publishedResults.projectTitle, teamName: publishedResults.teamName })
    .from(publishedResults)
    .where(and(eq(publishedResults.teamId, row.teamId), eq(publishedResults.editionId, row.editionId)))
    .limit(1);
  if (result) return result.projectTitle ?? result.teamName;
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, row.teamId)).limit(1);
  return team?.name ?? null;
}

function achievementType(achievement: AchievementDefinition): string {
  return achievement.kind === "award" || achievement.kind === "finalist" || achievement.kind === "recognition"
    ? "Award"
    : "Certification";
}

/** How a credential names an organization whose registration has no company name (never the case after checkout). */
const UNNAMED_ORGANIZATION = "A recognized organization";

/** The name of the organization (a Workforce registration) a tier credential is issued to. */
export async function organizationName(env: Pick<Env, "DB">, organizationId: string): Promise<string | null> {
  const [row] = await getDb(env)
    .select({ name: registrations.companyName })
    .from(registrations)
    .where(eq(registrations.id, organizationId))
    .limit(1);
  if (!row) return null;
  return row.name?.trim() || UNNAMED_ORGANIZATION;
}

/**
 * The subject of a tier credential (issue 54, ADR 028): the organization, not
 * a person. OB 3.0's AchievementSubject has no Profile of its own subject, so
 * the organization is its `id` (a urn:uuid, its Workforce registration's
 * UUID, the same in each tier it earns), its `name`, and an IdentityObject of
 * type "name", in plain text: an organization's name is public, not personal.
 */
async function organizationSubject(env: Env, organizationId: string, achievement: unknown) {
  const name = (await organizationName(env, organizationId)) ?? UNNAMED_ORGANIZATION;
  return {
    id: `urn:uuid:${organizationId}`,
    type: ["AchievementSubject"],
    name,
    identifier: [{ type: "IdentityObject", identityHash: name, identityType: "name", hashed: false }],
    achievement,
  };
}

/** The Achievement (OB 3.0) as embedded in credentials and served at its own id; its image a PNG (issue 31). */
export function achievementDocument(achievement: AchievementDefinition, editionId: string, origin: string) {
  return {
    id: `${origin}/credentials/achievements/${editionId}/${achievement.id}`,
    type: ["Achievement"],
    achievementType: achievementType(achievement),
    name: achievement.name,
    description: achievement.description,
    criteria: { narrative: achievement.criteria },
    image: { id: `${origin}${badgePng(achievement.image)}`, type: "Image" },
  };
}

/**
 * The credential as issued, before its proof: everything comes from the row,
 * the content and the configuration. `evidenceTitle` is the project's name as
 * its result is published, for a row signed in the same batch that publishes
 * it (app/results): the published row is not there yet to read it from.
 */
export async function unsignedCredential(
  env: Env,
  row: CredentialRow,
  origin: string,
  { evidenceTitle }: { evidenceTitle?: string | null } = {},
) {
  const achievement = achievementOf(row.editionId, row.achievement);
  if (!achievement) throw new Error(`unknown achievement ${row.achievement} for edition ${row.editionId}`);
  const { list, index } = statusPosition(row.seq);
  const statusListUrl = `${origin}${statusListPath(list)}`;
  const showcase = row.teamId ? await showcasePathForTeam(env, row.teamId) : null;
  const title =
    showcase && row.teamId ? (evidenceTitle !== undefined ? evidenceTitle : await projectTitle(env, row)) : null;
  const image = { id: `${origin}${badgePng(achievement.image)}`, type: "Image" };
  const organizationId = organizationOfHolder(row.userId);
  const achievementJson = achievementDocument(achievement, row.editionId, origin);
  return {
    "@context": [VC_V2_CONTEXT, OB_CONTEXT],
    id: `${origin}${credentialPath(row.id)}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: achievement.name,
    description: achievement.description,
    // The wallet's card shows the credential's own image when it has one.
    image,
    issuer: issuerProfile(env, origin),
    validFrom: dateTime(row.issuedAt),
    awardedDate: dateTime(row.earnedAt),
    credentialSubject: organizationId
      ? await organizationSubject(env, organizationId, achievementJson)
      : {
          type: ["AchievementSubject"],
          identifier: [
            {
              type: "IdentityObject",
              identityHash: await emailIdentityHash(row.recipientEmail, row.recipientSalt),
              identityType: "emailAddress",
              hashed: true,
              salt: row.recipientSalt,
            },
          ],
          achievement: achievementJson,
        },
    ...(showcase
      ? {
          evidence: [
            {
              id: `${origin}${showcase}`,
              type: ["Evidence"],
              name: title ?? "The project's showcase page",
              description: "The capstone project that earned this credential, on the Challenge's showcase.",
            },
          ],
        }
      : {}),
    credentialStatus: {
      id: `${statusListUrl}#${index}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(index),
      statusListCredential: statusListUrl,
    },
  };
}

/**
 * Signs a row's credential and checks the signature as an outside verifier
 * would (key and controller by URL, from the documents the site serves);
 * throws rather than answer a signature verifiers would refuse. Writes
 * nothing: the caller keeps it (`signAndKeep`, or an organizer action that
 * inserts the row already signed, app/results/publication.server.ts).
 */
export async function signedAndChecked(
  env: Env,
  row: CredentialRow,
  origin: string,
  now: Date,
  facts: { evidenceTitle?: string | null } = {},
) {
  const unsigned = await unsignedCredential(env, row, origin, facts);
  const signed = await signCredential(unsigned, await currentSigningKey(env, origin), dateTime(row.issuedAt));
  const proof = await checkProof(signed, await publishedDocuments(env, origin), now);
  if (proof.status !== "verified") {
    // Never keep a signature verifiers would refuse (issue 31): say why, loudly.
    throw new Error(`credential ${row.id} does not verify after signing: ${JSON.stringify(proof)}`);
  }
  return { signed, proof, signedJson: JSON.stringify(signed) };
}

/**
 * Signs a row's credential, checks the signature as an outside verifier would
 * (key and controller by URL, from the documents the site serves), and keeps
 * both in the row. Ed25519 is deterministic and every input is fixed, so two
 * callers racing sign the same bytes; the first write wins.
 */
export async function signAndKeep(env: Env, row: CredentialRow, origin: string, now: Date) {
  const { signed, proof, signedJson: json } = await signedAndChecked(env, row, origin, now);
  const at = now.toISOString();
  await getDb(env)
    .update(credentials)
    .set({ signedJson: json, signedAt: at, proofCheckedAt: at })
    .where(and(eq(credentials.seq, row.seq), isNull(credentials.signedJson)));
  log("info", "credentials.signed", { credentialId: row.id });
  return { signed, proof, signedJson: json };
}

/**
 * The signed credential of a row as kept in it.
 *
 * Everything the worker issues is signed when issued (issue.server.ts; the
 * import of completions, app/credentials/import.server.ts; the publication
 * of results, app/results/publication.server.ts). Two kinds of row are still
 * unsigned, so this branch stays (issue 33): rows `issueCredentials` writes
 * when it knows no origin to sign for (the daily job on a local run without
 * BASE_URL), and legacy rows the retired admin CLI wrote before issue 33,
 * which may remain in a production database until the outbox's five-minute
 * sweep has signed them (`signUnsignedCredentials`). Such a row is signed
 * for this answer only, and a GET writes nothing (issue 32). Ed25519 is
 * deterministic and every input is the row's, so each answer is the same
 * bytes, and the same the sweep then signs and keeps.
 */
export async function signedCredential(
  env: Env,
  row: CredentialRow,
  origin: string,
  now: Date,
): Promise<{ credential: Record<string, unknown>; proof: ProofCheck | null }> {
  if (row.signedJson) return { credential: JSON.parse(row.signedJson) as Record<string, unknown>, proof: null };
  const { signed, proof } = await signedAndChecked(env, row, origin, now);
  return { credential: signed, proof };
}

/** A credential row by its public id, with whether its holder may hold credentials (eligibility.ts). */
export async function credentialWithHolder(env: Pick<Env, "DB">, id: string) {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const [found] = await getDb(env)
    .select({ row: credentials, holderName: user.name, holderVerified: user.emailVerified })
    .from(credentials)
    .leftJoin(user, eq(user.id, credentials.userId))
    .where(eq(credentials.id, id))
    .limit(1);
  return found ?? null;
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice().buffer as ArrayBuffer]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An ISO instant without milliseconds, as XSD dateTimeStamp and every verifier reads it. */
function instant(value: string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The Bitstring Status List credential of list `list` (W3C Bitstring Status
 * List v1.0): bit i (most significant bit first) set when the credential at
 * that index is revoked. Null when no credential has a position in it (only
 * lists that exist are served). Its validFrom is the list's last change: the
 * latest revocation in it, or, before any, the first issuance; the same
 * facts sign to the same bytes, so the signed list is kept (migration 0017)
 * and signed again only when a revocation or the key changes it (issue 31).
 */
export async function statusListCredential(env: Env, list: number, origin: string) {
  if (!Number.isSafeInteger(list) || list < 1) return null;
  const db = getDb(env);
  const first = (list - 1) * STATUS_LIST_SIZE;
  const inList = and(gte(credentials.seq, first), lt(credentials.seq, first + STATUS_LIST_SIZE));
  const [[extent], revoked, [kept]] = await db.batch([
    db
      .select({ held: count(), firstIssued: min(credentials.issuedAt), lastRevoked: max(credentials.revokedAt) })
      .from(credentials)
      .where(inList),
    db
      .select({ seq: credentials.seq })
      .from(credentials)
      .where(and(inList, isNotNull(credentials.revokedAt)))
      .orderBy(credentials.seq),
    db.select().from(credentialStatusLists).where(eq(credentialStatusLists.list, list)).limit(1),
  ]);
  if (!extent || extent.held === 0 || !extent.firstIssued) return null;
  const lastChange = [extent.firstIssued, extent.lastRevoked]
    .filter((value): value is string => typeof value === "string")
    .map(instant)
    .sort()
    .at(-1)!;
  const key = await currentSigningKey(env, origin);
  const url = `${origin}${statusListPath(list)}`;
  const fingerprint = await sha256Hex(
    JSON.stringify({ url, key: key.published.id, validFrom: lastChange, revoked: revoked.map((r) => r.seq) }),
  );
  if (kept?.fingerprint === fingerprint) return JSON.parse(kept.signedJson) as Record<string, unknown>;

  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const { seq } of revoked) {
    const index = seq - first;
    bits[index >> 3]! |= 0x80 >> (index & 7);
  }
  const unsigned = {
    "@context": [VC_V2_CONTEXT],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuerId(origin),
    validFrom: lastChange,
    credentialSubject: {
      id: `${url}#list`,
      type: "BitstringStatusList",
      statusPurpose: "revocation",
      encodedList: `u${base64url(await gzip(bits))}`,
    },
  };
  const signed = await signCredential(unsigned, key, lastChange);
  const signedJson = JSON.stringify(signed);
  await db
    .insert(credentialStatusLists)
    .values({ list, fingerprint, signedJson, signedAt: new Date().toISOString() })
    .onConflictDoUpdate({
      target: credentialStatusLists.list,
      set: { fingerprint, signedJson, signedAt: new Date().toISOString() },
    });
  log("info", "credentials.status_list_signed", { list, revoked: revoked.length });
  return signed;
}

/** Whether our own credential at `seq` is revoked, straight from the records the status list is made of. */
export async function revocationOf(env: Pick<Env, "DB">, seq: number) {
  const [row] = await getDb(env)
    .select({
      id: credentials.id,
      userId: credentials.userId,
      isPublic: credentials.isPublic,
      revokedAt: credentials.revokedAt,
      revokedReason: credentials.revokedReason,
    })
    .from(credentials)
    .where(eq(credentials.seq, seq))
    .limit(1);
  return row ?? null;
}
