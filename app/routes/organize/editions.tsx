/**
 * /organize/editions (issue 52): the editions the site shows and those
 * stored as data, and the next one to draft (app/editions/desk.server.ts).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { EditionsList } from "~/components/organize/editions";
import { editionsDeskView } from "~/editions/desk.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/editions";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Editions", "Draft, check, propose and publish an edition; change a published one."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await editionsDeskView(context.get(deskContext)));
}

export const headers = signedInPageHeaders;

export default function Editions({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title="Editions" />
      <DeskBody>
        <EditionsList view={view} />
      </DeskBody>
    </>
  );
}
