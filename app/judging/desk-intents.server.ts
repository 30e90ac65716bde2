/**
 * The forms of /organize/judges (issues 24 and 32): each a registered
 * organizer action (app/judging/actions.server.ts), so the desk, the API and
 * the CLI do the same thing and write the same audit row. "Resend" is
 * another invitation to the same address (the old link stops working).
 */
import { actionIntent } from "~/organize/desk-intent.server";
import { inviteJudge, removeJudge, revokeJudgeInvitation } from "./actions.server";

const here = (anchor: string) => `/organize/judges#${anchor}`;

export const judgesDeskIntents = {
  invite: actionIntent(inviteJudge, { title: "Invitation sent", redirectTo: here("invite") }),
  "revoke-invitation": actionIntent(revokeJudgeInvitation, {
    title: "Invitation revoked",
    redirectTo: here("invitations"),
  }),
  remove: actionIntent(removeJudge, { title: "Judge removed", redirectTo: here("judges") }),
};
