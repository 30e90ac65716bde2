/**
 * /organize/assignments' sections (issues 24 and 32): running the
 * assignment (a confirmation step saying what it will do), then one tab at a
 * time (issue 56): each project's judges (filtered by team), each active
 * judge's load, or the conflicts of interest (filtered by status) with
 * dismiss (one form, in the row whose link was followed) and adding a
 * conflict. Every form is a plain POST, enhanced by Conform, and goes back to
 * the tab it was posted from; tabs, filters and pages are GET.
 */
import type { DeskLinks } from "~/desk/pages";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { AssignmentsDeskView } from "~/judging/desk.server";
import { AddConflictSchema, DismissConflictSchema } from "~/judging/schema";
import { Field, TextareaField } from "../forms";
import { IntentForm, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { DeskTabs } from "./desk-tabs";
import {
  cellClass,
  DeskTable,
  deskControlClass,
  deskLabelClass,
  deskLinkClass,
  Empty,
  LinkIfAllowed,
  Pager,
  teamPage,
} from "./desk";

type Props = { view: AssignmentsDeskView; actionData?: IntentActionData };
type TabView<Tab extends AssignmentsDeskView["view"]> = Extract<AssignmentsDeskView, { view: Tab }>;
type Conflict = TabView<"conflicts">["conflicts"]["items"][number];

const tabNames = {
  projects: "Each project's judges",
  judges: "Each judge's load",
  conflicts: "Conflicts of interest",
} as const;

/** The page's tabs: one table each. */
export function AssignmentsTabs({ view }: { view: AssignmentsDeskView }) {
  return <DeskTabs label="Assignments' tables" tabs={view.tabs} current={view.tab} names={tabNames} />;
}

/** Every message of an intent's last post, its fields' included: for a form that shows no field to put them beside. */
function allErrors(actionData: IntentActionData | undefined, intent: string): string[] {
  if (actionData?.intent !== intent) return [];
  return Object.values(actionData.result.error ?? {})
    .flat()
    .filter((message): message is string => typeof message === "string");
}

export function RunSection({ view, actionData }: Props) {
  return (
    <SectionCard id="run" title="Run the assignment">
      <p className="mt-2 text-sm text-slate-700">
        {`Gives every submitted project ${view.judgesPerProject} judges, the least-loaded eligible ones first, and never a judge with a live conflict. Running again only fills what is missing: nothing already assigned moves. It e-mails nobody. ${view.hasRun ? "It has run for this edition." : "It has not run yet for this edition."}`}
      </p>
      {/* The run's form has no field to show its error beside: every message goes above. */}
      <Refusals messages={allErrors(actionData, "run")} />
      {!view.canRun ? null : view.preview ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h3 className="font-semibold text-slate-900">Run it now?</h3>
          <p className="mt-1 text-sm text-slate-800" data-testid="assignment-preview">
            {`If you run it now: ${view.preview}`}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <IntentForm intent="run" errors={[]}>
              <input type="hidden" name="confirm" value="run" />
              <button type="submit" className="btn-primary">
                Yes, run the assignment
              </button>
            </IntentForm>
            <a href={view.runCancelHref} className={deskLinkClass}>
              Cancel
            </a>
          </div>
        </div>
      ) : (
        <form method="get" action="/organize/assignments#run" className="mt-4">
          {view.here.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="run" />
          <button type="submit" className="btn-outline">
            Run the assignment…
          </button>
        </form>
      )}
    </SectionCard>
  );
}

export function LoadsSection({ view }: { view: TabView<"judges"> }) {
  const { judges } = view;
  return (
    <SectionCard id="loads" title="Each judge's load">
      <p className="mt-2 text-sm text-slate-700">{`${view.counts.judges} active judge(s). Loads stay within one project of each other when conflicts allow it.`}</p>
      {judges.total === 0 ? (
        <Empty>
          No active judge yet. Invite judges on{" "}
          <a href="/organize/judges" className={deskLinkClass}>
            the judges page
          </a>
          , then run the assignment.
        </Empty>
      ) : (
        <DeskTable id="loads-table" caption="Each judge's load" head={["Judge", "Projects", "Scored"]}>
          {judges.items.map((j) => (
            <tr key={j.userId}>
              <td className={`${cellClass} break-all`}>
                {j.name}
                <span className="block text-xs text-slate-600">{j.email}</span>
              </td>
              <td className={cellClass}>{j.load}</td>
              <td className={cellClass}>{j.scored}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={judges} label="Judges' loads" />
    </SectionCard>
  );
}

export function ProjectsSection({ view, links }: { view: TabView<"projects">; links: DeskLinks }) {
  const { projects, filter } = view;
  return (
    <SectionCard id="projects" title="Each project's judges">
      <p className="mt-2 text-sm text-slate-700">
        {`${view.counts.projects} submitted project(s); ${view.counts.short} with fewer than ${view.judgesPerProject} judges.`}
      </p>
      <form method="get" action="/organize/assignments#projects" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="projects-team" className={deskLabelClass}>
            Team name or id
          </label>
          <input id="projects-team" name="team" type="search" defaultValue={filter.team} className={deskControlClass} />
        </div>
        <button type="submit" className="btn-outline">
          Show
        </button>
      </form>
      {projects.total === 0 ? (
        <Empty>
          {filter.team ? "No submitted project matches this filter." : "No project has been submitted yet."}
        </Empty>
      ) : (
        <DeskTable id="projects-table" caption="Each project's judges" head={["Project", "Judges"]}>
          {projects.items.map((p) => (
            <tr key={p.teamId}>
              <td className={`${cellClass} break-all`}>
                <LinkIfAllowed href={links.team ? teamPage(p.teamId) : null}>
                  {p.name || "(solo project)"}
                </LinkIfAllowed>
                <span className="block text-xs text-slate-600">{p.teamId}</span>
              </td>
              <td className={`${cellClass} break-all`}>
                {p.judges.length === 0 ? (
                  <span className="text-amber-800">None yet</span>
                ) : (
                  <ul>
                    {p.judges.map((j) => (
                      <li key={j.email}>
                        {j.email}
                        {j.complete ? " (scored)" : ""}
                      </li>
                    ))}
                  </ul>
                )}
                {p.judges.length > 0 && p.judges.length < view.judgesPerProject ? (
                  <span className="block text-xs text-amber-800">{`Short of ${view.judgesPerProject - p.judges.length} judge(s)`}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={projects} label="Projects" />
    </SectionCard>
  );
}

export function ConflictsSection({ view, actionData }: { view: TabView<"conflicts">; actionData?: IntentActionData }) {
  const { conflicts, filter } = view;
  const shown = new Set(conflicts.items.filter((c) => c.status === "live").map((c) => String(c.id)));
  const orphan = actionData?.intent === "dismiss" && !shown.has(actionData.instance ?? "");
  return (
    <SectionCard id="conflicts" title="Conflicts of interest">
      <p className="mt-2 text-sm text-slate-700">
        {`${view.counts.live} live, ${view.counts.dismissed} dismissed. A live conflict keeps the judge off that project. Dismiss one that is not a conflict (say why): it is never detected again and the judge becomes assignable.`}
      </p>
      {orphan ? <Refusals messages={allErrors(actionData, "dismiss")} /> : null}
      <form method="get" action="/organize/assignments#conflicts" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="view" value="conflicts" />
        <div>
          <label htmlFor="conflicts-status" className={deskLabelClass}>
            Show
          </label>
          <select id="conflicts-status" name="conflicts" defaultValue={filter.conflicts} className={deskControlClass}>
            <option value="live">Live conflicts</option>
            <option value="dismissed">Dismissed conflicts</option>
            <option value="all">All conflicts</option>
          </select>
        </div>
        <button type="submit" className="btn-outline">
          Show
        </button>
      </form>
      {conflicts.total === 0 ? (
        <Empty>
          {filter.conflicts === "live"
            ? "No live conflict. Running the assignment detects them from the data; add one below that the data cannot show."
            : "No conflict matches this filter."}
        </Empty>
      ) : (
        <DeskTable id="conflicts-table" caption="Conflicts of interest" head={["Conflict", "Why", "Status"]}>
          {conflicts.items.map((c) => (
            <ConflictRow
              key={c.id}
              conflict={c}
              dismissing={view.dismissing}
              cancelHref={view.dismissCancelHref}
              actionData={actionData}
            />
          ))}
        </DeskTable>
      )}
      <Pager paged={conflicts} label="Conflicts" />
    </SectionCard>
  );
}

function ConflictRow({
  conflict: c,
  dismissing,
  cancelHref,
  actionData,
}: {
  conflict: Conflict;
  dismissing: number | null;
  cancelHref: string;
  actionData: IntentActionData | undefined;
}) {
  const instance = String(c.id);
  const posted = actionData?.intent === "dismiss" && actionData.instance === instance;
  return (
    <tr id={`conflict-${c.id}`}>
      <td className={`${cellClass} break-all`}>
        {`${c.id}: ${c.judge}`}
        <span className="block text-xs text-slate-600">{`${c.team || "(solo project)"} (${c.teamId})`}</span>
      </td>
      <td className={`${cellClass} break-words`}>
        {`${c.source}: ${c.detail}`}
        <span className="block text-xs text-slate-600">{`${c.created} by ${c.createdBy}`}</span>
      </td>
      <td className={`${cellClass} break-words`}>
        {c.status === "dismissed" ? (
          <>
            {`Dismissed ${c.dismissed ?? ""} by ${c.dismissedBy ?? ""}`}
            <span className="block text-xs text-slate-600">{c.dismissedReason}</span>
          </>
        ) : c.dismissHref && (posted || dismissing === c.id) ? (
          <>
            Live
            <DismissForm conflictId={instance} actionData={actionData} />
            <a href={cancelHref} className={`${deskLinkClass} mt-2 inline-block`}>
              Cancel
            </a>
          </>
        ) : c.dismissHref ? (
          <a href={c.dismissHref} className="text-brand-700 underline">
            Live: dismiss<span className="sr-only"> conflict {c.id}</span>…
          </a>
        ) : (
          "Live"
        )}
      </td>
    </tr>
  );
}

function DismissForm({ conflictId, actionData }: { conflictId: string; actionData: IntentActionData | undefined }) {
  const [form, fields] = useIntentForm("dismiss", DismissConflictSchema, actionData, {
    instance: conflictId,
    defaultValue: { conflictId },
  });
  return (
    <IntentForm intent="dismiss" form={form} className="mt-2 min-w-56 space-y-2">
      <input type="hidden" name="conflictId" value={conflictId} />
      <TextareaField meta={fields.reason} label={`Why conflict ${conflictId} is not one`} rows={3} />
      <button type="submit" className="btn-primary">
        Dismiss<span className="sr-only"> conflict {conflictId}</span>
      </button>
    </IntentForm>
  );
}

export function AddConflictSection({
  view,
  actionData,
}: {
  view: TabView<"conflicts">;
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("add-conflict", AddConflictSchema, actionData);
  if (!view.canAdd) return null;
  return (
    <SectionCard id="add-conflict" title="Add a conflict">
      <p className="mt-2 text-sm text-slate-700">
        A conflict the data cannot show (the judge mentored the team, is related to a member). If the assignment has
        run, the judge&apos;s open assignment to that project is released and the project gets another judge at once.
      </p>
      <IntentForm intent="add-conflict" form={form} className="mt-4 space-y-4">
        <Field meta={fields.email} label="The judge's e-mail" type="email" autoComplete="off" />
        <Field meta={fields.teamId} label="The team's id" hint="As the projects table shows it." autoComplete="off" />
        <TextareaField meta={fields.reason} label="Why" rows={3} />
        <button type="submit" className="btn-primary">
          Record the conflict
        </button>
      </IntentForm>
    </SectionCard>
  );
}
