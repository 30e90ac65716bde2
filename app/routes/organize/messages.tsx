/**
 * /organize/messages (issue 33): announcements to a segment (the
 * next-edition list, the edition's registrants, participants, teams that
 * submitted, finalists, judges, organization admins) and messages to one
 * team: write, preview (the e-mail, the count, the first recipients), send
 * a test to oneself, then send through the outbox in batches. Every form is
 * a registered organizer action or query (app/notifications/announcements.server.ts),
 * the same the organizer API and `npm run admin -- announce` run.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import {
  ComposeSection,
  PastSection,
  PreviewSection,
  TeamMessageSection,
  type PreviewStep,
} from "~/components/organize/messages";
import { messagesDesk } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { messagesDeskIntents, messagesDeskView } from "~/notifications/desk.server";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(messagesDesk.title, "Announcements to a segment and messages to one team."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await messagesDeskView(context.get(deskContext), new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.messages", intents: messagesDeskIntents, redirectTo: "/organize/messages#past" },
  );
}

export const headers = signedInPageHeaders;

export default function Messages({ loaderData: view, actionData }: Route.ComponentProps) {
  const step = actionData?.step as PreviewStep | undefined;
  return (
    <>
      <DeskHero header={view.header} title={messagesDesk.title} lead={messagesDesk.lead(view.editionName)} />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        {step?.preview ? <PreviewSection step={step} canSend={view.canSend} actionData={actionData} /> : null}
        <ComposeSection view={view} compose={step?.compose} actionData={actionData} />
        <TeamMessageSection view={view} compose={step?.compose} actionData={actionData} />
        <PastSection view={view} actionData={actionData} />
      </DeskBody>
    </>
  );
}
