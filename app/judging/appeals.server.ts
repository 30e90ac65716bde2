/**
 * A team's written appeal after the finalists are published (issue 24):
 * accepted only from a member of a team whose project was submitted (issue
 * 31: nothing else was judged), within the appeal window (5 business days in
 * Mountain Time from the publication), once per team; stored as plain text
 * (its lines kept, no control characters) in judging_appeals with its e-mail
 * to the organizers in one batch.
 */
import { formatMountain } from "~/clock/format";
import type { Edition } from "~/content/editions";
import { appealMessages } from "~/content/judging-results";
import type { Db } from "~/db/client.server";
import { judgingAppeals } from "~/db/schema";
import { log } from "~/lib/log.server";
import { plainLines } from "~/lib/plain-text";
import { organizersRecipient } from "~/notifications/recipients.server";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import type { Refusal } from "~/lib/refusal";
import type { Project } from "~/portal/team.server";
import { judgingAppeal } from "./notification.server";
import { finalistsPublishedAt } from "./published.server";
import { appealWindow, projectWasSubmitted } from "./team-results.server";

type Answer = { ok: true; message: string } | Refusal;

/** One appeal per team and edition: the id says which, so a second is refused by the key itself. */
export function appealId(editionId: string, teamId: string): string {
  return `${editionId}-${teamId}`;
}

export async function fileAppeal(
  env: Env,
  db: Db,
  project: Project,
  submitter: { id: string; email: string },
  typed: string,
  { edition, now, requestId }: { edition: Edition; now: Date; requestId: string },
): Promise<Answer> {
  if (!(await projectWasSubmitted(db, project.teamId, edition.id)))
    return { ok: false, message: appealMessages.notSubmitted, status: 403 };
  const body = plainLines(typed).trim();
  const publishedAt = await finalistsPublishedAt(db, edition.id, now);
  if (!publishedAt) return { ok: false, message: appealMessages.notPublished, status: 403 };
  const window = appealWindow(publishedAt, now);
  if (!window.open) return { ok: false, message: appealMessages.closed(window.until), status: 403 };
  const id = appealId(edition.id, project.teamId);
  const at = now.toISOString();
  const notification = outboxInsert(db, judgingAppeal, {
    recipient: organizersRecipient(env),
    payload: {
      appealId: id,
      editionName: edition.name,
      teamName: project.name ?? `${submitter.email} (working alone)`,
      submittedBy: submitter.email,
      filedAt: formatMountain(now, "dateTime"),
      body,
    },
    now,
  });
  try {
    await db.batch([
      db.insert(judgingAppeals).values({
        id,
        editionId: edition.id,
        teamId: project.teamId,
        submittedBy: submitter.id,
        body,
        createdAt: at,
      }),
      notification.statement,
    ]);
  } catch (error) {
    // Drizzle wraps D1's error: the constraint is named in its cause.
    const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
    if (text.includes("UNIQUE constraint failed")) {
      return { ok: false, message: appealMessages.alreadyFiled, status: 409 };
    }
    throw error;
  }
  log("info", "judging.appeal_filed", { requestId, appealId: id, teamId: project.teamId, userId: submitter.id });
  await enqueueNotifications(env, [notification.id], { requestId, kind: judgingAppeal.kind });
  return { ok: true, message: appealMessages.filed };
}
