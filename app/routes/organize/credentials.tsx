/**
 * /organize/credentials (issue 33): the training provider's completions
 * imported (upload, preview, confirm), the edition's credentials searched by
 * e-mail and revoked with a reason, and the signing keys' status. The forms
 * are the registered organizer actions `credentials.import` and
 * `credentials.revoke` (app/credentials/), the same the organizer API and
 * `npm run admin -- import-completions | revoke-credential` run.
 */
import { Refusals } from "~/components/intent-form";
import {
  CredentialsSection,
  ImportSection,
  KeysSection,
  PreviewSection,
  RevokeSection,
} from "~/components/organize/credentials";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { credentialDeskText } from "~/content/credentials";
import { credentialsDeskIntents, credentialsDeskView } from "~/credentials/desk.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/credentials";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(credentialDeskText.title, credentialDeskText.lead),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await credentialsDeskView(context.get(deskContext), new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.credentials", intents: credentialsDeskIntents, redirectTo: "/organize/credentials" },
  );
}

export const headers = signedInPageHeaders;

export default function Credentials({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={credentialDeskText.title}
        lead={`${view.editionName}: ${credentialDeskText.lead}`}
      />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <PreviewSection view={view} actionData={actionData} />
        <RevokeSection view={view} actionData={actionData} />
        {view.canImport ? <ImportSection view={view} actionData={actionData} /> : null}
        <CredentialsSection view={view} actionData={actionData} />
        <KeysSection view={view} actionData={actionData} />
      </DeskBody>
    </>
  );
}
