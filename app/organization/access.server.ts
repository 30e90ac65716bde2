/**
 * Who may see and change an organization (issue 14). An organization is a
 * paid Workforce registration; it is managed by the account that bought it
 * (its owner, registrations.user_id) and the co-administrators it added
 * (organization_admins). Everyone else is told nothing: 404, as for a page
 * that does not exist. Every loader and action of the dashboard starts here.
 */
import { createContext, data, type MiddlewareFunction } from "react-router";
import { requestOrganizations } from "~/account/request-reads.server";
import { signedInContext } from "~/context";
import type { Organization } from "./managed.server";

export type { Organization, OrganizationRole } from "./managed.server";

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
  // The list the session's statement brought (no read of its own), or one read when better-auth answered the session.
  const organization = params.id
    ? ((await requestOrganizations(context, db, user.id)).find((managed) => managed.id === params.id) ?? null)
    : null;
  if (!organization) throw data(null, { status: 404 });
  context.set(organizationContext, organization);
};
