import { portalMessages, type PortalFileComponent } from "./portal";

/**
 * An upload's failure travels back to the submission page as a code in its
 * URL (the upload is a separate POST, answered with a redirect so that a
 * reload never sends the file again); the page shows the message in the
 * component's form, where a refused save shows its own (issue 21).
 */
/** Why a file's upload failed (app/portal/upload.server.ts). */
export type UploadFailure = "missing" | "wrong-type" | "too-large" | "failed";

/** Why an upload was refused: the upload's own failures, the deadline, or too many uploads. */
export type UploadRefusal = UploadFailure | "closed" | "rate-limited";

export function uploadFailureMessage(
  component: PortalFileComponent,
  failure: string | null,
  /** Why the portal takes no writes now (the deadline), for a "closed" refusal. */
  readOnlyReason: string | null,
): string {
  switch (failure) {
    case "closed":
      return readOnlyReason ?? portalMessages.fileFailed;
    case "rate-limited":
      return portalMessages.rateLimited;
    case "missing":
      return portalMessages.fileMissing;
    case "wrong-type":
      return portalMessages.fileWrongType(component);
    case "too-large":
      return portalMessages.fileTooLarge(component);
    default:
      return portalMessages.fileFailed;
  }
}
