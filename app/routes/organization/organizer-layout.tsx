/**
 * /organization/:id and its CSV: only the organization's owner and
 * co-administrators. The middleware finds the organization for this account
 * or answers 404, once for every route below (ADR 013).
 */
import { Outlet } from "react-router";
import { organizationMiddleware } from "~/organization/access.server";
import type { Route } from "./+types/organizer-layout";

export const middleware: Route.MiddlewareFunction[] = [organizationMiddleware];

export default function OrganizerLayout() {
  return <Outlet />;
}
