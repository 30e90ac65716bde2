/**
 * What /credentials/:id and its JSON show (issue 26, issue 31): who earned
 * what and when, under the holder's chosen name (an organization's tier
 * credential, issue 54: the organization's name), the criteria, and the
 * verification result. Null (a 404) for an unknown id, a deleted or
 * unverified holder's credential, or a private credential seen by anyone but
 * its holder.
 */
import { achievementOf, ANONYMOUS_HOLDER, organizationOfHolder } from "~/content/credentials";
import { siteContact } from "~/lib/site-config.server";
import {
  showcasePathForTeam,
  credentialJsonPath,
  credentialPath,
  credentialWithHolder,
  issuerId,
  organizationName,
  signedCredential,
  type CredentialRow,
} from "./credential.server";
import { holderRefusal } from "./eligibility";
import { proofVerificationMethod, type ProofCheck } from "./proof.server";
import { verifyCredential } from "./verify.server";

/**
 * LinkedIn's "Add to profile" link for a certification (its documented query
 * parameters): the month it was earned, and the organizers' company page when
 * LINKEDIN_ORGANIZATION_ID names it, else their name as text.
 */
export function linkedInAddUrl(
  env: Pick<Env, "LINKEDIN_ORGANIZATION_ID"> & Parameters<typeof siteContact>[0],
  input: { name: string; earnedAt: string; url: string; id: string },
): string {
  const earned = new Date(input.earnedAt.length === 10 ? `${input.earnedAt}T12:00:00Z` : input.earnedAt);
  const organizationId = env.LINKEDIN_ORGANIZATION_ID?.trim();
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: input.name,
    ...(organizationId && /^\d+$/.test(organizationId)
      ? { organizationId }
      : { organizationName: siteContact(env).organizerLegalName }),
    issueYear: String(earned.getUTCFullYear()),
    issueMonth: String(earned.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** Whether LinkedIn is offered: never for a revoked or private credential, nor an organization's (a person's profile lists their own). */
export function offersLinkedIn(row: Pick<CredentialRow, "revokedAt" | "isPublic" | "userId">): boolean {
  return row.revokedAt === null && row.isPublic && organizationOfHolder(row.userId) === null;
}

/**
 * A credential the viewer may see: it exists, its holder's account exists and
 * is verified (eligibility.ts), and it is public or the viewer holds it.
 */
export async function visibleCredential(env: Env, id: string, viewerId: string | null) {
  const found = await credentialWithHolder(env, id);
  if (!found) return null;
  // An organization's tier credential (ADR 028): public while the organization's registration exists.
  const organizationId = organizationOfHolder(found.row.userId);
  if (organizationId) {
    const name = await organizationName(env, organizationId);
    return name === null ? null : { row: found.row, holderName: name, isHolder: false };
  }
  if (found.row.userId.startsWith("deleted:") || found.holderVerified === null) return null;
  if (holderRefusal({ emailVerified: found.holderVerified })) return null;
  const isHolder = viewerId === found.row.userId;
  if (!found.row.isPublic && !isHolder) return null;
  return { row: found.row, holderName: found.holderName ?? "", isHolder };
}

/**
 * The proof check kept with our signature (issue 34): our verifier confirmed
 * it when it was signed, so a page need not verify it again. Only for the
 * origin it was signed for; anything else is checked in full.
 */
function keptProof(row: CredentialRow, credential: Record<string, unknown>, origin: string): ProofCheck | null {
  const issuer = credential.issuer as { id?: unknown } | undefined;
  const method = proofVerificationMethod(credential);
  if (!row.proofCheckedAt || !method || issuer?.id !== issuerId(origin)) return null;
  return { status: "verified", verificationMethod: method, controller: issuerId(origin) };
}

export async function credentialPageView(env: Env, id: string, viewerId: string | null, origin: string, now: Date) {
  const visible = await visibleCredential(env, id, viewerId);
  if (!visible) return null;
  const { row, isHolder } = visible;
  const achievement = achievementOf(row.editionId, row.achievement);
  if (!achievement) return null;
  // The name the holder chose to display (/account); never their enrollment name unasked.
  const holderName = visible.holderName.trim() || ANONYMOUS_HOLDER;
  const { credential, proof } = await signedCredential(env, row, origin, now);
  const report = await verifyCredential(env, credential, origin, now, proof ?? keptProof(row, credential, origin));
  const url = `${origin}${credentialPath(row.id)}`;
  const signedEvidence = Array.isArray(credential.evidence)
    ? (credential.evidence as { id?: string; name?: string }[])
    : [];
  // The signature keeps what was signed; the page names the project only while it is not hidden (issue 50).
  const evidence =
    signedEvidence.length > 0 && row.teamId && (await showcasePathForTeam(env, row.teamId)) ? signedEvidence : [];
  return {
    id: row.id,
    isHolder,
    isPublic: row.isPublic,
    holderName,
    achievement: {
      name: achievement.name,
      description: achievement.description,
      criteria: achievement.criteria,
      image: achievement.image,
      kind: achievement.kind,
    },
    editionId: row.editionId,
    earnedAt: row.earnedAt,
    issuedAt: row.issuedAt,
    issuerName: siteContact(env).organizerLegalName,
    evidence: evidence.flatMap((item) => (item.id ? [{ url: item.id, name: item.name ?? item.id }] : [])),
    revokedReason: row.revokedAt ? (row.revokedReason ?? "") : null,
    report,
    jsonPath: credentialJsonPath(row.id),
    url,
    linkedIn: offersLinkedIn(row)
      ? linkedInAddUrl(env, { name: achievement.name, earnedAt: row.earnedAt, url, id: row.id })
      : null,
  };
}

export type CredentialPageView = NonNullable<Awaited<ReturnType<typeof credentialPageView>>>;
