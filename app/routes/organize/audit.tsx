/**
 * /organize/audit (issue 32): every organizer action, newest first, filtered
 * by a GET form (who, which action, a range of Mountain-Time days) and paged
 * by links; the same selection downloads as CSV. Nothing here writes.
 */
import { AuditFilter, AuditTable } from "~/components/organize/audit";
import { DeskBody, DeskHero } from "~/components/organize/desk";
import { auditedActionIds } from "~/desk/registry.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { deskPage } from "~/organize/action-intent.server";
import { auditDeskView } from "~/organize/desk.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Audit log", "Every action of the Challenge's organizers."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await auditDeskView(context.get(deskContext), new URL(request.url), auditedActionIds);
  return deskPage(view);
}

export const headers = signedInPageHeaders;

export default function Audit({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <DeskHero
        header={view.header}
        title="Audit log"
        lead="Every organizer action, on the desk, through the API or by the daily jobs, and every read of personal data: who, when, what, and the facts before and after."
      />
      <DeskBody>
        <AuditFilter view={view} />
        <AuditTable view={view} />
      </DeskBody>
    </>
  );
}
