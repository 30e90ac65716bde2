/** /organize/audit's filter (a GET form) and its table, with each row's facts in a disclosure. */
import type { auditView } from "~/organize/desk-view.server";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, deskLinkClass, Empty, Pager } from "./desk";

type AuditView = Awaited<ReturnType<typeof auditView>>;

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
            {view.actionIds.map((id) => (
              <option key={id} value={id}>
                {id}
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
        </div>
      </form>
    </SectionCard>
  );
}

function Facts({ facts }: { facts: AuditView["rows"][number]["facts"] }) {
  const pretty = (json: string | null) => {
    if (!json) return "—";
    try {
      return JSON.stringify(JSON.parse(json), null, 2);
    } catch {
      return json;
    }
  };
  return (
    <details>
      <summary className="cursor-pointer text-brand-700 underline">Facts</summary>
      <dl className="mt-2 space-y-2 text-xs">
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
    </details>
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
        <DeskTable id="audit-table" caption="Audit log entries, newest first" head={["When", "Who", "What", "Details"]}>
          {view.rows.map((r) => (
            <tr key={r.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{r.when}</td>
              <td className={`${cellClass} break-all`}>
                {r.actor}
                <span className="block text-xs text-slate-600">
                  {r.actorKind === "job"
                    ? "daily job or bootstrap"
                    : `${r.role ?? ""}${r.actorKind === "token" ? ", API token" : ""}`}
                </span>
              </td>
              <td className={cellClass}>
                {r.summary}
                <span className="block text-xs text-slate-600">{r.action}</span>
                {r.reason ? <span className="block text-xs">Reason: {r.reason}</span> : null}
              </td>
              <td className={cellClass}>
                <Facts facts={r.facts} />
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={view} label="Audit log" />
    </SectionCard>
  );
}
