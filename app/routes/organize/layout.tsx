/**
 * The organizers' desk (issue 32, ADR 018; ADR 021): a visitor who is not
 * signed in gets a 404; then the middleware admits only an organizer whose session
 * passed the second factor, to a page their role may open (anyone else: 404),
 * once for every route below (ADR 013).
 */
import { Outlet } from "react-router";
import { signedInMiddleware } from "~/auth/signed-in.server";
import { deskMessages } from "~/content/organize";
import { deskPages } from "~/desk/pages";
import { deskMiddleware, signedOutNotFound } from "~/organize/guard.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  signedOutNotFound,
  signedInMiddleware(deskMessages.signInRequired),
  deskMiddleware(deskPages),
];

export default function DeskLayout() {
  return <Outlet />;
}
