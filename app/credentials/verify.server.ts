/**
 * Verifying a credential on the server (issue 26; issue 31: a verifier that
 * says what it verified). The answer is exactly one outcome
 * (app/content/credentials.ts `verificationOutcomes`), what the credential
 * claims, and how each part was checked:
 *
 * - the signature is checked with the key resolved by URL (ours, as served)
 *   or from a `did:key`; nothing is fetched;
 * - only a credential whose signature holds with a key this site publishes
 *   is "issued by the Idaho AI Challenge"; a valid signature by any other key
 *   is "not issued by the Idaho AI Challenge", whatever names it carries;
 * - our revocation records are read only for those credentials, never for
 *   unsigned or foreign JSON (a status position would otherwise reveal who
 *   was revoked and why);
 * - a key or context that cannot be had offline is "could not be fully
 *   verified here", never "invalid".
 */
import {
  ANONYMOUS_HOLDER,
  organizationOfHolder,
  STATUS_LIST_SIZE,
  verificationOutcomes,
  type VerificationOutcome,
} from "~/content/credentials";
import { getDb } from "~/db/client.server";
import { user } from "~/db/schema";
import { eq } from "drizzle-orm";
import { checkProof, type ProofCheck } from "./proof.server";
import { issuerId, organizationName, publishedDocuments, publishedKeys, revocationOf } from "./credential.server";
import { statusListPath } from "./keys";

/** What a credential says about itself, for display only (never trusted for anything). */
export interface CredentialClaims {
  name: string | null;
  achievement: string | null;
  issuerName: string | null;
  issuerId: string | null;
  /** The holder's display name: the one they chose on /account for ours, the credential's own for others. */
  subjectName: string | null;
  awardedDate: string | null;
  validFrom: string | null;
  validUntil: string | null;
}

export interface VerificationReport {
  outcome: VerificationOutcome;
  /** The outcome in one sentence. */
  summary: string;
  /** Why, in a sentence or two. */
  explanation: string;
  claims: CredentialClaims;
  /** How each part was checked, in words; a part not checked says so. */
  findings: { signature: string; issuer: string; status: string; dates: string };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** A claimed text, trimmed to a length a page can show. */
function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  return trimmed.length > 200 ? `${trimmed.slice(0, 199)}…` : trimmed;
}

function claimsOf(credential: Json): CredentialClaims {
  const issuer = credential.issuer;
  const subject = asArray(credential.credentialSubject).find(isObject);
  const achievement = subject && isObject(subject.achievement) ? subject.achievement : null;
  return {
    name: text(credential.name),
    achievement: achievement ? text(achievement.name) : null,
    issuerName: isObject(issuer) ? text(issuer.name) : null,
    issuerId: typeof issuer === "string" ? text(issuer) : isObject(issuer) ? text(issuer.id) : null,
    subjectName: subject ? text(subject.name) : null,
    awardedDate: text(credential.awardedDate),
    validFrom: text(credential.validFrom),
    validUntil: text(credential.validUntil),
  };
}

const NOT_CHECKED = "Not checked: the signature did not establish who issued it.";

function report(
  outcome: VerificationOutcome,
  explanation: string,
  claims: CredentialClaims,
  findings: Partial<VerificationReport["findings"]> & Pick<VerificationReport["findings"], "signature">,
): VerificationReport {
  return {
    outcome,
    summary: verificationOutcomes[outcome].summary,
    explanation,
    claims,
    findings: { issuer: NOT_CHECKED, status: NOT_CHECKED, dates: NOT_CHECKED, ...findings },
  };
}

/** Our dates: "expired" when its validUntil has passed or its validFrom is still ahead; null when it is valid now. */
function datesProblem(claims: CredentialClaims, now: Date): string | null {
  const from = claims.validFrom ? new Date(claims.validFrom) : null;
  const until = claims.validUntil ? new Date(claims.validUntil) : null;
  if (!from || Number.isNaN(from.getTime())) return "It has no valid validFrom date.";
  if (from.getTime() > now.getTime()) return `It is not valid before ${from.toISOString()}.`;
  if (until && !Number.isNaN(until.getTime()) && until.getTime() <= now.getTime()) {
    return `It expired on ${until.toISOString()}.`;
  }
  return null;
}

/** Our own status records for one of our credentials (its signature holds): revoked, valid, or unknown here. */
async function ourStatus(env: Env, credential: Json, origin: string) {
  const prefix = `${origin}${statusListPath(0).replace(/0$/, "")}`;
  const entry = asArray(credential.credentialStatus).find(isObject);
  const list = entry && typeof entry.statusListCredential === "string" ? entry.statusListCredential : "";
  const listNumber = Number(list.slice(prefix.length));
  const index = Number(entry?.statusListIndex);
  if (
    !entry ||
    entry.statusPurpose !== "revocation" ||
    !list.startsWith(prefix) ||
    !Number.isInteger(listNumber) ||
    listNumber < 1 ||
    !Number.isInteger(index) ||
    index < 0 ||
    index >= STATUS_LIST_SIZE
  ) {
    return { state: "unknown" as const };
  }
  const record = await revocationOf(env, (listNumber - 1) * STATUS_LIST_SIZE + index);
  if (!record || !String(credential.id).endsWith(`/${record.id}`)) return { state: "unknown" as const };
  const holder = { userId: record.userId, isPublic: record.isPublic };
  return record.revokedAt
    ? { state: "revoked" as const, at: record.revokedAt, reason: record.revokedReason, holder }
    : { state: "valid" as const, holder };
}

