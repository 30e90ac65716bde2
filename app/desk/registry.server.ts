/**
 * Every organizer action and query, in one place (issue 32, ADR 018). The
 * desk's intents, the organizer API (`POST /api/organize/actions/<id>`,
 * `GET /api/organize/queries/<id>`) and the confirmation of proposals look
 * them up here, and tests/integration/organize-actions.test.ts walks this
 * list: an action added to a concern's list joins the API and the tests at
 * once. Each concern exports its own list (`judgingActions`, …); add the
 * list here. It stands above the concerns (./overview.server.ts says why):
 * the machinery below that needs it (confirming a proposal, the audit
 * log's filter) is handed it by the route or the API.
 */
import { accountEventSummaries } from "~/content/events";
import { dailyJobAction, personalDataReadIds } from "~/content/organize";
import { sitePreviewKinds } from "~/events/kinds";
import { credentialActions, credentialQueries } from "~/credentials/actions.server";
import { editionActions } from "~/editions/actions.server";
import { judgingActions, judgingQueries } from "~/judging/actions.server";
import { assignmentActions, assignmentQueries } from "~/judging/assignment-actions.server";
import { resultsActions } from "~/results/actions.server";
import { judgingReportQuery } from "~/judging/report.server";
import { notificationActions } from "~/notifications/actions.server";
import { voteReviewActions, voteReviewQueries } from "~/showcase/vote-review.server";
import { peopleActions, peopleQueries } from "~/people/actions.server";
import { receivableActions, receivableQueries } from "~/payments/receivables.server";
import { deadlineActions, deadlineQueries } from "~/portal/extensions.server";
import { showcaseModerationActions, showcaseModerationQueries } from "~/showcase/moderation.server";
import { announcementActions, announcementQueries } from "~/notifications/announcements.server";
import { sponsorPresenceActions, sponsorPresenceQueries } from "~/sponsors/actions.server";
import { organizationListingActions, organizationListingQueries } from "~/organization/actions.server";
import { profileActions, profileQueries } from "~/profiles/actions.server";
import type { AnyOrganizerAction, AnyOrganizerQuery } from "~/organize/action.server";
import {
  grantDirector,
  grantOrganizer,
  listOrganizers,
  removeDirector,
  removeOrganizer,
} from "~/organize/organizers.server";
import { createToken, revokeToken } from "~/organize/tokens.server";

const actions: AnyOrganizerAction[] = [
  grantOrganizer,
  removeOrganizer,
  grantDirector,
  removeDirector,
  createToken,
  revokeToken,
  ...judgingActions,
  ...resultsActions,
  ...assignmentActions,
  ...notificationActions,
  ...voteReviewActions,
  ...peopleActions,
  ...receivableActions,
  ...showcaseModerationActions,
  ...deadlineActions,
  ...credentialActions,
  ...announcementActions,
  ...editionActions,
  ...sponsorPresenceActions,
  ...organizationListingActions,
  ...profileActions,
];
const queries: AnyOrganizerQuery[] = [
  listOrganizers,
  ...judgingQueries,
  ...assignmentQueries,
  judgingReportQuery,
  ...voteReviewQueries,
  ...peopleQueries,
  ...receivableQueries,
  ...showcaseModerationQueries,
  ...deadlineQueries,
  ...credentialQueries,
  ...announcementQueries,
  ...sponsorPresenceQueries,
  ...organizationListingQueries,
  ...profileQueries,
];

function byId<T extends { id: string }>(list: readonly T[]): Readonly<Record<string, T>> {
  const index: Record<string, T> = {};
  for (const item of list) {
    if (Object.hasOwn(index, item.id)) throw new Error(`two organizer actions or queries are named ${item.id}`);
    index[item.id] = item;
  }
  return index;
}

export const organizerActions = byId(actions);
export const organizerQueries = byId(queries);

/**
 * Every action id the audit log may hold: the registered ones, the bootstrap
 * step, proposing, the daily jobs' runs, reads of personal data, and the
 * kinds of the accounts' own actions (which its "who acted" filter shows).
 */
export const auditedActionIds: readonly string[] = [
  "organizers.bootstrap",
  dailyJobAction,
  "proposals.propose",
  ...Object.values(sitePreviewKinds),
  ...Object.keys(organizerActions),
  ...personalDataReadIds,
  ...Object.keys(accountEventSummaries),
].sort();
