/**
 * /organize/editions/<id> (issue 52): one edition's draft forms, its check,
 * what the site will say, the proposal of its publication and, once it is
 * published, the change of a milestone. Each form is an organizer action
 * (app/editions/actions.server.ts, the same the organizer API takes); the
 * one-way ones go to their proposal, which a different director confirms.
 */
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import {
  ChangeSection,
  CheckSection,
  DatesForm,
  DetailsForm,
  PricesForm,
  ProposeSection,
  SitePreviewSection,
  VersionsSection,
} from "~/components/organize/editions";
import { editionDeskText } from "~/content/edition-desk";
import { editionDeskIntents, editionDeskView } from "~/editions/desk.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/editions.$id";

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Edition ${params.id}`, "An edition's draft, its check, its publication and its changes."),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  return deskPage(await editionDeskView(context.get(deskContext), params.id));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.editions", intents: editionDeskIntents, redirectTo: `/organize/editions/${params.id}` },
  );
}

export const headers = signedInPageHeaders;

export default function Edition({ loaderData: view, actionData }: Route.ComponentProps) {
  // A post whose form this person is not shown (a coordinator's proposal, a draft of a published edition): its refusal above.
  const posted = actionData?.intent ?? "";
  const hiddenForm =
    (posted === "publish" && !view.may.propose) ||
    (posted === "change" && !view.may.change) ||
    (posted.startsWith("draft-") && !view.may.draft);
  const state = view.published
    ? "published"
    : view.latestVersion === 0
      ? "not stored yet"
      : `draft version ${view.latestVersion}`;
  return (
    <>
      <DeskHero header={view.header} title={view.name} lead={`${state}. ${editionDeskText.draftLead}`} />
      <DeskBody>
        <Refusals messages={actionData?.intent === null || hiddenForm ? (actionData?.result.error?.[""] ?? []) : []} />
        <CheckSection view={view} />
        {view.may.draft ? (
          <>
            <DatesForm view={view} actionData={actionData} />
            <PricesForm view={view} actionData={actionData} />
            <DetailsForm view={view} actionData={actionData} />
          </>
        ) : null}
        <SitePreviewSection view={view} />
        <ProposeSection view={view} actionData={actionData} />
        <ChangeSection view={view} actionData={actionData} />
        <VersionsSection view={view} />
      </DeskBody>
    </>
  );
}
