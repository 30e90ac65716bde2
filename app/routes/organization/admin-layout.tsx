/**
 * /organization/:id and its CSVs: only the organization's administrators
 * (its owner and co-administrators; "organizer" means the Challenge's staff,
 * /organize). The middleware finds the organization for this account or
 * answers 404, once for every route below (ADR 013).
 */
import { Outlet } from "react-router";
import { organizationMiddleware } from "~/organization/access.server";
import type { Route } from "./+types/admin-layout";

export const middleware: Route.MiddlewareFunction[] = [organizationMiddleware];

export default function OrganizationAdminLayout() {
  return <Outlet />;
}
