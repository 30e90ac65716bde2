/**
 * The Challenge Portal's pages (issue 15): the middleware finds who asks and
 * how they may take part, once for every route below, and turns away a
 * write by anyone but a participant (ADR 013). /portal itself is open to
 * everyone: it says what is missing.
 */
import { Outlet } from "react-router";
import { portalMiddleware } from "~/portal/guard.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [portalMiddleware];

export default function PortalLayout() {
  return <Outlet />;
}
