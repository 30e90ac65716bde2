/**
 * /organize/audit's filter (a GET form) and its table, the facts of the one entry whose "Facts…" link was
 * followed shown in its row; the chain's verdict.
 */
import { auditActors, auditKinds, auditText } from "~/content/organize";
import type { ChainVerdict } from "~/events/chain.server";
import type { auditDeskView } from "~/organize/desk.server";
import { SectionCard } from "../section-card";
import { DeskTable, deskControlClass, deskLabelClass, deskLinkClass, Empty, Pager } from "./desk";
import { deskCellLinksClass, deskCellsClass } from "./desk-cells";

type AuditView = Awaited<ReturnType<typeof auditDeskView>>;

export function AuditFilter({ view }: { view: AuditView }) {
  const { filter } = view;
  return (
    <SectionCard id="filter" title="Filter">
      <form method="get" action="/organize/audit" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="audit-actor" className={deskLabelClass}>
            Who (part of an e-mail address, a job&apos;s name, an account or token id)
          </label>
          <input id="audit-actor" name="actor" type="search" defaultValue={filter.actor} className={deskControlClass} />
        </div>
        <div>
          <label htmlFor="audit-action" className={deskLabelClass}>
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filter.action} className={deskControlClass}>
            <option value="">Every action</option>
            {/* An option's value is its text: the id, written once. */}
            {view.actionIds.map((id) => (
              <option key={id}>{id}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-kind" className={deskLabelClass}>
            {auditText.kindLabel}
          </label>
          <select id="audit-kind" name="kind" defaultValue={filter.kind} className={deskControlClass}>
            {auditKinds.map((kind) => (
              <option key={kind} value={kind}>
                {auditText.kinds[kind]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actors" className={deskLabelClass}>
            {auditText.actorsLabel}
          </label>
          <select id="audit-actors" name="actors" defaultValue={filter.actors} className={deskControlClass}>
            {auditActors.map((actors) => (
              <option key={actors} value={actors}>
                {auditText.actors[actors]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className={deskLabelClass}>
            From (Mountain Time)
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from} className={deskControlClass} />
        </div>
        <div>
          <label htmlFor="audit-to" className={deskLabelClass}>
            To (Mountain Time, included)
          </label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to} className={deskControlClass} />
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="btn-primary">
            Show
          </button>
          <a href="/organize/audit" className={deskLinkClass}>
            Clear the filter
          </a>
          {view.canVerify ? (
            <a href="/organize/audit/chain" className={deskLinkClass}>
              {auditText.verifyLink}
            </a>
          ) : null}
        </div>
      </form>
    </SectionCard>
  );
}

type Facts = NonNullable<AuditView["rows"][number]["facts"]>;

function Facts({ facts }: { facts: Facts }) {
  const pretty = (json: string | null) => {
    if (!json) return "—";
    try {
      return JSON.stringify(JSON.parse(json), null, 2);
    } catch {
      return json;
    }
  };
  return (
    <>
      <dl className="space-y-2 text-xs">
        {(
          [
            ["Targets", facts.targets],
            ["Before", facts.before],
            ["After", facts.after],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="font-semibold">{label}</dt>
            <dd>
              <pre className="whitespace-pre-wrap break-all">{pretty(value)}</pre>
            </dd>
          </div>
        ))}
        {facts.proposal ? (
          <div>
            <dt className="font-semibold">Proposal</dt>
            <dd className="break-all">{facts.proposal}</dd>
          </div>
        ) : null}
      </dl>
      <a href={facts.close} className="mt-2 inline-block">
        Hide the facts
      </a>
    </>
  );
}

export function AuditTable({ view }: { view: AuditView }) {
  return (
    <SectionCard id="events" title={`${view.total} ${view.total === 1 ? "entry" : "entries"}`}>
      <p className="mt-2">
        <a href={view.csv} className={deskLinkClass} download>
          Download these entries as CSV
        </a>
      </p>
      {view.rows.length === 0 ? (
        <Empty>Nothing matches this filter. Widen the dates or clear the filter.</Empty>
      ) : (
        <div className={`${deskCellsClass} ${deskCellLinksClass}`}>
          <DeskTable
            id="audit-table"
            caption="Audit log entries, newest first"
            head={["When", "Who", "What", "Details"]}
          >
            {view.rows.map((r) => (
              <tr key={r.id} id={r.facts ? `entry-${r.id}` : undefined}>
                <td className="whitespace-nowrap">{r.when}</td>
                <td className="break-all">
                  {r.actor}
                  <small>
                    {r.actorKind === "job"
                      ? "daily job or bootstrap"
                      : r.actorKind === "account"
                        ? auditText.accountActor(r.role ?? "")
                        : `${r.role ?? ""}${r.actorKind === "token" ? ", API token" : ""}`}
                  </small>
                </td>
                <td>
                  {r.summary}
                  <small>{r.action}</small>
                  {r.reason ? <span className="block text-xs">Reason: {r.reason}</span> : null}
                </td>
                <td>
                  {r.facts ? (
                    <Facts facts={r.facts} />
                  ) : (
                    <a href={r.factsHref}>
                      Facts<span className="sr-only"> of entry {r.id}</span>…
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </DeskTable>
        </div>
      )}
      <Pager paged={view} label="Audit log" />
    </SectionCard>
  );
}

/** The chain's verdict in words: it holds (and from where), or the first row where it breaks and why. */
export function AuditChainVerdict({ verdict }: { verdict: ChainVerdict }) {
  return (
    <SectionCard id="verdict" title={verdict.holds ? "Verified" : "Broken"}>
      <div className="mt-2 space-y-3" role="status" data-testid="chain-verdict" data-holds={String(verdict.holds)}>
        {verdict.holds ? (
          <>
            <p className="font-semibold">
              {verdict.firstId === null ? auditText.empty : auditText.holds(verdict.chained)}
            </p>
            {verdict.anchor ? <p>{auditText.anchored(verdict.anchor.prevId)}</p> : null}
            {verdict.lastHash ? (
              <p>
                {auditText.lastHash}{" "}
                <code className="break-all" data-testid="chain-last-hash">
                  {verdict.lastHash}
                </code>
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p className="font-semibold" data-testid="chain-break">
              {auditText.breaks(verdict.breakAt)}
            </p>
            <p>
              {verdict.reason === "missing"
                ? auditText.reasons.missing(verdict.namedPrevId)
                : auditText.reasons[verdict.reason]}
            </p>
            <p>{auditText.breakAdvice}</p>
          </>
        )}
        {verdict.unchained > 0 ? <p>{auditText.unchained(verdict.unchained)}</p> : null}
        <p>
          <a href="/organize/audit" className={deskLinkClass}>
            Back to the audit log
          </a>
        </p>
      </div>
    </SectionCard>
  );
}
