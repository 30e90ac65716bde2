/**
 * The sponsors' presences on the desk (issue 54), on /organize/sponsorships
 * beside the edition's sponsorships: what each paid sponsor gave, its logo
 * shown at the size the site would show it, and the forms that approve it
 * or return it with a reason (`sponsors.approve-presence`,
 * `sponsors.return-presence`, the same actions the organizer API runs).
 */
import type { Intent } from "~/forms/intent-action.server";
import { sponsorReviewMessages as text } from "~/content/sponsor-presence";
import { actionIntent } from "~/organize/action-intent.server";
import type { Desk } from "~/organize/guard.server";
import { approvePresence, returnPresence, reviewedPresences } from "./actions.server";
import type { ApprovePresenceSchema, ReturnPresenceSchema } from "./schema";

export async function presenceDeskView(desk: Desk) {
  const presences = desk.can("read:sponsorship") ? await reviewedPresences(desk) : [];
  return {
    canReview: desk.can("review:sponsorship"),
    waiting: presences.filter((p) => p.status === "submitted"),
    shown: presences.filter((p) => p.shown !== null),
  };
}

export type PresenceDeskView = Awaited<ReturnType<typeof presenceDeskView>>;

const redirectTo = "/organize/sponsorships#presence";

/** Approve and return are repeated per sponsor: the answer goes back to the one posted. */
const approve: Intent<typeof ApprovePresenceSchema, Desk> = {
  ...actionIntent(approvePresence, { title: text.approvedToast, redirectTo }),
  instanceField: "sponsorshipId",
};
const giveBack: Intent<typeof ReturnPresenceSchema, Desk> = {
  ...actionIntent(returnPresence, { title: text.returnedToast, redirectTo }),
  instanceField: "sponsorshipId",
};

export const presenceDeskIntents = { "approve-presence": approve, "return-presence": giveBack };
