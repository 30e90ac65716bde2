/**
 * POST /portal/upload?component=pitchDeck|reflectionLog (issue 15): one file
 * of the project, streamed into R2 (app/portal/upload.server.ts), never held
 * whole in memory. The worker entry lets this path's body through unbuffered
 * (workers/body-limit.ts); the layouts' middleware has found the participant
 * (ADR 013). Answered with a redirect to the submission page, so a reload
 * never sends the file again: a toast when it worked, else the failure's
 * code in the URL, shown in the component's form (app/content/upload-failures.ts).
 */
import { redirect } from "react-router";
import { portalMessages, type PortalFileComponent } from "~/content/portal";
import { requestContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { discardBody } from "~/lib/discard-body.server";
import { participantContext, writeRefusal } from "~/portal/guard.server";
import { objectKeyFor, recordUploadedFile } from "~/portal/submission.server";
import { ensureProject } from "~/portal/team.server";
import type { UploadRefusal } from "~/content/upload-failures";
import { fileComponentOf, receiveUpload } from "~/portal/upload.server";
import type { Route } from "./+types/upload";

const anchors: Record<PortalFileComponent, string> = { pitchDeck: "#pitch-deck", reflectionLog: "#reflection-log" };

const refused = (component: PortalFileComponent, failure: UploadRefusal) =>
  redirect(`/portal/submission?component=${component}&error=${failure}${anchors[component]}`, 303);

export function loader() {
  return redirect("/portal/submission");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const participant = context.get(participantContext);
  const { db, now, edition } = participant;
  const { user } = participant.access;
  const component = fileComponentOf(new URL(request.url).searchParams.get("component"));
  if (!component) {
    await discardBody(request);
    return redirectWithToast(
      env,
      "/portal/submission",
      { type: "error", title: "Not saved", description: portalMessages.unknownIntent },
      { status: 303 },
    );
  }
  if (writeRefusal(participant)) {
    await discardBody(request);
    return refused(component, "closed");
  }
  if (!(await clientAllowed(env, "portal:upload", request, user.id))) {
    await discardBody(request);
    return refused(component, "rate-limited");
  }
  const project = participant.project ?? (await ensureProject(db, user, edition.id, now));
  const bucket = env.SUBMISSION_FILES;
  const result = await receiveUpload(request, bucket, component, objectKeyFor(project, component));
  log("info", "portal.upload", {
    requestId,
    userId: user.id,
    component,
    outcome: result.ok ? "stored" : result.failure,
    bytes: result.ok ? result.file.sizeBytes : undefined,
  });
  if (!result.ok) return refused(component, result.failure);
  await recordUploadedFile(db, bucket, project, user, component, result.file, now);
  return redirectWithToast(
    env,
    `/portal/submission${anchors[component]}`,
    { type: "success", title: "Uploaded", description: portalMessages.fileUploaded(component) },
    { status: 303 },
  );
}
