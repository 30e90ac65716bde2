/**
 * GET /portal/files/:id (issue 15): a project file, only to a member of its
 * team or to a judge the submitted project is assigned to (issue 24), by the
 * judging guard's own rules (issue 31: an active judge of the current
 * edition with two-step sign-in on and passed in this session, an open assignment of that edition, until
 * its scores are final), always as a download with nosniff, never from a
 * public bucket URL. Anyone else gets a 404, so nobody learns which files
 * exist.
 */
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import { requestContext, signedInContext, type SignedIn } from "~/context";
import { judgeStanding } from "~/judging/guard.server";
import { judgeMayDownload } from "~/judging/judge.server";
import { fileForMember } from "~/portal/submission.server";
import type { Route } from "./+types/files.$id";

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function judgesFile(db: Db, fileId: string, signedIn: SignedIn) {
  const { edition, now } = signedIn;
  const { judge } = await judgeStanding(db, signedIn, edition);
  return judge ? judgeMayDownload(db, fileId, judge, edition, now) : null;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const signedIn = context.get(signedInContext);
  const { user, db } = signedIn;
  const file = (await fileForMember(db, params.id, user.id)) ?? (await judgesFile(db, params.id, signedIn));
  const object = file ? await env.SUBMISSION_FILES.get(file.objectKey) : null;
  if (!file || !object) throw data(null, { status: 404 });
  return new Response(object.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(file.filename),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
