/**
 * /organize/organizations/:id (issue 51): an organization's package and its
 * history from the one event log.
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { HistorySection } from "~/components/organize/history";
import { InvoicesOf } from "~/components/organize/invoices";
import { invoicesOf } from "~/payments/receivables.server";
import { historyText } from "~/content/events";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskHeader } from "~/organize/guard.server";
import { deskContext } from "~/organize/guard.server";
import { organizationDeskView } from "~/desk/histories.server";
import type { Route } from "./+types/organization";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(historyText.title, historyText.organizationLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage({
    header: deskHeader(desk),
    ...(await organizationDeskView(desk, params.id)),
    // An invoiced package (issue 53): open, overdue or paid.
    invoices: await invoicesOf(desk.db, { recordId: params.id }, desk.action.now),
  });
}

export const headers = signedInPageHeaders;

export default function Organization({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title={historyText.organizationTitle(view.organization.title)}
        lead={historyText.organizationLead}
      />
      <DeskBody>
        <InvoicesOf invoices={view.invoices} />
        <HistorySection history={view.history} of={view.organization.title} />
      </DeskBody>
    </>
  );
}
