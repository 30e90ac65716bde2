/**
 * The forms of the desk's own pages (issue 32, ADR 013 and 018): each intent
 * is a registered action (`actionIntent`), except the confirmation of a
 * proposal, which asks for the second factor again.
 */
import { createAuth } from "~/auth/auth.server";
import { verifySecondFactorAgain } from "~/auth/second-factor-session.server";
import { intent } from "~/forms/intent-action.server";
import { accountAllowed, clientAllowed } from "~/lib/client-limit.server";
import { actionIntent, refusalOutcome } from "./desk-intent.server";
import type { Desk } from "./guard.server";
import { grantOrganizer, removeOrganizer } from "./organizers.server";
import { confirmProposal } from "./proposals.server";
import { organizerActions } from "./registry.server";
import { ConfirmProposalSchema } from "./schema";
import { createToken, revokeToken } from "./tokens.server";

export const organizersIntents = {
  grant: actionIntent(grantOrganizer, { title: "Role granted", redirectTo: "/organize/organizers" }),
  remove: actionIntent(removeOrganizer, { title: "Role removed", redirectTo: "/organize/organizers" }),
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

/** A wrong code is counted per client and per account, whichever runs out first. */
async function codeAttemptAllowed(desk: Desk) {
  const [client, account] = await Promise.all([
    clientAllowed(desk.env, "organize:second-factor", desk.request, desk.user.id),
    accountAllowed(desk.env, "organize:second-factor", desk.user.id),
  ]);
  return client && account;
}

export function proposalIntents(proposalId: string) {
  return {
    confirm: intent({
      schema: ConfirmProposalSchema,
      allowed: codeAttemptAllowed,
      async handle({ code }, desk: Desk) {
        const auth = createAuth(desk.env, desk.request, { requestId: desk.requestId });
        const confirmed = await confirmProposal(organizerActions, proposalId, desk.action, () =>
          verifySecondFactorAgain(auth, desk.request, code),
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
