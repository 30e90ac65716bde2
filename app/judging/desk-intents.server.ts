/**
 * The forms of /organize/judges (issues 24 and 32): each a registered
 * organizer action (app/judging/actions.server.ts), so the desk, the API and
 * the CLI do the same thing and write the same audit row. "Resend" is
 * another invitation to the same address (the old link stops working).
 */
import type { Intent } from "~/forms/intent-action.server";
import { actionIntent } from "~/organize/desk-intent.server";
import type { Desk } from "~/organize/guard.server";
import { inviteJudge, removeJudge, revokeJudgeInvitation } from "./actions.server";
import { decideAppeal } from "./appeal-decisions.server";
import type { DecideAppealSchema } from "./schema";
import { addConflict, dismissConflict, runAssignments } from "./assignment-actions.server";
import type { DismissConflictSchema } from "./schema";

const here = (anchor: string) => `/organize/judges#${anchor}`;

export const judgesDeskIntents = {
  invite: actionIntent(inviteJudge, { title: "Invitation sent", redirectTo: here("invite") }),
  "revoke-invitation": actionIntent(revokeJudgeInvitation, {
    title: "Invitation revoked",
    redirectTo: here("invitations"),
  }),
  remove: actionIntent(removeJudge, { title: "Judge removed", redirectTo: here("judges") }),
};

/** /organize/appeals' one form, repeated per open appeal: the answer goes back to the appeal that was posted. */
const decide: Intent<typeof DecideAppealSchema, Desk> = {
  ...actionIntent(decideAppeal, { title: "Appeal decided", redirectTo: "/organize/appeals#appeals" }),
  instanceField: "appealId",
};

export const appealsDeskIntents = { decide };

/** /organize/assignments' forms: running the assignment, dismissing and adding a conflict. */
const dismiss: Intent<typeof DismissConflictSchema, Desk> = {
  ...actionIntent(dismissConflict, { title: "Conflict dismissed", redirectTo: "/organize/assignments#conflicts" }),
  instanceField: "conflictId",
};

export const assignmentsDeskIntents = {
  run: actionIntent(runAssignments, { title: "Assignment run", redirectTo: "/organize/assignments#run" }),
  dismiss,
  "add-conflict": actionIntent(addConflict, {
    title: "Conflict recorded",
    redirectTo: "/organize/assignments#add-conflict",
  }),
};
