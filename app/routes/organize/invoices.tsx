/**
 * /organize/invoices (issue 53, ADR 025): the receivables of an edition and
 * the registered actions on an open invoice (app/payments/receivables.server.ts),
 * the same the organizer API and the CLI run, each with its audit row.
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { InvoicesSection } from "~/components/organize/invoices";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { receivablesText } from "~/content/invoices";
import { receivablesDeskIntents, receivablesDeskView } from "~/payments/desk.server";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(receivablesText.title, receivablesText.lead("edition")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return deskPage(await receivablesDeskView(context.get(deskContext), new URL(request.url)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.invoices", intents: receivablesDeskIntents, redirectTo: "/organize/invoices" },
  );
}

export const headers = signedInPageHeaders;

export default function Invoices({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={receivablesText.title} lead={receivablesText.lead(view.editionName)} />
      <DeskBody>
        <InvoicesSection view={view} actionData={actionData} />
      </DeskBody>
    </>
  );
}
