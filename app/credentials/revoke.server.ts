/**
 * Revoking a credential (issue 26, issue 33): one-way for its holder. From
 * the moment it is written, the credential's page and /verify say it is
 * revoked, with the reason, and its status list sets its bit (all three read
 * `revoked_at` from the row on every request: credential.server.ts). Who
 * revoked it is recorded in the row (`revoked_by`, migration 0021) and in the
 * audit log; a credential already revoked is refused, so the first reason
 * stands.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { achievementOf, credentialDeskMessages } from "~/content/credentials";
import { credentials } from "~/db/schema";
import { actorLabel, defineOrganizerAction } from "~/organize/action.server";
import { RevokeCredentialSchema } from "./schema";

export const revokeCredential = defineOrganizerAction({
  id: "credentials.revoke",
  permission: "revoke:credential",
  input: RevokeCredentialSchema,
  async run({ credentialId, reason }, ctx) {
    const { db, now } = ctx;
    const [row] = await db
      .select({
        id: credentials.id,
        editionId: credentials.editionId,
        achievement: credentials.achievement,
        email: credentials.recipientEmail,
        revokedAt: credentials.revokedAt,
      })
      .from(credentials)
      .where(eq(credentials.id, credentialId))
      .limit(1);
    if (!row)
      return { ok: false, status: 404, message: credentialDeskMessages.noSuchCredential, field: "credentialId" };
    if (row.revokedAt) return { ok: false, status: 409, message: credentialDeskMessages.alreadyRevoked };
    const at = now.toISOString();
    const by = actorLabel(ctx.actor);
    const achievement = achievementOf(row.editionId, row.achievement)?.name ?? row.achievement;
    return {
      ok: true,
      statements: [
        db
          .update(credentials)
          .set({ revokedAt: at, revokedReason: reason, revokedBy: by })
          .where(and(eq(credentials.id, row.id), isNull(credentials.revokedAt))),
      ],
      holds: sql`EXISTS (SELECT 1 FROM credentials WHERE id = ${row.id} AND revoked_at = ${at} AND revoked_by = ${by})`,
      audit: {
        summary: `Revoked ${achievement} of ${row.email}`,
        targets: { credentialId: row.id, email: row.email, achievement: row.achievement, edition: row.editionId },
        before: { revoked: false },
        after: { revoked: true },
        reason,
      },
      message: credentialDeskMessages.revoked(achievement, row.email),
      result: { credentialId: row.id, revokedAt: at },
    };
  },
});
