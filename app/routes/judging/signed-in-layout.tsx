/**
 * A judging invitation needs a signed-in account, not yet a judge: the page
 * says what is missing (ADR 013).
 */
import { Outlet } from "react-router";
import { signedInMiddleware } from "~/auth/signed-in.server";
import { judgingMessages } from "~/content/judging";
import type { Route } from "./+types/signed-in-layout";

export const middleware: Route.MiddlewareFunction[] = [signedInMiddleware(judgingMessages.signInRequired)];

export default function SignedInJudgingLayout() {
  return <Outlet />;
}
