/**
 * /organize/proposals/:id (issue 32, ADR 018): one proposal's preview as it
 * was proposed, and, for a different director while it is open, the
 * confirmation form with the second factor. Confirming recomputes the
 * preview and refuses if it changed.
 */
import { data } from "react-router";
import { Refusals } from "~/components/intent-form";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { ConfirmSection, PreviewSection } from "~/components/organize/proposals";
import { SectionCard } from "~/components/section-card";
import { deskMessages } from "~/content/organize";
import { organizerActions } from "~/desk/registry.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { proposalDeskIntents, proposalDeskView } from "~/organize/desk.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/proposal";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Proposal", "A one-way action waiting for a second director."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const view = await proposalDeskView(context.get(deskContext), params.id, organizerActions);
  if (!view) throw data(null, { status: 404 });
  return deskPage(view);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    {
      event: "organize.proposal",
      intents: proposalDeskIntents(params.id, organizerActions),
      redirectTo: `/organize/proposals/${params.id}`,
      logFields: { proposalId: params.id },
    },
  );
}

export const headers = signedInPageHeaders;

export default function Proposal({ loaderData: view, actionData }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title="Proposal" lead={view.summary} />
      <DeskBody>
        <Refusals messages={actionData?.intent === null ? (actionData.result.error?.[""] ?? []) : []} />
        <SectionCard id="about" title="Who and when">
          <p className="mt-2 text-slate-800 break-all">
            {`Proposed by ${view.proposedBy} on ${view.proposedAt}; ${
              view.status === "confirmed" ? `confirmed on ${view.confirmedAt}.` : `open until ${view.expiresAt}.`
            }`}
          </p>
          {view.known ? null : <p className="mt-2 text-slate-700">{deskMessages.proposalUnknown}</p>}
        </SectionCard>
        <PreviewSection preview={view.preview} />
        {view.status === "open" && view.known ? (
          <ConfirmSection cannotConfirm={view.cannotConfirm} actionData={actionData} />
        ) : null}
      </DeskBody>
    </>
  );
}
