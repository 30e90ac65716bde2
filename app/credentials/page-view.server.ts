/**
 * What /credentials/:id shows (issue 26): who earned what and when, under
 * the holder's chosen name, the criteria, and the result of verifying the
 * signed credential now. Null (a 404) for an unknown id, or for a private
 * credential seen by anyone but its holder.
 */
import { achievementOf, ANONYMOUS_HOLDER } from "~/content/credentials";
import { siteContact } from "~/lib/site-config.server";
import { credentialJsonPath, credentialPath, credentialRow, signedCredential } from "./credential.server";
import { verifyCredential } from "./verify.server";

/** LinkedIn's "Add to profile" link for a certification (its documented query parameters). */
export function linkedInAddUrl(input: {
  name: string;
  organizationName: string;
  issuedAt: string;
  url: string;
  id: string;
}): string {
  const issued = new Date(input.issuedAt);
  const params = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: input.name,
    organizationName: input.organizationName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: input.url,
    certId: input.id,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

export async function credentialPageView(env: Env, id: string, viewerId: string | null, origin: string, now: Date) {
  const row = await credentialRow(env.DB, id);
  if (!row || row.user_id.startsWith("deleted:")) return null;
  const isHolder = viewerId === row.user_id;
  if (!row.is_public && !isHolder) return null;
  const achievement = achievementOf(row.edition_id, row.achievement);
  if (!achievement) return null;
  // The name the holder chose to display (/account); never their enrollment name unasked.
  const holder = await env.DB.prepare('SELECT name FROM "user" WHERE id = ?')
    .bind(row.user_id)
    .first<{ name: string }>();
  if (!holder) return null;
  const holderName = holder.name.trim() || ANONYMOUS_HOLDER;
  const credential = await signedCredential(env, row, origin);
  const report = await verifyCredential(env, credential, origin, now);
  const issuerName = siteContact(env).organizerLegalName;
  const url = `${origin}${credentialPath(row.id)}`;
  const evidence = Array.isArray(credential.evidence) ? (credential.evidence as { id?: string; name?: string }[]) : [];
  return {
    id: row.id,
    isHolder,
    isPublic: Boolean(row.is_public),
    holderName,
    achievement: {
      name: achievement.name,
      description: achievement.description,
      criteria: achievement.criteria,
      image: achievement.image,
      kind: achievement.kind,
    },
    editionId: row.edition_id,
    earnedAt: row.earned_at,
    issuedAt: row.issued_at,
    issuerName,
    evidence: evidence.flatMap((item) => (item.id ? [{ url: item.id, name: item.name ?? item.id }] : [])),
    revokedReason: row.revoked_at ? (row.revoked_reason ?? "") : null,
    report,
    jsonPath: credentialJsonPath(row.id),
    url,
    linkedIn: linkedInAddUrl({
      name: achievement.name,
      organizationName: issuerName,
      issuedAt: row.issued_at,
      url,
      id: row.id,
    }),
  };
}

export type CredentialPageView = NonNullable<Awaited<ReturnType<typeof credentialPageView>>>;
