/**
 * GET /portal/files/:id (issue 15): a project file, only to a member of its
 * team or to a judge the submitted project is assigned to (issue 24: an
 * active judge, assignment open), always as a download with nosniff, never
 * from a public bucket URL. Anyone else gets a 404, so nobody learns which
 * files exist.
 */
import { data } from "react-router";
import { requestContext, signedInContext } from "~/context";
import { judgeMayDownload } from "~/judging/judge.server";
import { fileForMember } from "~/portal/submission.server";
import type { Route } from "./+types/files.$id";

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { user, db } = context.get(signedInContext);
  const file = (await fileForMember(db, params.id, user.id)) ?? (await judgeMayDownload(db, params.id, user.id));
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
