/**
 * /account and its data download are the signed-in person's own: this
 * layout's middleware sends a visitor to /auth and back to /account, and
 * puts the account, its session, the database and the clock on the request
 * (ADR 013).
 */
import { Outlet } from "react-router";
import { signedInMiddleware } from "~/auth/signed-in.server";
import { ACCOUNT_GATE_DESCRIPTION, ACCOUNT_PATH } from "~/account/schema";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  signedInMiddleware(ACCOUNT_GATE_DESCRIPTION, () => ACCOUNT_PATH),
];

export default function AccountLayout() {
  return <Outlet />;
}
