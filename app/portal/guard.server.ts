/**
 * Who may use the Challenge Portal, checked once per request by its layouts'
 * middleware (issues 15 and 21, ADR 013). `portalMiddleware` puts on the
 * request what every portal route needs: who asks and how they may take
 * part, the database, the clock and the portal's window, and for a
 * participant their project this edition (`participantContext`). Anyone may read
 * /portal (it says what is missing); every write, and every page below
 * `participantMiddleware`, is a participant's: a visitor goes to /auth and
 * back, anyone else to /portal, which says why.
 */
import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { signInFirst } from "~/auth/gate.server";
import { requestSession } from "~/auth/request-session.server";
import { requestClock } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/format";
import type { Deadline, Edition } from "~/content/editions";
import { portalMessages } from "~/content/portal";
import { requestContext } from "~/context";
import { getDb, type Db } from "~/db/client.server";
import { discardBody } from "~/lib/discard-body.server";
import { teamSubmissionDeadline, type TeamDeadline } from "./deadline.server";
import { portalAccess, portalWindow, type PortalAccess, type PortalWindow } from "./participant.server";
import { projectOf, type Project } from "./team.server";

export interface Portal {
  access: PortalAccess;
  db: Db;
  now: Date;
  edition: Edition;
  /** The submission deadline for the participant's team (a late-submission exception's), else the edition's. */
  deadline: TeamDeadline;
  window: PortalWindow;
}

export type Participant = Portal & {
  access: Extract<PortalAccess, { kind: "participant" }>;
  /** The participant's project this edition, or null before the first save. */
  project: Project | null;
};

export const portalContext = createContext<Portal>();
export const participantContext = createContext<Participant>();

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The answer to someone who may not do this: sign in first, or /portal, which says what is missing. */
async function turnedAway(request: Request, env: Env, access: PortalAccess): Promise<Response> {
  await discardBody(request);
  const onSubmission = new URL(request.url).pathname.startsWith("/portal/submission");
  if (access.kind === "signed-out") {
    return signInFirst(request, env, {
      description: portalMessages.signInRequired,
      returnTo: onSubmission ? "/portal/submission" : "/portal",
    });
  }
  return redirect("/portal", { status: 303 });
}

export const portalMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { env } = context.get(requestContext);
  const db = getDb(env);
  const { user } = await requestSession(request, context);
  const { now, edition } = requestClock(context);
  const access = await portalAccess(db, user, edition.id);
  if (!isRead(request) && access.kind !== "participant") throw await turnedAway(request, env, access);
  const project = access.kind === "participant" ? await projectOf(db, access.user.id, edition.id) : null;
  const deadline = await teamSubmissionDeadline(db, edition, project?.teamId ?? null);
  const portal: Portal = { access, db, now, edition, deadline, window: portalWindow(now, edition, deadline) };
  context.set(portalContext, portal);
  if (access.kind === "participant") context.set(participantContext, { ...portal, access, project });
};

/** Below /portal itself, reading is a participant's too. */
export const participantMiddleware: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { access } = context.get(portalContext);
  if (access.kind !== "participant") throw await turnedAway(request, context.get(requestContext).env, access);
};

/** Why no write is accepted now, or null while the portal is open. */
export function writeRefusal({
  window,
  edition,
  deadline,
}: Pick<Portal, "window" | "edition"> & { deadline: Deadline }): string | null {
  if (window === "closed") return portalMessages.deadlinePassed(formatMountain(deadline.due, "dateTime"));
  if (window === "notYetOpen")
    return portalMessages.notOpenYet(formatMountain(edition.standardRegistrationOpens, "dateTime"));
  return null;
}
