/**
 * /organize (issue 32): where the edition stands and what needs this role's
 * attention: the edition's numbers, its organizations, score coverage,
 * judges, the outbox, the daily jobs' latest runs, proposals waiting for a
 * second director, the latest entries of the audit log. Each block shows
 * only to a role that may read it.
 */
import {
  cellClass,
  DeskBody,
  DeskHero,
  deskLinkClass,
  DeskTable,
  Empty,
  LinkIfAllowed,
  organizationPage,
} from "~/components/organize/desk";
import { overviewText as text } from "~/content/organize";
import { IntentForm, intentErrors, Refusals } from "~/components/intent-form";
import { SectionCard, dangerButtonClass } from "~/components/section-card";
import { overviewDeskView } from "~/desk/overview.server";
import { deskLinks } from "~/desk/pages";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { outboxDeskIntents } from "~/notifications/desk.server";
import { deskPage, handleDeskPost } from "~/organize/action-intent.server";
import { deskContext } from "~/organize/guard.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Organizers' desk", "The Challenge's staff run the edition from here."),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const desk = context.get(deskContext);
  return deskPage({ ...(await overviewDeskView(desk)), links: deskLinks(desk) });
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

/** "12 of 15": a part of a whole. */
function FigureOf({ label, value, of, href }: { label: string; value: number; of: number; href: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-950">
        <a href={href} className="underline-offset-4 hover:underline">
          {value} <span className="text-base font-semibold text-slate-700">of {of}</span>
        </a>
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
        {view.counts ? (
          <SectionCard id="counts" title={text.countsTitle}>
            <p className="mt-2 text-sm text-slate-700">{text.registrationsNote}</p>
            <DeskTable
              id="registrations"
              caption={text.registrationsCaption}
              head={[text.planColumn, ...view.counts.phases, text.totalColumn]}
            >
              {view.counts.registrations.map((r) => (
                <tr key={r.plan}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                    {r.label}
                  </th>
                  {r.perPhase.map((n, i) => (
                    <td key={view.counts!.phases[i]} className={cellClass}>
                      {n}
                    </td>
                  ))}
                  <td className={cellClass}>{r.total}</td>
                </tr>
              ))}
            </DeskTable>
            <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="edition-counts">
              <Figure label={text.enrolled} value={view.counts.enrolled} />
              <Figure label={text.teams} value={view.counts.teams} />
              <Figure label={text.submitted} value={view.counts.submitted} />
              <Figure label={text.votes} value={view.counts.votes} />
            </dl>
            <p className="mt-2 text-sm text-slate-700">{text.votesNote}</p>
          </SectionCard>
        ) : null}
        {view.companies ? (
          <SectionCard id="organizations" title={text.companiesTitle}>
            {view.companies.rows.length === 0 ? (
              <Empty>{text.companiesNone}</Empty>
            ) : (
              <>
                <DeskTable id="companies" caption={text.companiesCaption} head={text.companiesHead}>
                  {view.companies.rows.map((c) => (
                    <tr key={c.id}>
                      <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                        <LinkIfAllowed href={view.links.organization ? organizationPage(c.id) : null}>
                          {c.name}
                        </LinkIfAllowed>
                      </th>
                      <td className={cellClass}>
                        <code className="break-all">{c.code}</code>
                      </td>
                      <td className={cellClass}>{c.enrolled}</td>
                    </tr>
                  ))}
                </DeskTable>
                {view.companies.total > view.companies.rows.length ? (
                  <p className="mt-2 text-sm text-slate-700">
                    {text.companiesMore(view.companies.rows.length, view.companies.total)}
                  </p>
                ) : null}
              </>
            )}
          </SectionCard>
        ) : null}
        {view.coverage ? (
          <SectionCard id="coverage" title={text.coverageTitle}>
            {view.coverage.projects === 0 ? (
              <p className="mt-2 text-slate-700">{text.coverageNone}</p>
            ) : (
              <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="coverage">
                <FigureOf
                  label={text.coverageProjects}
                  value={view.coverage.projectsComplete}
                  of={view.coverage.projects}
                  href="/organize/report"
                />
                <FigureOf
                  label={text.coverageSets}
                  value={view.coverage.setsComplete}
                  of={view.coverage.setsNeeded}
                  href="/organize/report"
                />
              </dl>
            )}
          </SectionCard>
        ) : null}
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
        {view.jobs ? (
          <SectionCard id="daily-jobs" title={text.jobsTitle}>
            <DeskTable id="jobs" caption={text.jobsCaption} head={text.jobsHead}>
              {view.jobs.map((j) => (
                <tr key={j.name}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-slate-900">
                    {j.label}
                    <span className="block text-xs font-normal text-slate-700">{j.does}</span>
                  </th>
                  <td className={cellClass}>{j.lastRun ?? text.jobNeverRan}</td>
                  <td className={cellClass}>
                    {j.lastRun ? (j.failed ? text.jobOutcome.failed : text.jobOutcome.done) : null}
                  </td>
                  <td className={cellClass}>{j.summary}</td>
                </tr>
              ))}
            </DeskTable>
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
