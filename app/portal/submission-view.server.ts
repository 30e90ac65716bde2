/**
 * What /portal/submission shows (issue 15): the project's five components as
 * saved, its status and checklist, whether this participant may change or
 * delete it, and an upload's failure coming back in the URL.
 */
import { formatMountain } from "~/clock/format";
import { formatFileSize, type PortalFileComponent } from "~/content/portal";
import { writeRefusal, type Participant } from "./guard.server";
import { checklist, statusOf, submissionOf } from "./submission.server";
import { uploadFailureMessage } from "~/content/upload-failures";
import { displayChoiceOf } from "./submission-public.server";

export interface StoredFileView {
  id: string;
  filename: string;
  size: string;
  pageCount: number | null;
  uploadedAt: string;
}

export async function submissionView(participant: Participant, url: URL) {
  const { project, window, deadline, db } = participant;
  const view = project ? await submissionOf(db, project.teamId) : { submission: null, files: {} };
  const failedComponent = url.searchParams.get("component");
  const readOnlyReason = writeRefusal(participant);
  const uploadError =
    failedComponent === "pitchDeck" || failedComponent === "reflectionLog"
      ? {
          component: failedComponent,
          message: uploadFailureMessage(failedComponent, url.searchParams.get("error"), readOnlyReason),
        }
      : null;
  const s = view.submission;
  const display = project
    ? await displayChoiceOf(db, project.teamId, participant.access.user.id)
    : { nameDisplay: "team" as const, showOrganization: false };
  const files: Partial<Record<PortalFileComponent, StoredFileView>> = {};
  for (const [component, f] of Object.entries(view.files)) {
    files[component as PortalFileComponent] = {
      id: f.id,
      filename: f.filename,
      size: formatFileSize(f.sizeBytes),
      pageCount: f.pageCount,
      uploadedAt: formatMountain(new Date(f.uploadedAt), "dateTime"),
    };
  }
  return {
    open: window === "open",
    readOnlyReason,
    teamName: project?.name ?? null,
    // Only the lead may delete the team's draft (the server checks it too).
    mayDeleteDraft: !project || project.role === "lead",
    deadline: formatMountain(deadline.due, "dateTime"),
    extended: deadline.extension !== null,
    values: {
      prototypeUrl: s?.prototypeUrl ?? "",
      abstract: s?.abstract ?? "",
      videoUrl: s?.videoUrl ?? "",
      videoConfirmed: s?.videoConfirmed ? "on" : "",
      aiUseLog: s?.aiUseLog ?? "",
    },
    // The public face (issue 25): the team's, and this member's own name choice.
    publicFace: {
      title: s?.title ?? "",
      summary: s?.summary ?? "",
      track: s?.track ?? "",
      publicConsent: s?.publicConsent ? "on" : "",
      nameDisplay: display.nameDisplay,
      showOrganization: display.showOrganization ? "on" : "",
    },
    // No link to a page the organizers hid: it answers 404 until shown again.
    showcaseSlug: s?.publicConsent && s.slug && !s.hiddenAt ? s.slug : null,
    organizationName: participant.access.enrollment.organizationName,
    status: statusOf(s),
    // Hidden from the gallery by the organizers (issue 33): the team reads why.
    hiddenReason: s?.hiddenAt ? (s.hiddenReason ?? "") : null,
    files,
    checklist: checklist(view),
    uploadError,
  };
}

export type SubmissionView = Awaited<ReturnType<typeof submissionView>>;
