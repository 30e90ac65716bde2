/**
 * /organize/people/:id (issue 33): one person's registrations and payments,
 * organizations, teams and projects, showcase votes (how many and when,
 * never for whom), credentials, judging and desk role. The same facts as
 * the organizer API's `people.person` (app/people/people.server.ts), and
 * the invoices they requested (issue 53).
 */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { HistorySection } from "~/components/organize/history";
import { PersonSections } from "~/components/organize/people";
import { InvoicesOf } from "~/components/organize/invoices";
import { invoicesOf } from "~/payments/receivables.server";
import { peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { historyPage } from "~/desk/histories.server";
import { personDeskView } from "~/people/desk.server";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.personTitle, peopleText.personLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const view = await personDeskView(desk, params.id);
  // Everything the person did, or that concerned them, from the one event log.
  return deskPage({
    ...view,
    invoices: await invoicesOf(desk.db, { userId: params.id }, desk.action.now),
    history: await historyPage(desk, { userId: params.id }, new URL(desk.request.url)),
  });
}

export const headers = signedInPageHeaders;

export default function Person({ loaderData: view }: Route.ComponentProps) {
  const { account } = view.person;
  return (
    <>
      <DeskHero header={view.header} title={account.name || account.email} lead={peopleText.personLead} />
      <DeskBody>
        <PersonSections view={view} />
        <InvoicesOf invoices={view.invoices} />
        <HistorySection history={view.history} of={account.name || account.email} />
      </DeskBody>
    </>
  );
}
