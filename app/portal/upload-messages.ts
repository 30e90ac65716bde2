import { portalMessages, type PortalFileComponent } from "~/content/portal";

/**
 * An upload's failure travels back to the submission page as a code in its
 * URL (the upload is a separate POST, answered with a redirect so that a
 * reload never sends the file again); the page shows the message.
 */
export function uploadFailureMessage(component: PortalFileComponent, failure: string | null): string {
  switch (failure) {
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
