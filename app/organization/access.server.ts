/**
 * Who may see and change an organization (issue 14). An organization is a
 * paid Workforce registration; it is managed by the account that bought it
 * (its owner, registrations.user_id) and the co-administrators it added
 * (organization_admins). Everyone else is told nothing: 404, as for a page
 * that does not exist. Every loader and action of the dashboard starts here.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { createContext, data, type MiddlewareFunction } from "react-router";
import { signedInContext } from "~/context";
import { getDb, type Db } from "~/db/client.server";
import { organizationAdmins, registrations } from "~/db/schema";
import { paidWorkforce } from "./paid-workforce.server";

export type OrganizationRole = "owner" | "admin";

export interface Organization {
  /** The Workforce registration's id: the dashboard's URL, never the code. */
  id: string;
  name: string;
  ownerUserId: string;
  paidAt: string | null;
  /** The edition the package was bought for: its code enrolls employees into that edition only (issue 23). */
  editionId: string;
  /** The signed-in account's role. */
  role: OrganizationRole;
}

/** Registration ids are UUIDs; anything else is not worth a query. */
const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The organization `registrationId` if `userId` manages it, else null. */
export async function organizationFor(db: Db, registrationId: string, userId: string): Promise<Organization | null> {
  if (!ID_PATTERN.test(registrationId)) return null;
  const [row] = await db
    .select({
      id: registrations.id,
      companyName: registrations.companyName,
      userId: registrations.userId,
      paidAt: registrations.paidAt,
      editionId: registrations.editionId,
    })
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), paidWorkforce))
    .limit(1);
  if (!row) return null;
  const base = {
    id: row.id,
    name: row.companyName ?? "Your organization",
    ownerUserId: row.userId,
    paidAt: row.paidAt,
    editionId: row.editionId,
  };
  if (row.userId === userId) return { ...base, role: "owner" };
  const [admin] = await db
    .select({ userId: organizationAdmins.userId })
    .from(organizationAdmins)
    .where(and(eq(organizationAdmins.registrationId, registrationId), eq(organizationAdmins.userId, userId)))
    .limit(1);
  return admin ? { ...base, role: "admin" } : null;
}

/** Every organization `userId` manages, oldest first. */
export async function organizationsOf(db: Db, userId: string): Promise<Organization[]> {
  const rows = await db
    .select({
      id: registrations.id,
      companyName: registrations.companyName,
      userId: registrations.userId,
      paidAt: registrations.paidAt,
      editionId: registrations.editionId,
    })
    .from(registrations)
    .where(
      and(
        paidWorkforce,
        or(
          eq(registrations.userId, userId),
          inArray(
            registrations.id,
            db
              .select({ id: organizationAdmins.registrationId })
              .from(organizationAdmins)
              .where(eq(organizationAdmins.userId, userId)),
          ),
        ),
      ),
    )
    .orderBy(asc(registrations.paidAt), asc(registrations.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.companyName ?? "Your organization",
    ownerUserId: row.userId,
    paidAt: row.paidAt,
    editionId: row.editionId,
    role: row.userId === userId ? "owner" : "admin",
  }));
}

/** For the site header: does this account manage any organization? One indexed query. */
export async function managesAnOrganization(env: Pick<Env, "DB">, userId: string): Promise<boolean> {
  return (await organizationsOf(getDb(env), userId)).length > 0;
}

/** The organization of the URL with the signed-in account's role, set by `organizationMiddleware`. */
export const organizationContext = createContext<Organization>();

/**
 * The middleware of /organization/:id and what is under it (issue 21): after
 * `signedInMiddleware`, the organization of the URL if the account manages
 * it, else a 404 (ARCHITECTURE.md, Signed-in areas: what a visitor may not
 * see answers 404).
 */
export const organizationMiddleware: MiddlewareFunction<Response> = async ({ params, context }) => {
  const { user, db } = context.get(signedInContext);
  const organization = params.id ? await organizationFor(db, params.id, user.id) : null;
  if (!organization) throw data(null, { status: 404 });
  context.set(organizationContext, organization);
};
