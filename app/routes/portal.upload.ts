/**
 * POST /portal/upload?component=pitchDeck|reflectionLog (issue 15): one file
 * of the project, streamed into R2 (app/portal/upload.server.ts), never held
 * whole in memory. The worker entry lets this path's body through unbuffered
 * (workers/body-limit.ts). Answered with a redirect to the submission page:
 * a toast when it worked, the failure's code in the URL when it did not.
 */
import { redirect } from "react-router";
import { portalMessages, type PortalFileComponent } from "~/content/portal";
import { requestContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireParticipant, writeRefusal } from "~/portal/guard.server";
import { objectKeyFor, recordUploadedFile } from "~/portal/submission.server";
import { ensureProject } from "~/portal/team.server";
import { fileComponentOf, receiveUpload } from "~/portal/upload.server";
import type { Route } from "./+types/portal.upload";

const anchors: Record<PortalFileComponent, string> = { pitchDeck: "#pitch-deck", reflectionLog: "#reflection-log" };

export function loader() {
  return redirect("/portal/submission");
}

/** Reads what is left of a body we won't use, so the browser gets its answer instead of a reset connection. */
async function discardBody(request: Request) {
  await request.body?.pipeTo(new WritableStream()).catch(() => {});
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const participant = await requireParticipant(request, context).catch(async (refusal: unknown) => {
    await discardBody(request);
    throw refusal;
  });
  const { user, db, now, edition } = participant;
  const requested = new URL(request.url).searchParams.get("component");
  const component = fileComponentOf(requested);
  const closed = writeRefusal(participant);
  if (!component || closed) {
    await discardBody(request);
    return redirectWithToast(
      env,
      "/portal/submission",
      { type: "error", title: "Not saved", description: closed ?? portalMessages.unknownIntent },
      { status: 303 },
    );
  }
  if (!(await clientAllowed(env, "portal:upload", request, user.id))) {
    await discardBody(request);
    return redirectWithToast(
      env,
      `/portal/submission${anchors[component]}`,
      { type: "error", title: "Not saved", description: portalMessages.rateLimited },
      { status: 303 },
    );
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
  // The page shows the component's message for this code (app/portal/upload-messages.ts).
  if (!result.ok)
    return redirect(`/portal/submission?component=${component}&error=${result.failure}${anchors[component]}`, 303);
  await recordUploadedFile(db, bucket, project, user, component, result.file, now);
  return redirectWithToast(
    env,
    `/portal/submission${anchors[component]}`,
    { type: "success", title: "Uploaded", description: portalMessages.fileUploaded(component) },
    { status: 303 },
  );
}
