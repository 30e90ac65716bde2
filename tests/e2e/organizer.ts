import { createHash, randomBytes, randomUUID } from "node:crypto";
import { localSql } from "./local-d1";

/**
 * An organizer with an API token on an e2e server's own database (issue 32),
 * for specs about something else that need the organizer API (judging's
 * invitations): the account, its role and its token seeded as the desk
 * leaves them. tests/e2e/organize.spec.ts makes them through the pages.
 */
export function seedOrganizer(stateDir: string, role = "director"): { email: string; token: string } {
  const id = `e2e-organizer-${randomUUID().slice(0, 8)}`;
  const email = `${id}@example.com`;
  const token = `iac_org_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(token).digest("hex");
  localSql(
    stateDir,
    [
      `INSERT INTO "user" (id, name, email, email_verified, two_factor_enabled) VALUES ('${id}', '', '${email}', 1, 1)`,
      `INSERT INTO organizer_roles (user_id, role, granted_by, granted_at) VALUES ('${id}', '${role}', 'e2e', '2026-01-01T00:00:00.000Z')`,
      `INSERT INTO organizer_tokens (id, user_id, name, token_hash, created_at) VALUES ('${id}-token', '${id}', 'e2e', '${hash}', '2026-01-01T00:00:00.000Z')`,
    ].join(";\n"),
  );
  return { email, token };
}
