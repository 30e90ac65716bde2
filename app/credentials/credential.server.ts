/**
 * Our Open Badges 3.0 credentials (issue 26, ADR 016): built from a
 * credential row's unsigned facts, signed with CREDENTIAL_SIGNING_KEY the
 * first time they are served (and kept in the row), the issuer profile and
 * keys, and the Bitstring Status List that carries revocation.
 */
import { achievementOf, STATUS_LIST_SIZE, type AchievementDefinition } from "~/content/credentials";
import { isProduction } from "~/lib/config.server";
import { log } from "~/lib/log.server";
import { siteContact } from "~/lib/site-config.server";
import {
  MULTIKEY_CONTEXT,
  OB_CONTEXT,
  parseSigningKeySetting,
  signCredential,
  signingKeyFromSeed,
  VC_V2_CONTEXT,
  type PublishedKey,
  type SigningKey,
} from "./proof.server";
import { DEVELOPMENT_SIGNING_KEY, ISSUER_PATH, keyPath, retiredSigningKeys, statusListPath } from "./keys";

export interface CredentialRow {
  seq: number;
  id: string;
  edition_id: string;
  achievement: string;
  user_id: string;
  team_id: string | null;
  source: "import" | "deadline" | "results";
  earned_at: string;
  issued_at: string;
  recipient_email: string;
  recipient_salt: string;
  is_public: number;
  signed_json: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export const credentialPath = (id: string) => `/credentials/${id}`;
export const credentialJsonPath = (id: string) => `/credentials/${id}/credential.json`;

/** Where in which status list a credential's bit is: list 1 holds seq 0…size-1, and so on. */
export function statusPosition(seq: number): { list: number; index: number } {
  return { list: Math.floor(seq / STATUS_LIST_SIZE) + 1, index: seq % STATUS_LIST_SIZE };
}

export function issuerId(origin: string): string {
  return `${origin}${ISSUER_PATH}`;
}

const keyCache = new Map<string, Promise<SigningKey>>();

/**
 * The key that signs now. Development and tests fall back to the committed
 * development key; production never gets here without its own (the worker
 * refuses to start, app/lib/config.server.ts).
 */
export function currentSigningKey(env: Pick<Env, "CREDENTIAL_SIGNING_KEY" | "ENVIRONMENT">, origin: string) {
  const setting = env.CREDENTIAL_SIGNING_KEY?.trim() || (isProduction(env) ? "" : DEVELOPMENT_SIGNING_KEY);
  const parsed = parseSigningKeySetting(setting);
  if (!parsed) throw new Error("CREDENTIAL_SIGNING_KEY is missing or not `<key id>:<64 hex characters>`");
  const cacheKey = `${origin} ${setting}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = signingKeyFromSeed(parsed.seed, `${origin}${keyPath(parsed.keyId)}`, issuerId(origin));
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

/** The issuer Profile (OB 3.0), as embedded in credentials and served at /credentials/issuer with its keys. */
export function issuerProfile(env: Env, origin: string) {
  return {
    id: issuerId(origin),
    type: ["Profile"],
    name: siteContact(env).organizerLegalName,
    url: origin,
  };
}

export async function issuerDocument(env: Env, origin: string) {
  const keys = await publishedKeys(env, origin);
  return {
    "@context": [VC_V2_CONTEXT, OB_CONTEXT, MULTIKEY_CONTEXT],
    ...issuerProfile(env, origin),
    assertionMethod: keys.map((key) => key.id),
    verificationMethod: keys.map((key) => ({
      id: key.id,
      type: "Multikey",
      controller: key.controller,
      publicKeyMultibase: key.publicKeyMultibase,
    })),
  };
}

export async function keyDocument(env: Env, origin: string, keyId: string) {
  const wanted = `${origin}${keyPath(keyId)}`;
  const key = (await publishedKeys(env, origin)).find((candidate) => candidate.id === wanted);
  if (!key) return null;
  return {
    "@context": MULTIKEY_CONTEXT,
    id: key.id,
    type: "Multikey",
    controller: key.controller,
    publicKeyMultibase: key.publicKeyMultibase,
  };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** OB 3.0 IdentityHash of an e-mail: "sha256$" + hex SHA-256 of the lower-cased address followed by the salt. */
export async function emailIdentityHash(email: string, salt: string): Promise<string> {
  return `sha256$${await sha256Hex(`${email.trim().toLowerCase()}${salt}`)}`;
}

/** "2026-03-02" → "2026-03-02T00:00:00Z"; an instant stays as it is, without milliseconds. */
function dateTime(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00Z`;
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The public path of the project that earned a credential (its evidence):
 * the showcase page of the team's submission, by its slug (migration 0015).
 */
export async function showcasePathForTeam(db: D1Database, teamId: string): Promise<string | null> {
  // Only a project its team agreed to show has a page there (issue 25).
  const row = await db
    .prepare("SELECT slug FROM submissions WHERE team_id = ? AND status = 'submitted' AND public_consent = 1")
    .bind(teamId)
    .first<{ slug: string | null }>();
  return row?.slug ? `/showcase/${encodeURIComponent(row.slug)}` : null;
}

async function projectTitle(db: D1Database, row: CredentialRow): Promise<string | null> {
  if (!row.team_id) return null;
  const result = await db
    .prepare("SELECT project_title, team_name FROM published_results WHERE team_id = ? AND edition_id = ? LIMIT 1")
    .bind(row.team_id, row.edition_id)
    .first<{ project_title: string | null; team_name: string }>();
  if (result) return result.project_title ?? result.team_name;
  const team = await db
    .prepare("SELECT name FROM teams WHERE id = ?")
    .bind(row.team_id)
    .first<{ name: string | null }>();
  return team?.name ?? null;
}

function achievementType(achievement: AchievementDefinition): string {
  return achievement.kind === "award" || achievement.kind === "finalist" ? "Award" : "Certification";
}

/** The Achievement (OB 3.0) as embedded in credentials and served at its own id. */
export function achievementDocument(achievement: AchievementDefinition, editionId: string, origin: string) {
  return {
    id: `${origin}/credentials/achievements/${editionId}/${achievement.id}`,
    type: ["Achievement"],
    achievementType: achievementType(achievement),
    name: achievement.name,
    description: achievement.description,
    criteria: { narrative: achievement.criteria },
    image: { id: `${origin}${achievement.image}`, type: "Image" },
  };
}

/** The credential as issued, before its proof: everything comes from the row, the content and the configuration. */
export async function unsignedCredential(env: Env, db: D1Database, row: CredentialRow, origin: string) {
  const achievement = achievementOf(row.edition_id, row.achievement);
  if (!achievement) throw new Error(`unknown achievement ${row.achievement} for edition ${row.edition_id}`);
  const { list, index } = statusPosition(row.seq);
  const statusListUrl = `${origin}${statusListPath(list)}`;
  const showcase = row.team_id ? await showcasePathForTeam(db, row.team_id) : null;
  const title = showcase && row.team_id ? await projectTitle(db, row) : null;
  return {
    "@context": [VC_V2_CONTEXT, OB_CONTEXT],
    id: `${origin}${credentialPath(row.id)}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: achievement.name,
    description: achievement.description,
    issuer: issuerProfile(env, origin),
    validFrom: dateTime(row.issued_at),
    awardedDate: dateTime(row.earned_at),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [
        {
          type: "IdentityObject",
          identityHash: await emailIdentityHash(row.recipient_email, row.recipient_salt),
          identityType: "emailAddress",
          hashed: true,
          salt: row.recipient_salt,
        },
      ],
      achievement: achievementDocument(achievement, row.edition_id, origin),
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
 * The signed credential: the one kept in the row, or signed now from the
 * row's facts (deterministic) and kept. Two requests racing both sign the
 * same bytes; the first write wins.
 */
export async function signedCredential(env: Env, row: CredentialRow, origin: string): Promise<Record<string, unknown>> {
  if (row.signed_json) return JSON.parse(row.signed_json) as Record<string, unknown>;
  const unsigned = await unsignedCredential(env, env.DB, row, origin);
  const signed = await signCredential(unsigned, await currentSigningKey(env, origin), dateTime(row.issued_at));
  const json = JSON.stringify(signed);
  await env.DB.prepare("UPDATE credentials SET signed_json = ?, signed_at = ? WHERE seq = ? AND signed_json IS NULL")
    .bind(json, new Date().toISOString(), row.seq)
    .run();
  log("info", "credentials.signed", { credentialId: row.id });
  return signed;
}

export async function credentialRow(db: D1Database, id: string): Promise<CredentialRow | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  return db.prepare("SELECT * FROM credentials WHERE id = ?").bind(id).first<CredentialRow>();
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes.slice().buffer as ArrayBuffer]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The Bitstring Status List credential of list `list` (W3C Bitstring Status
 * List v1.0): bit i (most significant bit first) set when the credential at
 * that index is revoked. Signed like the credentials, valid from `now`.
 */
export async function statusListCredential(env: Env, list: number, origin: string, now: Date) {
  const first = (list - 1) * STATUS_LIST_SIZE;
  const revoked = await env.DB.prepare(
    "SELECT seq FROM credentials WHERE revoked_at IS NOT NULL AND seq >= ? AND seq < ?",
  )
    .bind(first, first + STATUS_LIST_SIZE)
    .all<{ seq: number }>();
  const bits = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const { seq } of revoked.results) {
    const index = seq - first;
    bits[index >> 3]! |= 0x80 >> (index & 7);
  }
  const url = `${origin}${statusListPath(list)}`;
  const validFrom = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  const unsigned = {
    "@context": [VC_V2_CONTEXT],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuerId(origin),
    validFrom,
    credentialSubject: {
      id: `${url}#list`,
      type: "BitstringStatusList",
      statusPurpose: "revocation",
      encodedList: `u${base64url(await gzip(bits))}`,
    },
  };
  return signCredential(unsigned, await currentSigningKey(env, origin), validFrom);
}

/** Whether our own credential at `seq` is revoked, straight from the records the status list is made of. */
export async function revocationOf(db: D1Database, seq: number) {
  return db
    .prepare("SELECT revoked_at, revoked_reason FROM credentials WHERE seq = ?")
    .bind(seq)
    .first<{ revoked_at: string | null; revoked_reason: string | null }>();
}
