/**
 * /organize/tokens (issue 32): an organizer's API tokens for the admin CLI
 * and the organizer API. Created here only (a session past the second
 * factor), shown once on the answer to the post, revoked here or through the
 * API. A director sees and may revoke everyone's.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import {
  CreatedTokenSection,
  CreateTokenSection,
  TokensSection,
  type CreatedToken,
} from "~/components/organize/tokens";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { tokensDeskIntents, tokensDeskView } from "~/organize/desk.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/tokens";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("API tokens", "Tokens for the admin CLI and the organizer API."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await tokensDeskView(context.get(deskContext)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.tokens", intents: tokensDeskIntents, redirectTo: "/organize/tokens" },
  );
}

export const headers = signedInPageHeaders;

export default function Tokens({ loaderData: view, actionData }: Route.ComponentProps) {
  const created = actionData?.step?.created as CreatedToken | undefined;
  return (
    <>
      <DeskHero header={view.header} title="API tokens" lead="For the admin CLI and your own scripts." />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        {created ? <CreatedTokenSection created={created} /> : null}
        <TokensSection tokens={view.tokens} all={view.all} actionData={actionData} />
        <CreateTokenSection actionData={actionData} />
      </DeskBody>
    </>
  );
}
