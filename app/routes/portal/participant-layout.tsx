/** /portal/submission and /portal/upload are a participant's only: the middleware adds their project (ADR 013). */
import { Outlet } from "react-router";
import { participantMiddleware } from "~/portal/guard.server";
import type { Route } from "./+types/participant-layout";

export const middleware: Route.MiddlewareFunction[] = [participantMiddleware];

export default function ParticipantLayout() {
  return <Outlet />;
}
