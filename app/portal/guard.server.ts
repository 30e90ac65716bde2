/**
 * What every portal loader and action starts with (issue 15): the signed-in
 * participant, their project and the portal's window. Writes go through
 * `writeRefusal`, which the server checks whatever the browser sends.
 */
import { redirect, type RouterContextProvider } from "react-router";
import { requireUserForForm } from "~/accounts/gate.server";
import type { SessionUser } from "~/accounts/session.server";
import { requestClock } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/schedule";
import type { Edition } from "~/content/editions";
import { portalMessages } from "~/content/portal";
import { requestContext } from "~/context";
import { getDb, type Db } from "~/db/client.server";
import { enrolmentOf, portalWindow, type Enrolment, type PortalWindow } from "./participant.server";
import { projectOf, type Project } from "./team.server";

export interface Participant {
  user: SessionUser;
  enrolment: Enrolment;
  db: Db;
  now: Date;
  edition: Edition;
  window: PortalWindow;
  project: Project | null;
}

/**
 * The participant, or a thrown redirect: to /auth for a visitor (coming back
 * afterwards), to /portal (which says what is missing) for anyone else.
 */
export async function requireParticipant(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Participant> {
  const user = await requireUserForForm(request, context, {
    description: portalMessages.signInRequired,
    returnTo: new URL(request.url).pathname.startsWith("/portal/submission") ? "/portal/submission" : "/portal",
  });
  const db = getDb(context.get(requestContext).env);
  const enrolment = user.emailVerified ? await enrolmentOf(db, user.id) : null;
  if (!enrolment) throw redirect("/portal", { status: 303 });
  const { now, edition } = requestClock(context);
  const project = await projectOf(db, user.id, edition.id);
  return { user, enrolment, db, now, edition, window: portalWindow(now, edition), project };
}

/** Why no write is accepted now, or null while the portal is open. */
export function writeRefusal(participant: Pick<Participant, "window" | "edition">): string | null {
  const { window, edition } = participant;
  if (window === "closed")
    return portalMessages.deadlinePassed(formatMountain(edition.submissionDeadline.due, "dateTime"));
  if (window === "notYetOpen")
    return portalMessages.notOpenYet(formatMountain(edition.standardRegistrationOpens, "dateTime"));
  return null;
}
