/**
 * The one invitation primitive (issue 32) behind the site's three invitation
 * flows: a team's member (app/portal/team.server.ts), an organization's
 * co-administrator (app/organization/admins.server.ts) and a judge
 * (app/judging/invitation.server.ts). Each is a row with the invited
 * address, the SHA-256 of a single-use link token (./link-token.server.ts),
 * an expiry, and the instant it was used or revoked (a team's may also be
 * declined). What is shared lives here: the token and expiry of a new
 * invitation, "unused" and "open" as SQL, finding a link's invitation, and
 * whether an account may take it (the invited address, verified). What
 * accepting does, and what each refusal says, is the handler's, in its
 * concern's folder.
 */
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { isLinkToken, newLinkToken, tokenHash } from "./link-token.server";

/** The columns an invitation table has (the migrations name them alike in each). */
export interface InvitationTable {
  tokenHash: SQLiteColumn;
  expiresAt: SQLiteColumn;
  acceptedAt: SQLiteColumn;
  revokedAt: SQLiteColumn;
  /** Only where the invited person may say no (a team's). */
  declinedAt?: SQLiteColumn;
}

const DAY_MS = 86_400_000;

/** A new invitation's link token (for the e-mail only), what the table stores of it, and when it expires. */
export async function newInvitation(now: Date, validDays: number) {
  const token = newLinkToken();
  return { token, tokenHash: await tokenHash(token), expiresAt: new Date(now.getTime() + validDays * DAY_MS) };
}

/** Not accepted, revoked or declined: an organizer may still revoke it. */
export function isUnusedInvitation(table: InvitationTable): SQL {
  return and(
    isNull(table.acceptedAt),
    isNull(table.revokedAt),
    ...(table.declinedAt ? [isNull(table.declinedAt)] : []),
  ) as SQL;
}

/** Unused and not yet expired: its link still works. */
export function isOpenInvitation(table: InvitationTable, now: Date): SQL {
  return and(isUnusedInvitation(table), gt(table.expiresAt, now.toISOString())) as SQL;
}

/** The condition that finds a link's invitation, or null for anything that is not a link token (not worth a query). */
export async function invitationOfToken(table: InvitationTable, token: unknown): Promise<SQL | null> {
  return isLinkToken(token) ? eq(table.tokenHash, await tokenHash(token)) : null;
}

/** Why a row a link found cannot be taken now, or null when it is open. */
export type InvitationState = "revoked" | "used" | "declined" | "expired" | null;

export function invitationState(
  row: { expiresAt: string; acceptedAt: string | null; revokedAt: string | null; declinedAt?: string | null },
  now: Date,
): InvitationState {
  if (row.revokedAt) return "revoked";
  if (row.acceptedAt) return "used";
  if (row.declinedAt) return "declined";
  if (row.expiresAt <= now.toISOString()) return "expired";
  return null;
}

/**
 * Whether this account may take an invitation sent to `invitedEmail`: only
 * the invited address's account, once that address is verified (an address
 * anyone could type is no proof).
 */
export function accountRefusal(
  invitedEmail: string,
  account: { email: string; emailVerified: boolean },
): "other-account" | "unverified" | null {
  if (invitedEmail !== account.email.toLowerCase()) return "other-account";
  if (!account.emailVerified) return "unverified";
  return null;
}
