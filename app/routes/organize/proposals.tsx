/** /organize/proposals (issue 32, ADR 018): the one-way actions waiting for a second director. */
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { ProposalsList } from "~/components/organize/proposals";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { proposalsDeskView } from "~/organize/desk.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/proposals";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Proposals", "One-way actions waiting for a second director."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await proposalsDeskView(context.get(deskContext)));
}

export const headers = signedInPageHeaders;

export default function Proposals({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Proposals"
        lead="One person proposes a one-way action with its preview; a different director confirms it within 24 hours."
      />
      <DeskBody>
        <ProposalsList proposals={view.proposals} />
      </DeskBody>
    </>
  );
}
