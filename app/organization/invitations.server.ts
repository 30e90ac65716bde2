/**
 * Inviting employees (issue 14): one e-mail per pasted address with the
 * company code and a link to /register that fills it in. All or nothing for
 * what the administrator must fix (an invalid address, a paste over the
 * limits: nothing is sent and the textarea keeps the paste); silently sensible
 * for the rest (duplicates, people already enrolled or already invited today
 * are skipped and counted in the answer).
 */
import type { Refusal } from "~/lib/refusal";
import { and, eq, sql } from "drizzle-orm";
import { mountainDateKey } from "~/clock/schedule";
import { invitationSummary, organizationLimits, organizationMessages } from "~/content/organization";
import { user, organizationEmployeeInvitations, registrations } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import { formatCompanyCode } from "~/payments/company-code";
import { liveCodeFor } from "~/payments/company-codes.server";
import { emailField } from "~/forms/fields";
import type { SessionUser } from "~/auth/session.server";
import type { Organization } from "./access.server";
import { invitationsSentToday } from "./dashboard.server";
import { commitOrganizationChange } from "./events.server";
import { employeeInvitation } from "./notification.server";

/** The addresses of a paste: separated by commas, semicolons, newlines or spaces; "<a@b.example>" unwrapped. */
export function splitAddresses(pasted: string): string[] {
  return pasted
    .split(/[\s,;]+/)
    .map((token) => token.replace(/^<(.*)>$/, "$1").trim())
    .filter(Boolean);
}

export type InviteResult = { ok: true; message: string; sent: number } | Refusal<400 | 409 | 429>;

/** Rows per multi-row insert: D1 binds at most 100 parameters per statement (5 per row here; a margin kept). */
const ROWS_PER_INSERT = 15;

export async function inviteEmployees(
  env: Pick<Env, "NOTIFICATIONS">,
  db: Db,
  organization: Organization,
  actor: SessionUser,
  pasted: string,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<InviteResult> {
  const m = organizationMessages;
  if (pasted.length > organizationLimits.pasteMaxCharacters)
    return { ok: false, message: m.invitationsTooLong, status: 400 };
  const tokens = splitAddresses(pasted);
  if (tokens.length === 0) return { ok: false, message: m.invitationsEmpty, status: 400 };
  if (tokens.length > organizationLimits.invitationsPerPaste) {
    return { ok: false, message: m.invitationsTooMany(tokens.length), status: 400 };
  }
  const invalid = tokens.filter((token) => !emailField().safeParse(token).success);
  if (invalid.length > 0) return { ok: false, message: m.invitationsInvalid([...new Set(invalid)]), status: 400 };

  const code = await liveCodeFor(db, organization.id);
  if (!code) return { ok: false, message: m.codeSuspended, status: 409 };

  const unique = [...new Set(tokens.map((token) => token.toLowerCase()))];
  const duplicates = tokens.length - unique.length;

  // Enrolled already: by the address typed on the form or the account's own.
  const enrolledRows = await db
    .select({ typed: sql<string>`lower(${registrations.email})`, account: sql<string | null>`lower(${user.email})` })
    .from(registrations)
    .leftJoin(user, eq(user.id, registrations.userId))
    .where(and(eq(registrations.organizationRegistrationId, organization.id), eq(registrations.status, "enrolled")));
  const enrolled = new Set(enrolledRows.flatMap((row) => [row.typed, row.account].filter((e): e is string => !!e)));

  const day = mountainDateKey(now);
  const todayRows = await db
    .select({ email: organizationEmployeeInvitations.email })
    .from(organizationEmployeeInvitations)
    .where(
      and(
        eq(organizationEmployeeInvitations.registrationId, organization.id),
        eq(organizationEmployeeInvitations.day, day),
      ),
    );
  const invitedToday = new Set(todayRows.map((row) => row.email));

  const enrolledSkipped = unique.filter((email) => enrolled.has(email));
  const invitedSkipped = unique.filter((email) => !enrolled.has(email) && invitedToday.has(email));
  const toSend = unique.filter((email) => !enrolled.has(email) && !invitedToday.has(email));

  const remaining = Math.max(
    0,
    organizationLimits.invitationsPerDay - (await invitationsSentToday(db, organization.id, now)),
  );
  if (toSend.length > remaining) {
    return { ok: false, message: m.invitationsOverDailyLimit(remaining, toSend.length), status: 429 };
  }

  const summary = {
    sent: toSend.length,
    enrolled: enrolledSkipped.length,
    duplicates,
    invitedToday: invitedSkipped.length,
  };
  if (toSend.length === 0) return { ok: true, message: invitationSummary(summary), sent: 0 };

  const at = now.toISOString();
  const registerUrl = `${origin}/register?tab=individual&code=${encodeURIComponent(formatCompanyCode(code))}`;
  const mails = toSend.map((recipient) =>
    outboxInsert(db, employeeInvitation, {
      recipient,
      now,
      payload: { organizationName: organization.name, code, registerUrl },
    }),
  );
  const rows = toSend.map((email) => ({
    registrationId: organization.id,
    email,
    day,
    invitedBy: actor.id,
    createdAt: at,
  }));
  const inserts = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    inserts.push(
      db
        .insert(organizationEmployeeInvitations)
        .values(rows.slice(start, start + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  await commitOrganizationChange(db, {
    organizationId: organization.id,
    actorUserId: actor.id,
    kind: "organization.employees-invited",
    payload: {
      sent: summary.sent,
      skippedEnrolled: summary.enrolled,
      duplicates,
      skippedInvitedToday: summary.invitedToday,
    },
    now,
    statements: [...inserts, ...mails.map((mail) => mail.statement)],
  });
  await enqueueNotifications(
    env,
    mails.map((mail) => mail.id),
    { requestId, kind: employeeInvitation.kind },
  );
  return { ok: true, message: invitationSummary(summary), sent: toSend.length };
}
