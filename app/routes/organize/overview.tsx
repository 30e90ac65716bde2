/**
 * /organize (issue 32): where the edition stands and what needs this role's
 * attention: judges, the outbox, proposals waiting for a second director,
 * the latest entries of the audit log. Each block shows only to a role that
 * may read it.
 */
import { DeskBody, DeskHero, deskLinkClass } from "~/components/organize/desk";
import { IntentForm, intentErrors, Refusals } from "~/components/intent-form";
import { SectionCard, dangerButtonClass } from "~/components/section-card";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { outboxDeskIntents } from "~/notifications/desk-intents.server";
import { deskPage, handleDeskPost } from "~/organize/desk-intent.server";
import { overviewView } from "~/organize/desk-view.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Organizers' desk", "The Challenge's staff run the edition from here."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return deskPage(await overviewView(context.get(deskContext)));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDeskPost(
    { request, context },
    { event: "organize.overview", intents: outboxDeskIntents, redirectTo: "/organize#outbox" },
  );
}

export const headers = signedInPageHeaders;

function Figure({ label, value, href }: { label: string; value: number; href?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-950">
        {href ? (
          <a href={href} className="underline-offset-4 hover:underline">
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

export default function Overview({ loaderData: view, actionData }: Route.ComponentProps) {
  const { edition } = view;
  return (
    <>
      <DeskHero header={view.header} title="Overview" lead={edition.phase} />
      <DeskBody>
        <SectionCard id="edition" title={edition.name}>
          <p className="mt-2 text-slate-800" data-testid="next-milestone">
            {edition.next
              ? `Next: ${edition.next.title}, ${edition.next.when}.`
              : "Every milestone of this edition is past."}
          </p>
        </SectionCard>
        {view.openProposals !== null ? (
          <SectionCard id="proposals" title="Waiting for a second director">
            <p className="mt-2 text-slate-800">
              {view.openProposals === 0 ? (
                "Nothing is waiting for confirmation."
              ) : (
                <a href="/organize/proposals" className={deskLinkClass}>
                  {`${view.openProposals} proposal(s) to confirm`}
                </a>
              )}
            </p>
          </SectionCard>
        ) : null}
        {view.judges ? (
          <SectionCard id="judges" title="Judges">
            <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Figure label="Judges (active)" value={view.judges.active} href="/organize/judges" />
              <Figure label="Invitations still open" value={view.judges.pending} href="/organize/judges#invitations" />
              <Figure
                label="Offers to judge (interest forms)"
                value={view.judges.interests}
                href="/organize/judges#interests"
              />
            </dl>
          </SectionCard>
        ) : null}
        {view.outbox ? (
          <SectionCard id="outbox" title="E-mail outbox">
            <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
              <Figure label="Queued" value={view.outbox.queued} />
              <Figure label="Failed (retrying)" value={view.outbox.failed} />
              <Figure label="Dead (gave up)" value={view.outbox.dead} />
            </dl>
            {/* The refusal shows even when the form does not (nothing is dead any more). */}
            <Refusals
              messages={
                actionData?.intent === null
                  ? (actionData.result.error?.[""] ?? [])
                  : intentErrors(actionData, "requeue")
              }
            />
            {view.outbox.dead > 0 && view.canRequeue ? (
              <IntentForm intent="requeue" className="mt-3" errors={[]}>
                <p className="mb-2 text-sm text-slate-700">
                  Hands every dead e-mail back to the outbox; the next sweep (within minutes) sends them again.
                </p>
                <button type="submit" className={dangerButtonClass}>
                  Requeue {view.outbox.dead} dead e-mail(s)
                </button>
              </IntentForm>
            ) : view.outbox.dead > 0 ? (
              <p className="mt-3 text-sm text-slate-700">
                A director or registrar can hand dead e-mails back to the outbox here, or with{" "}
                <code>npm run admin -- requeue-dead</code> (docs/admin.md).
              </p>
            ) : null}
          </SectionCard>
        ) : null}
        {view.recent ? (
          <SectionCard id="recent" title="Latest in the audit log">
            {view.recent.length === 0 ? (
              <p className="mt-2 text-slate-700">Nothing yet: every organizer action will be listed here.</p>
            ) : (
              <ul className="mt-3 space-y-1 text-sm text-slate-800" data-testid="recent-events">
                {view.recent.map((e) => (
                  <li key={e.id}>
                    {e.createdAt}: <span className="break-all">{e.actor}</span> — {e.summary}
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3">
              <a href="/organize/audit" className={deskLinkClass}>
                The whole audit log
              </a>
            </p>
          </SectionCard>
        ) : null}
      </DeskBody>
    </>
  );
}
