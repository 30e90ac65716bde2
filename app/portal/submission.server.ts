/**
 * A project's submission (issue 15): one per team (or solo participant),
 * saved component by component as a draft, submitted once all five are there
 * (SPEC.md §5), then still editable until the deadline (the latest version
 * counts) but never made incomplete again. Every limit is checked here, with
 * the messages the browser shows. Callers check the portal window and the
 * participant first.
 */
import { and, eq, sql } from "drizzle-orm";
import { formatMountain } from "~/clock/format";
import { submissionComponents, submissionLimits } from "~/content/program";
import {
  portalLimits,
  portalMessages,
  submissionChecklistNames,
  textComponentLabels,
  videoHosts,
  type PortalFileComponent,
} from "~/content/portal";
import type { Deadline } from "~/content/editions";
import type { Db } from "~/db/client.server";
import { submissionFiles, submissions, teamMembers, teams, type Submission, type SubmissionFile } from "~/db/schema";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import type { SessionUser } from "~/auth/session.server";
import { deleteStoredObjects, filenameForKind, kindOfContentType, type StoredFile } from "./upload.server";
import { submissionConfirmation } from "./notification.server";
import { commitTeamChange } from "./team-history.server";
import type { Refusal } from "~/lib/refusal";
import type { Project } from "./team.server";
import { wordRangeProblem } from "./words";
import type { TextComponent } from "./schema";

/** The text components, each saved by its own form. */
export { textComponents, type TextComponent } from "./schema";

export interface SubmissionView {
  submission: Submission | null;
  files: Partial<Record<PortalFileComponent, SubmissionFile>>;
}

/**
 * A stored file with the name it is shown and served under: rows written
 * before the second audit (issue 22) may hold the uploader's extension or
 * bidi controls.
 */
export function servedFile(file: SubmissionFile): SubmissionFile {
  return { ...file, filename: filenameForKind(file.filename, kindOfContentType(file.contentType)) };
}

export async function submissionOf(db: Db, teamId: string): Promise<SubmissionView> {
  const [submission] = await db.select().from(submissions).where(eq(submissions.teamId, teamId));
  const files = await db.select().from(submissionFiles).where(eq(submissionFiles.teamId, teamId));
  return { submission: submission ?? null, files: Object.fromEntries(files.map((f) => [f.component, servedFile(f)])) };
}

/** Draft or submitted, with when, in Mountain Time as the pages show it; null before the first save. */
export function statusOf(submission: Submission | null) {
  if (!submission) return null;
  return {
    status: submission.status,
    submittedAt: submission.submittedAt && formatMountain(new Date(submission.submittedAt), "dateTime"),
    updatedAt: formatMountain(new Date(submission.updatedAt), "dateTime"),
  };
}

export interface ChecklistItem {
  id: string;
  name: string;
  done: boolean;
}

/** The five components, and the "How AI Was Used" log the contest rules add to the reflection log. */
export function checklist({ submission, files }: SubmissionView): ChecklistItem[] {
  const names = submissionChecklistNames;
  return [
    { id: "prototype", name: names.prototype, done: !!submission?.prototypeUrl },
    { id: "abstract", name: names.abstract, done: !!submission?.abstract },
    { id: "pitch-deck", name: names["pitch-deck"], done: !!files.pitchDeck },
    { id: "demo-video", name: names["demo-video"], done: !!submission?.videoUrl && submission.videoConfirmed },
    { id: "reflection-log", name: names["reflection-log"], done: !!files.reflectionLog },
    { id: "ai-use-log", name: names["ai-use-log"], done: !!submission?.aiUseLog },
  ];
}

export function missingComponents(view: SubmissionView): string[] {
  return checklist(view)
    .filter((item) => !item.done)
    .map((item) => item.name);
}

function httpsUrl(typed: string): URL | null {
  if (typed.length > portalLimits.urlMax) return null;
  try {
    const url = new URL(typed);
    return url.protocol === "https:" && url.hostname.includes(".") ? url : null;
  } catch {
    return null;
  }
}

function isVideoHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return videoHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export type TextValues = Partial<
  Record<"prototypeUrl" | "abstract" | "videoUrl" | "videoConfirmed" | "aiUseLog", string>
>;

type Change = Partial<Pick<Submission, "prototypeUrl" | "abstract" | "videoUrl" | "videoConfirmed" | "aiUseLog">>;

