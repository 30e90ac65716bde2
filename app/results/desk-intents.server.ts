/**
 * The forms of /organize/results (issue 32): each PROPOSES a one-way
 * organizer action (./actions.server.ts); the browser then goes to the
 * proposal's page, where a different director confirms it.
 */
import { actionIntent } from "~/organize/desk-intent.server";
import { publishAwards, publishFinalists } from "./actions.server";

export const resultsDeskIntents = {
  "publish-finalists": actionIntent(publishFinalists, { title: "Finalists proposed" }),
  "publish-awards": actionIntent(publishAwards, { title: "Awards proposed" }),
};
