/**
 * Every /organization page (issue 14) is for a signed-in account: this
 * layout's middleware sends a visitor to /auth and back, and puts the
 * account, the database and the clock on the request (ADR 013).
 */
import { Outlet } from "react-router";
import { signedInMiddleware } from "~/auth/signed-in.server";
import { organizationMessages } from "~/content/organization";
import type { Route } from "./+types/layout";

// The employee CSV comes back to its dashboard after signing in.
const returnTo = (url: URL) =>
  url.pathname.endsWith("/employees.csv") ? url.pathname.replace(/\/employees\.csv$/, "") : undefined;

export const middleware: Route.MiddlewareFunction[] = [
  signedInMiddleware(organizationMessages.signInRequired, returnTo),
];

export default function OrganizationLayout() {
  return <Outlet />;
}
