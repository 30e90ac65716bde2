/**
 * What /judging and /judging/:teamId show (issue 24): the judge's queue with
 * progress and when scores are final, and one assigned project with its five
 * components, the rubric and what the judge saved.
 */
import { formatFileSize } from "~/content/portal";
import type { JudgeAtWork, Judging } from "./guard.server";
import { judgingWriteRefusal, progressText, projectForJudge, queueOf, scoresFinalText } from "./judge.server";

export async function queueView({ judge, refusal, db, edition, now }: Judging) {
  const scoresFinal = `Scores final ${scoresFinalText(edition)}`;
  if (!judge) return { judge: null, refusal, scoresFinal, editionName: edition.name } as const;
  const queue = await queueOf(db, judge.userId, edition.id);
  return {
    judge: { name: judge.name },
    refusal: null,
    editionName: edition.name,
    scoresFinal,
    closed: judgingWriteRefusal(now, edition),
    progress: progressText(queue),
    queue,
  } as const;
}

export async function projectView({ judge, db, edition, now }: JudgeAtWork, teamId: string) {
  const project = await projectForJudge(db, judge.userId, edition.id, teamId);
  if (!project) return null;
  const closed = judgingWriteRefusal(now, edition);
  const file = (component: "pitchDeck" | "reflectionLog") => {
    const f = project.files.find((x) => x.component === component);
    return f
      ? {
          // Once scores are final the download route refuses judges (issue 31): no link to a 404.
          href: closed ? null : `/portal/files/${f.id}`,
          filename: f.filename,
          size: formatFileSize(f.sizeBytes),
          pages: f.pageCount,
        }
      : null;
  };
  const s = project.submission;
  return {
    teamId,
    name: project.name,
    scoresFinal: `Scores final ${scoresFinalText(edition)}`,
    closed,
    components: {
      prototypeUrl: s.prototypeUrl,
      abstract: s.abstract,
      pitchDeck: file("pitchDeck"),
      videoUrl: s.videoUrl,
      reflectionLog: file("reflectionLog"),
      aiUseLog: s.aiUseLog,
    },
    scores: Object.fromEntries(Object.entries(project.scores).map(([k, v]) => [k, String(v)])),
    total: project.total,
    privateNote: project.privateNote,
    teamComment: project.teamComment,
  };
}

export type ProjectView = NonNullable<Awaited<ReturnType<typeof projectView>>>;
