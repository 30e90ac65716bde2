/**
 * /organize/preview (issue 52): a director or coordinator looks at the whole
 * public site as it will be on a day of an edition, a draft's too, in
 * production as well: started and left here (and from the banner on every
 * previewed page), bound to this desk session only (app/editions/preview.server.ts).
 * This page itself, like the whole desk, is never previewed.
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { CurrentPreviewSection, StartPreviewSection } from "~/components/organize/preview";
import { Refusals } from "~/components/intent-form";
import { previewText } from "~/content/preview";
import { formatMountain } from "~/clock/format";
import { previewSubject } from "~/content/preview";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { previewDeskIntents } from "~/editions/preview-desk.server";
import { previewChoices, sessionPreview } from "~/editions/preview.server";
import { deskContext, deskHeader } from "~/organize/guard.server";
import type { Route } from "./+types/preview";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(previewText.deskTitle, "The public site as it will be on another day of an edition."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const [current, choices] = await Promise.all([
    sessionPreview(desk.db, desk.sessionId),
    previewChoices(desk.db, desk.env),
  ]);
  return deskPage({
    header: deskHeader(desk),
    current: current
      ? {
          subject: previewSubject(current),
          day: formatMountain(current.at, "dateTime"),
        }
      : null,
    choices,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.preview", intents: previewDeskIntents, redirectTo: "/organize/preview" },
  );
}

export const headers = signedInPageHeaders;

export default function Preview({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={previewText.deskTitle} lead={previewText.deskLead} />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <CurrentPreviewSection current={view.current} actionData={actionData} />
        <StartPreviewSection choices={view.choices} actionData={actionData} />
      </DeskBody>
    </>
  );
}