/**
 * The name the holder of one of our credentials chose to display (/account),
 * never their enrollment name; none on a credential they made private; an
 * organization's registered name.
 */
async function holderDisplayName(env: Env, holder: { userId: string; isPublic: boolean }): Promise<string | null> {
  if (holder.userId.startsWith("deleted:")) return null;
  // An organization's tier credential (ADR 028): its name as registered.
  const organizationId = organizationOfHolder(holder.userId);
  if (organizationId) return organizationName(env, organizationId);
  if (!holder.isPublic) return ANONYMOUS_HOLDER;
  const [found] = await getDb(env).select({ name: user.name }).from(user).where(eq(user.id, holder.userId)).limit(1);
  if (!found) return null;
  return found.name.trim() || ANONYMOUS_HOLDER;
}

/**
 * Verifies a parsed credential now. `cachedProof` is the proof check kept
 * with one of our signatures (a credential's page, issue 34): revocation and
 * dates are still read now.
 */
export async function verifyCredential(
  env: Env,
  credential: unknown,
  origin: string,
  now: Date,
  cachedProof?: ProofCheck | null,
): Promise<VerificationReport> {
  const empty = claimsOf({});
  if (!isObject(credential)) {
    return report("invalid", "This is not a credential: a credential is one JSON object.", empty, {
      signature: "Not checked: there is no credential to check.",
    });
  }
  const claims = claimsOf(credential);
  if (!asArray(credential.type).includes("VerifiableCredential")) {
    return report("invalid", "It is not a Verifiable Credential: its type lacks VerifiableCredential.", claims, {
      signature: "Not checked: it is not a Verifiable Credential.",
    });
  }
  const proof = cachedProof ?? (await checkProof(credential, await publishedDocuments(env, origin), now));
  if (proof.status === "invalid") {
    return report(
      "invalid",
      "Its signature does not match its contents: it was changed after it was signed, or was never signed.",
      claims,
      { signature: `Does not verify: ${proof.message}` },
    );
  }
  if (proof.status === "unresolvable") {
    return report(
      "unverifiable",
      "It needs a key or a JSON-LD context this site does not hold, and this site fetches nothing while verifying: check it with its issuer's own verifier.",
      claims,
      { signature: `Not checked: ${proof.message}` },
    );
  }
  const ourKeys = new Set((await publishedKeys(env, origin)).map((key) => key.id));
  if (!ourKeys.has(proof.verificationMethod)) {
    const claimed = claims.issuerName ? `It claims to come from ${claims.issuerName}, but the` : "The";
    return report(
      "not-ours",
      `${claimed} key that signed it (${proof.verificationMethod}) is not one of the Idaho AI Challenge's. Nothing it says was vouched for by the Challenge.`,
      claims,
      {
        signature:
          proof.status === "verified"
            ? `Matches its contents, for the key ${proof.verificationMethod}, which this site does not know.`
            : `Matches its contents, for the key ${proof.verificationMethod}; but that key does not belong to the issuer it names (${claims.issuerId ?? "none"}).`,
        issuer: `Not the Idaho AI Challenge: this site's keys are listed at ${issuerId(origin)}.`,
        status: "Not checked: only credentials this site issued are looked up in its records.",
      },
    );
  }
  if (proof.status !== "verified" || proof.controller !== issuerId(origin)) {
    return report("invalid", "It is signed with this site's key but does not name this site as its issuer.", claims, {
      signature: "Matches its contents, but its issuer is not the key's controller.",
    });
  }

  const signature = "Matches its contents, byte for byte (eddsa-rdfc-2022), for a key this site publishes.";
  const issuer = `The Idaho AI Challenge (${issuerId(origin)}), whose published key signed it.`;
  const status = await ourStatus(env, credential, origin);
  const withHolder = {
    ...claims,
    subjectName: status.state === "unknown" ? claims.subjectName : await holderDisplayName(env, status.holder),
  };
  if (status.state === "unknown") {
    return report("unverifiable", "This site has no record of its revocation status.", withHolder, {
      signature,
      issuer,
      status: "Not found in this site's status records.",
    });
  }
  const dates = datesProblem(claims, now);
  const datesFinding =
    dates ??
    (claims.validUntil
      ? `Valid from ${claims.validFrom} until ${claims.validUntil}.`
      : `Valid since ${claims.validFrom}; it does not expire.`);
  if (status.state === "revoked") {
    const reason = status.reason ? `: ${status.reason}` : ".";
    return report("revoked", `The organizers revoked it on ${status.at.slice(0, 10)}${reason}`, withHolder, {
      signature,
      issuer,
      status: `Revoked on ${status.at.slice(0, 10)}${reason}`,
      dates: datesFinding,
    });
  }
  if (dates) {
    return report("expired", dates, withHolder, {
      signature,
      issuer,
      status: "Not revoked.",
      dates,
    });
  }
  return report(
    "valid",
    "Its signature holds, the Challenge issued it, it is not revoked and it is in date.",
    withHolder,
    {
      signature,
      issuer,
      status: "Not revoked: checked against this site's records just now.",
      dates: datesFinding,
    },
  );
}

/** Parses pasted or uploaded text; null with a reason when it is not JSON. */
export function parseCredentialText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, message: "That is not JSON. Paste the whole credential file, from { to }." };
  }
}
