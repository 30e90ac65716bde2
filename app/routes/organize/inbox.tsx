/**
 * /organize/inbox (issue 33): the contact messages and the judge/advisor
 * interest forms, unhandled first, newest first, each marked handled or
 * reopened by the registered actions `contacts.handle` and
 * `interests.handle` (app/people/inbox.server.ts), the same the organizer
 * API runs, each with its audit row.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { ContactsSection, InterestsSection } from "~/components/organize/people";
import { peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { inboxDeskIntents, inboxDeskView } from "~/people/desk.server";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.inboxTitle, peopleText.inboxLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await inboxDeskView(context.get(deskContext), new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.inbox", intents: inboxDeskIntents, redirectTo: "/organize/inbox" },
  );
}

export const headers = signedInPageHeaders;

export default function Inbox({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={peopleText.inboxTitle} lead={peopleText.inboxLead} />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <ContactsSection view={view} actionData={actionData} />
        <InterestsSection view={view} actionData={actionData} />
      </DeskBody>
    </>
  );
}
