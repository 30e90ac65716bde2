/**
 * "Download my data" (issue 13): everything /account lists, with the personal
 * details each record holds, plus the account itself and its sessions. Bound
 * to the signed-in user's id like every /account query.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { site } from "~/content/site";
import { session, sponsorships, judgeAdvisorInterests } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { registrationRowsOf } from "./activity.server";
import type { SessionUser } from "~/accounts/session.server";
import { describeUserAgent } from "./user-agent";

export const EXPORT_FORMAT_VERSION = 1;

export async function accountExport(env: Pick<Env, "DB">, user: SessionUser, currentSessionId: string, now: Date) {
  const db = getDb(env);
  const [registrationRows, sponsorshipRows, interestRows, sessionRows] = await Promise.all([
    registrationRowsOf(env, user.id),
    db.select().from(sponsorships).where(eq(sponsorships.userId, user.id)).orderBy(desc(sponsorships.createdAt)),
    db
      .select()
      .from(judgeAdvisorInterests)
      .where(eq(judgeAdvisorInterests.userId, user.id))
      .orderBy(desc(judgeAdvisorInterests.createdAt)),
    getDb(env)
      .select()
      .from(session)
      .where(and(eq(session.userId, user.id), gt(session.expiresAt, now)))
      .orderBy(desc(session.updatedAt)),
  ]);
  return {
    format: EXPORT_FORMAT_VERSION,
    site: site.name,
    exportedAt: now.toISOString(),
    account: user,
    sessions: sessionRows.map((row) => ({
      device: describeUserAgent(row.userAgent),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === currentSessionId,
    })),
    registrations: registrationRows.map(({ row, organizationName, companyCode }) => ({
      id: row.id,
      registrationType: row.registrationType,
      plan: row.plan,
      pricingPhase: row.pricingPhase,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      companyName: row.companyName,
      title: row.title,
      employerWebsite: row.employerWebsite,
      employerCode: row.employerCode,
      organizationName,
      companyCode,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      refundedCents: row.refundedCents,
      refundedAt: row.refundedAt,
    })),
    sponsorships: sponsorshipRows.map((row) => ({
      id: row.id,
      tier: row.tier,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      firstName: row.firstName,
      lastName: row.lastName,
      title: row.title,
      companyName: row.companyName,
      companyUrl: row.companyUrl,
      email: row.email,
      phone: row.phone,
      createdAt: row.createdAt,
      paidAt: row.paidAt,
      refundedCents: row.refundedCents,
      refundedAt: row.refundedAt,
    })),
    judgeAdvisorInterests: interestRows.map(({ userId: _userId, ...row }) => row),
  };
}

export type AccountExport = Awaited<ReturnType<typeof accountExport>>;
