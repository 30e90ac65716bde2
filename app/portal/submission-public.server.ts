/**
 * A project's public face (issue 25): its title, one-sentence summary and
 * track, the team's consent to be shown in the showcase, and how the member
 * saving it is named there. Saved until the deadline like the five
 * components. Consent needs a title, a summary and a track; the slug is given
 * with the first title and kept (links to the project never break).
 * Not required to submit: the contest rules ask for five components, and a
 * project without consent is judged all the same.
 */
import { and, eq, ne } from "drizzle-orm";
import type { SessionUser } from "~/auth/session.server";
import {
  isOneSentence,
  nameDisplayOptions,
  showcaseLimits,
  showcaseMessages,
  slugify,
  tracks,
} from "~/content/showcase";
import type { Db } from "~/db/client.server";
import { plainText } from "~/lib/plain-text";
import { showcaseMemberDisplay, submissions, type NameDisplay } from "~/db/schema";
import type { Refusal } from "~/lib/refusal";
import type { Project } from "./team.server";

export interface PublicFaceValues {
  title?: string;
  summary?: string;
  track?: string;
  publicConsent?: string;
  nameDisplay?: string;
  showOrganization?: string;
}

/** The member's own choice, or the most private one. */
export async function displayChoiceOf(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select()
    .from(showcaseMemberDisplay)
    .where(and(eq(showcaseMemberDisplay.teamId, teamId), eq(showcaseMemberDisplay.userId, userId)))
    .limit(1);
  return { nameDisplay: row?.nameDisplay ?? ("team" as NameDisplay), showOrganization: row?.showOrganization ?? false };
}

/** A slug not yet taken in the edition: the title's, or with the team's id for a second project of the same name. */
async function freeSlug(db: Db, project: Project, title: string): Promise<string> {
  const base = slugify(title);
  const [taken] = await db
    .select({ teamId: submissions.teamId })
    .from(submissions)
    .where(
      and(
        eq(submissions.editionId, project.editionId),
        eq(submissions.slug, base),
        ne(submissions.teamId, project.teamId),
      ),
    )
    .limit(1);
  return taken
    ? `${base}-${project.teamId
        .replace(/[^a-z0-9]/gi, "")
        .slice(0, 6)
        .toLowerCase()}`
    : base;
}

export async function savePublicFace(
  db: Db,
  project: Project,
  actor: SessionUser,
  values: PublicFaceValues,
  now: Date,
): Promise<{ ok: true; message: string } | (Refusal & { field?: string })> {
  const title = plainText(values.title ?? "")
    .trim()
    .replace(/\s+/g, " ");
  const summary = plainText(values.summary ?? "")
    .trim()
    .replace(/\s+/g, " ");
  const track = (values.track ?? "").trim();
  const consent = values.publicConsent === "on";
  if (title.length > showcaseLimits.titleMax)
    return { ok: false, message: showcaseMessages.titleTooLong, status: 400, field: "title" };
  if (summary.length > showcaseLimits.summaryMax)
    return { ok: false, message: showcaseMessages.summaryTooLong, status: 400, field: "summary" };
  if (summary && !isOneSentence(summary))
    return { ok: false, message: showcaseMessages.summaryOneSentence, status: 400, field: "summary" };
  if (track && !tracks.some((t) => t.id === track))
    return { ok: false, message: showcaseMessages.trackInvalid, status: 400, field: "track" };
  const nameDisplay = (values.nameDisplay ?? "team") as NameDisplay;
  if (!nameDisplayOptions.some((o) => o.id === nameDisplay))
    return { ok: false, message: showcaseMessages.nameDisplayInvalid, status: 400, field: "nameDisplay" };
  if (consent && (!title || !summary || !track))
    return { ok: false, message: showcaseMessages.consentNeedsFace, status: 400, field: "publicConsent" };

  const at = now.toISOString();
  const [existing] = await db
    .select({ slug: submissions.slug, consent: submissions.publicConsent })
    .from(submissions)
    .where(eq(submissions.teamId, project.teamId))
    .limit(1);
  const slug = existing?.slug ?? (title ? await freeSlug(db, project, title) : null);
  const face = {
    title: title || null,
    summary: summary || null,
    track: track || null,
    publicConsent: consent,
    slug,
    // Who gave (or withdrew) the team's consent, and when.
    ...(existing?.consent !== consent || !existing ? { consentBy: actor.id, consentAt: at } : {}),
  };
  const display = { nameDisplay, showOrganization: values.showOrganization === "on", updatedAt: at };
  await db.batch([
    db
      .insert(submissions)
      .values({
        teamId: project.teamId,
        editionId: project.editionId,
        ...face,
        createdAt: at,
        updatedAt: at,
        updatedBy: actor.id,
      })
      .onConflictDoUpdate({ target: submissions.teamId, set: { ...face, updatedAt: at, updatedBy: actor.id } }),
    db
      .insert(showcaseMemberDisplay)
      .values({ teamId: project.teamId, userId: actor.id, ...display })
      .onConflictDoUpdate({ target: [showcaseMemberDisplay.teamId, showcaseMemberDisplay.userId], set: display }),
  ]);
  return { ok: true, message: showcaseMessages.publicFaceSaved };
}
