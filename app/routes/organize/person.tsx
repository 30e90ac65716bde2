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
import { peopleRules, peopleText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import { historyPageOf, historyPageQuery, type HistoryPageRows } from "~/desk/histories.server";
import { personDeskQueries, personDeskView } from "~/people/desk.server";
import type { PersonFactsRows } from "~/people/people.server";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(peopleText.personTitle, peopleText.personLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  const url = new URL(desk.request.url);
  const subject = { userId: params.id };
  // One round trip (issue 56): the person's facts (their invoices among them, issue 53), the read's row of the
  // log, then a page of everything the person did or that concerned them, from the one event log (this read
  // included).
  const person = personDeskQueries(desk, params.id);
  const historySize = peopleRules.historyPageSize;
  const rows = await desk.db.batch([...person, historyPageQuery(desk.db, subject, url, historySize)]);
  const view = personDeskView(desk, rows.slice(0, person.length - 1) as unknown as PersonFactsRows);
  const history = rows[person.length] as HistoryPageRows;
  return deskPage({
    ...view,
    history: await historyPageOf(desk.db, subject, url, history, historySize),
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