/** The change a text form asks for, or the message that refuses it. An empty field clears the component. */
export function parseTextComponent(
  component: TextComponent,
  values: TextValues,
): { ok: true; change: Change; clears: boolean } | { ok: false; message: string } {
  const text = (name: keyof TextValues) => (values[name] ?? "").trim();
  switch (component) {
    case "prototype": {
      const typed = text("prototypeUrl");
      if (!typed) return { ok: true, change: { prototypeUrl: null }, clears: true };
      const url = httpsUrl(typed);
      return url
        ? { ok: true, change: { prototypeUrl: url.href }, clears: false }
        : { ok: false, message: portalMessages.prototypeInvalid };
    }
    case "video": {
      const typed = text("videoUrl");
      if (!typed) return { ok: true, change: { videoUrl: null, videoConfirmed: false }, clears: true };
      const url = httpsUrl(typed);
      if (!url || !isVideoHost(url.hostname)) return { ok: false, message: portalMessages.videoInvalid };
      if (values.videoConfirmed !== "on") return { ok: false, message: portalMessages.videoConfirmRequired };
      return { ok: true, change: { videoUrl: url.href, videoConfirmed: true }, clears: false };
    }
    case "abstract":
    case "aiUseLog": {
      const typed = text(component);
      if (!typed) return { ok: true, change: { [component]: null }, clears: true };
      const label = component === "abstract" ? "abstract" : textComponentLabels.aiUseLog;
      const maxCharacters =
        component === "abstract" ? portalLimits.abstractMaxCharacters : portalLimits.aiUseLogMaxCharacters;
      if (typed.length > maxCharacters) return { ok: false, message: portalMessages.textTooLong(label) };
      const range = component === "abstract" ? submissionLimits.abstractWords : submissionLimits.aiUseLogWords;
      const problem = wordRangeProblem(label, typed, range);
      return problem ? { ok: false, message: problem } : { ok: true, change: { [component]: typed }, clears: false };
    }
  }
}

/** Inserts the submission row if it is the project's first save; else touches it. */
function upsertSubmission(db: Db, project: Project, actor: SessionUser, now: Date, change: Change) {
  const at = now.toISOString();
  return db
    .insert(submissions)
    .values({
      teamId: project.teamId,
      editionId: project.editionId,
      ...change,
      createdAt: at,
      updatedAt: at,
      updatedBy: actor.id,
    })
    .onConflictDoUpdate({ target: submissions.teamId, set: { ...change, updatedAt: at, updatedBy: actor.id } });
}

export async function saveTextComponent(
  db: Db,
  project: Project,
  actor: SessionUser,
  component: TextComponent,
  values: TextValues,
  now: Date,
): Promise<{ ok: true; message: string } | Refusal> {
  const parsed = parseTextComponent(component, values);
  if (!parsed.ok) return { ok: false, message: parsed.message, status: 400 };
  const label = textComponentLabels[component];
  const { submission } = await submissionOf(db, project.teamId);
  if (parsed.clears) {
    if (submission?.status === "submitted")
      return { ok: false, message: portalMessages.cannotClearSubmitted, status: 409 };
    if (!submission) return { ok: true, message: portalMessages.cleared(label) };
  }
  await upsertSubmission(db, project, actor, now, parsed.change).run();
  return { ok: true, message: parsed.clears ? portalMessages.cleared(label) : portalMessages.saved(label) };
}

/** Where a new upload of this project's component goes: never the old key, so the old file stays until the new one is recorded. */
export function objectKeyFor(project: Project, component: PortalFileComponent): string {
  return `submissions/${project.editionId}/${project.teamId}/${component}/${crypto.randomUUID()}`;
}

/**
 * Records an uploaded file as the component's (replacing any earlier one,
 * whose object is then deleted) and touches the submission.
 */
export async function recordUploadedFile(
  db: Db,
  bucket: R2Bucket,
  project: Project,
  actor: SessionUser,
  component: PortalFileComponent,
  stored: StoredFile,
  now: Date,
): Promise<void> {
  const { files } = await submissionOf(db, project.teamId);
  const previous = files[component];
  const at = now.toISOString();
  const row = {
    objectKey: stored.key,
    filename: stored.filename,
    contentType: stored.contentType,
    sizeBytes: stored.sizeBytes,
    pageCount: stored.pageCount,
    uploadedBy: actor.id,
    uploadedAt: at,
  };
  await db.batch([
    upsertSubmission(db, project, actor, now, {}),
    db
      .insert(submissionFiles)
      .values({ id: crypto.randomUUID(), teamId: project.teamId, component, ...row })
      .onConflictDoUpdate({ target: [submissionFiles.teamId, submissionFiles.component], set: row }),
  ]);
  if (previous && previous.objectKey !== stored.key) await deleteStoredObjects(bucket, [previous.objectKey]);
}

