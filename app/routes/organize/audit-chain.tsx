/**
 * /organize/audit/chain (issue 50, directors): the audit log's hash chain
 * verified on each visit, and a plain answer: it holds, or the first row
 * where it breaks and why (app/events/chain.server.ts). Nothing
 * here writes.
 */
import { AuditChainVerdict } from "~/components/organize/audit";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { auditText } from "~/content/organize";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { auditChainDeskView } from "~/organize/desk.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/audit-chain";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(auditText.chainTitle, auditText.chainLead),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await auditChainDeskView(context.get(deskContext)));
}

export const headers = signedInPageHeaders;

export default function AuditChain({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero header={view.header} title={auditText.chainTitle} lead={auditText.chainLead} />
      <DeskBody>
        <AuditChainVerdict verdict={view.verdict} />
      </DeskBody>
    </>
  );
}
