/**
 * A team invitation and a project's files need a signed-in account, not an
 * enrollment: the invitation says what is missing, and a file answers 404 to
 * anyone outside its team (ADR 013).
 */
import { Outlet } from "react-router";
import { signedInMiddleware } from "~/auth/signed-in.server";
import { portalMessages } from "~/content/portal";
import type { Route } from "./+types/signed-in-layout";

// A file asked for while signed out comes back to the submission page.
const returnTo = (url: URL) => (url.pathname.startsWith("/portal/files/") ? "/portal/submission" : undefined);

export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware(portalMessages.signInRequired, returnTo)];

export default function SignedInPortalLayout() {
  return <Outlet />;
}
