/**
 * /organize/judges' "Publish profiles" (issue 54). The page's advisors, offers
 * to advise and profiles are tabs of its view (app/judging/desk.server.ts,
 * issue 56: one table per tab, each read only when shown); the offers to
 * advise are invited with the same `judges.invite` action as a judge, with an
 * advisor's standing and the advisory group the coordinator chooses.
 */
import { actionIntent } from "~/organize/action-intent.server";
import { backTo } from "~/judging/desk.server";
import { publishProfiles } from "./actions.server";

/** The publication goes back to the profiles' tab, at the page it was posted from. */
export function profilesDeskIntents(posted: URL) {
  return {
    "publish-profiles": actionIntent(publishProfiles, {
      title: "Profiles published",
      redirectTo: backTo("/organize/judges", posted, ["view", "page"], "profiles"),
    }),
  };
}
