/**
 * The forms of the desk's own pages (issue 32, ADR 013 and 018): each intent
 * is a registered action (`actionIntent`), except the confirmation of a
 * proposal, which asks for the second factor again.
 */
import { intent } from "~/forms/intent-action.server";
import { actionIntent, refusalOutcome } from "./desk-intent.server";
import type { Desk } from "./guard.server";
import { grantDirector, grantOrganizer, removeDirector, removeOrganizer } from "./organizers.server";
import { confirmProposal } from "./proposals.server";
import { organizerActions } from "./registry.server";
import { ConfirmProposalSchema } from "./schema";
import { checkCodeAgain, codeAttemptAllowed } from "./second-factor-again.server";
import { createToken, revokeToken } from "./tokens.server";

export const organizersIntents = {
  grant: actionIntent(grantOrganizer, { title: "Role granted", redirectTo: "/organize/organizers" }),
  remove: actionIntent(removeOrganizer, { title: "Role removed", redirectTo: "/organize/organizers" }),
  // The two-person rule: these propose, and the browser goes to the proposal's page.
  "grant-director": actionIntent(grantDirector, { title: "Director proposed" }),
  "remove-director": actionIntent(removeDirector, { title: "Removal proposed" }),
};

export const tokensIntents = {
  // The token is shown once, on the answer to this post: never in a redirect, a cookie or the log.
  create: actionIntent(createToken, {
    title: "Token created",
    done: ({ result, message }) => ({
      ok: "next",
      intent: "create",
      step: { created: { name: result.name, token: result.token, message } },
    }),
  }),
  revoke: actionIntent(revokeToken, { title: "Token revoked", redirectTo: "/organize/tokens" }),
};

export function proposalIntents(proposalId: string) {
  return {
    confirm: intent({
      schema: ConfirmProposalSchema,
      allowed: codeAttemptAllowed,
      async handle({ code }, desk: Desk) {
        const confirmed = await confirmProposal(organizerActions, proposalId, desk.action, () =>
          checkCodeAgain(desk, code),
        );
        if (!confirmed.ok) return refusalOutcome(confirmed);
        return {
          ok: true,
          toast: { type: "success", title: "Confirmed", description: confirmed.message },
          redirectTo: `/organize/proposals/${proposalId}`,
        };
      },
    }),
  };
}
