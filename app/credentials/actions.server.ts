/**
 * The credentials concern's organizer actions and queries (issue 33, ADR
 * 018), registered in app/organize/registry.server.ts: the import of
 * completions (with its preview), revocation, the list and the keys.
 */
import { credentialKeys, listCredentials } from "./desk.server";
import { importCompletions, previewCompletions } from "./import.server";
import { revokeCredential } from "./revoke.server";

export const credentialActions = [importCompletions, revokeCredential];
export const credentialQueries = [previewCompletions, listCredentials, credentialKeys];
