/**
 * The judges' pages (issue 24): the middleware finds the signed-in account
 * and whether it is an active judge of the current edition, once for every
 * route below (ADR 013). /judging tells anyone else that judging is by
 * invitation; a project page answers them 404.
 */
import { Outlet } from "react-router";
import { signedInMiddleware } from "~/auth/signed-in.server";
import { judgingMessages } from "~/content/judging";
import { judgingMiddleware } from "~/judging/guard.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  signedInMiddleware(judgingMessages.signInRequired),
  judgingMiddleware,
];

export default function JudgingLayout() {
  return <Outlet />;
}