/** Submits a complete project and queues a confirmation to every member. */
export async function submitProject(
  env: Pick<Env, "NOTIFICATIONS">,
  db: Db,
  project: Project,
  actor: SessionUser,
  /** The team's (./deadline.server.ts), which the confirmation e-mail names. */
  deadline: Deadline,
  { now, origin, requestId }: { now: Date; origin: string; requestId?: string },
): Promise<{ ok: true; message: string } | Refusal> {
  const view = await submissionOf(db, project.teamId);
  const missing = missingComponents(view);
  if (missing.length > 0) return { ok: false, message: portalMessages.incomplete(missing), status: 400 };
  if (view.submission?.status === "submitted") return { ok: true, message: portalMessages.submitted };
  const at = now.toISOString();
  const payload = {
    teamName: project.name,
    submittedBy: actor.email,
    submittedAt: formatMountain(now, "dateTime"),
    deadline: formatMountain(deadline.due, "dateTime"),
    components: submissionComponents.map((c) => c.name),
    portalUrl: `${origin}/portal`,
  };
  const mails = project.members.map((member) =>
    outboxInsert(db, submissionConfirmation, { recipient: member.email, now, payload }),
  );
  const committed = await commitTeamChange(db, {
    teamId: project.teamId,
    editionId: project.editionId,
    actorUserId: actor.id,
    kind: "team.project-submitted",
    payload: {},
    now,
    statements: [
      db
        .update(submissions)
        .set({ status: "submitted", submittedAt: at, submittedBy: actor.id, updatedAt: at, updatedBy: actor.id })
        .where(and(eq(submissions.teamId, project.teamId), eq(submissions.status, "draft"))),
      ...mails.map((mail) => mail.statement),
    ],
    // Two members submitting at once: the second finds it submitted, and neither its e-mails nor its row are written.
    holds: sql`EXISTS (SELECT 1 FROM submissions WHERE team_id = ${project.teamId} AND status = 'submitted' AND submitted_at = ${at} AND submitted_by = ${actor.id})`,
  });
  if (!committed.ok) return { ok: true, message: portalMessages.submitted };
  await enqueueNotifications(
    env,
    mails.map((mail) => mail.id),
    { requestId, kind: submissionConfirmation.kind },
  );
  return { ok: true, message: portalMessages.submitted };
}

/**
 * Deletes a draft and its files; a solo project goes with it (a team keeps
 * its row and members). Only the lead may: the draft holds files other
 * members uploaded (issue 22). A team's deletion is written to its history
 * in the same batch, so neither happens without the other.
 */
export async function deleteDraft(
  db: Db,
  bucket: R2Bucket,
  project: Project,
  actor: SessionUser,
  now: Date,
): Promise<{ ok: true; message: string } | Refusal> {
  if (project.role !== "lead") return { ok: false, message: portalMessages.draftDeleteLeadOnly, status: 403 };
  const view = await submissionOf(db, project.teamId);
  if (view.submission?.status === "submitted") {
    return { ok: false, message: portalMessages.cannotDeleteSubmitted, status: 409 };
  }
  const files = Object.values(view.files);
  const solo = project.name === null;
  const deletions = [
    db.delete(submissionFiles).where(eq(submissionFiles.teamId, project.teamId)),
    db.delete(submissions).where(eq(submissions.teamId, project.teamId)),
  ] as const;
  // A solo project has no team to keep a history for: it goes with its draft.
  if (solo) await db.batch([...deletions, db.delete(teams).where(eq(teams.id, project.teamId))]);
  else {
    await commitTeamChange(db, {
      teamId: project.teamId,
      editionId: project.editionId,
      actorUserId: actor.id,
      kind: "team.draft-deleted",
      payload: {
        files: files.map((f) => ({ component: f.component, filename: f.filename, uploadedBy: f.uploadedBy })),
      },
      now,
      statements: [...deletions],
    });
  }
  await deleteStoredObjects(
    bucket,
    files.map((f) => f.objectKey),
  );
  return { ok: true, message: portalMessages.draftDeleted };
}

/**
 * A stored file (named as it is served: servedFile), if `userId` is a member
 * of its team; null otherwise (the download route answers 404 either way, so
 * nobody learns which files exist).
 */
export async function fileForMember(db: Db, fileId: string, userId: string): Promise<SubmissionFile | null> {
  if (!/^[0-9a-f-]{36}$/.test(fileId)) return null;
  const [row] = await db
    .select({ file: submissionFiles })
    .from(submissionFiles)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, submissionFiles.teamId), eq(teamMembers.userId, userId)))
    .where(eq(submissionFiles.id, fileId))
    .limit(1);
  return row ? servedFile(row.file) : null;
}
