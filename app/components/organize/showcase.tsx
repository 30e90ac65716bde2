/**
 * /organize/showcase's sections (issue 33): the edition's submitted
 * projects (a GET search, paged by links), each with a link that opens, in
 * its row, the form to hide it from the gallery or show it again (a reason;
 * the form is its own confirmation, as the change can be undone), and the
 * late-submission exceptions with the form that proposes one, shown once its
 * link is followed. Plain POST forms, enhanced by Conform.
 */
import { getSelectProps } from "@conform-to/react";
import { moderationDeskText as text, moderationRules } from "~/content/showcase-moderation";
import type { DeskLinks } from "~/desk/pages";
import type { IntentActionData } from "~/forms/intent-action.server";
import { ExtendDeadlineSchema } from "~/portal/extension-schema";
import { ModerateProjectSchema } from "~/showcase/moderation-schema";
import type { ShowcaseDeskView } from "~/showcase/desk.server";
import { ErrorList, Field, TextareaField } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
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
import { deskCellLinksClass, deskCellsClass, deskRowHeadsClass } from "./desk-cells";
import { TeamSearch } from "./team-chooser";

type Props = { view: ShowcaseDeskView; links: DeskLinks; actionData?: IntentActionData };
type Project = ShowcaseDeskView["projects"]["items"][number];

export function ProjectsSection({ view, links, actionData }: Props) {
  const { projects } = view;
  // A refusal whose form this page no longer shows (hidden or shown meanwhile, unknown) is answered above the list.
  const posted = actionData?.intent === "hide" || actionData?.intent === "show" ? actionData : null;
  const orphan =
    posted !== null &&
    !projects.items.some((p) => p.teamId === posted.instance && (p.hidden ? "show" : "hide") === posted.intent);
  return (
    <SectionCard id="projects" title={text.projectsTitle}>
      {orphan ? <Refusals messages={intentErrors(posted, posted.intent!)} /> : null}
      <form method="get" action="/organize/showcase#projects" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="projects-q" className={deskLabelClass}>
            {text.searchLabel}
          </label>
          <input
            id="projects-q"
            name="q"
            type="search"
            maxLength={moderationRules.searchMaxChars}
            defaultValue={view.q}
            className={deskControlClass}
          />
        </div>
        <button type="submit" className="btn-outline">
          {text.searchButton}
        </button>
      </form>
      {projects.total === 0 ? (
        <Empty>{view.submittedCount === 0 ? text.projectsEmpty : text.projectsNoMatch}</Empty>
      ) : (
        // The cells' and links' style once, around the table (issue 56), not in every cell of every row.
        <div className={`${deskCellsClass} ${deskRowHeadsClass} ${deskCellLinksClass} [&_tr>*]:break-words`}>
          <DeskTable id="moderated-projects" caption={text.projectsCaption} head={text.projectsHead}>
            {projects.items.map((project) => (
              <ProjectRow
                key={project.teamId}
                project={project}
                teamHref={links.team ? teamPage(project.teamId) : null}
                open={view.moderating === project.teamId || posted?.instance === project.teamId}
                cancelHref={view.moderateCancelHref}
                actionData={actionData}
              />
            ))}
          </DeskTable>
        </div>
      )}
      <Pager paged={projects} label={text.projectsTitle} />
    </SectionCard>
  );
}

function ProjectRow({
  project,
  teamHref,
  open,
  cancelHref,
  actionData,
}: {
  project: Project;
  teamHref: string | null;
  /** This row's form is shown: its link was followed, or its post was refused. */
  open: boolean;
  cancelHref: string;
  actionData: IntentActionData | undefined;
}) {
  const title = project.title ?? text.untitled;
  return (
    <tr id={`project-${project.teamId}`} data-testid="moderated-project">
      <th scope="row">
        {project.slug && !project.hidden && project.consented ? (
          <a href={`/showcase/${project.slug}`}>{title}</a>
        ) : (
          title
        )}
      </th>
      <td>{teamHref ? <a href={teamHref}>{project.team}</a> : project.team}</td>
      <td data-testid="gallery-state">
        {project.hidden
          ? text.hiddenState(project.hidden.at, project.hidden.by)
          : project.consented
            ? text.shownState
            : text.noConsentState}
        {project.hidden ? (
          <small className="whitespace-pre-line">{text.hiddenReason(project.hidden.reason)}</small>
        ) : null}
      </td>
      <td>
        {!project.moderateHref ? null : open ? (
          <>
            <ModerateForm project={project} title={title} actionData={actionData} />
            <a href={cancelHref} className="mt-2 inline-block">
              {text.cancel}
            </a>
          </>
        ) : (
          <a href={project.moderateHref}>
            {project.hidden ? text.showSummary : text.hideSummary}
            <span className="sr-only">: {title}</span>…
          </a>
        )}
      </td>
    </tr>
  );
}

function ModerateForm({
  project,
  title,
  actionData,
}: {
  project: Project;
  title: string;
  actionData: IntentActionData | undefined;
}) {
  const intent = project.hidden ? "show" : "hide";
  const [form, fields] = useIntentForm(intent, ModerateProjectSchema, actionData, {
    instance: project.teamId,
    defaultValue: { teamId: project.teamId },
  });
  return (
    <IntentForm intent={intent} form={form} className="min-w-56 space-y-3">
      <input type="hidden" name="teamId" value={project.teamId} />
      <TextareaField
        meta={fields.reason}
        label={`${text.reasonLabel} (${title})`}
        hint={project.hidden ? text.showReasonHint : text.hideReasonHint}
        rows={3}
      />
      <button type="submit" className={project.hidden ? "btn-primary" : "btn-outline"}>
        {project.hidden ? text.showButton : text.hideButton}
        <span className="sr-only">: {title}</span>
      </button>
    </IntentForm>
  );
}

export function ExtensionsSection({ view, links, actionData }: Props) {
  const { extensions } = view;
  return (
    <SectionCard id="extensions" title={text.extensionsTitle}>
      <p className="mt-2 text-sm text-slate-700">
        {`${text.generalDeadline(view.generalDeadline)} ${text.extensionsLead(moderationRules.extensionMaxHours)}`}
      </p>
      {extensions.total === 0 ? (
        <Empty>{text.extensionsEmpty}</Empty>
      ) : (
        <DeskTable id="extensions-table" caption={text.extensionsCaption} head={text.extensionsHead}>
          {extensions.items.map((e) => (
            <tr key={e.teamId}>
              <td className={cellClass}>
                <LinkIfAllowed href={links.team ? teamPage(e.teamId) : null}>{e.team}</LinkIfAllowed>
              </td>
              <td className={cellClass}>{`${e.due} (${e.open ? text.extensionOpen : text.extensionPassed})`}</td>
              <td className={cellClass}>{e.hours}</td>
              <td className={`${cellClass} whitespace-pre-line break-words`}>{e.reason}</td>
              <td className={cellClass}>{`${e.grantedBy.replace(/^organizer:/, "")}, ${e.granted}`}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={extensions} label={text.extensionsTitle} />
      {!view.canExtend ? null : view.extending || actionData?.intent === "extend" ? (
        <ExtendForm view={view} actionData={actionData} />
      ) : (
        <p className="mt-4">
          <a href={view.extendHref} className={deskLinkClass}>
            {text.extendLink}
          </a>
        </p>
      )}
    </SectionCard>
  );
}

function ExtendForm({ view, actionData }: Omit<Props, "links">) {
  const [form, fields] = useIntentForm("extend", ExtendDeadlineSchema, actionData);
  if (view.teams.total === 0) return <Empty>{text.noTeams}</Empty>;
  const { key: teamKey, ...team } = getSelectProps(fields.teamId);
  return (
    <>
      <TeamSearch chooser={view.teams} action="/organize/showcase#extend-heading" id="extend-team-q" />
      <IntentForm intent="extend" form={form} className="mt-6 space-y-4" labelledBy="extend-heading">
        <h3 id="extend-heading" className="text-lg font-semibold text-slate-900">
          {text.extendButton}
        </h3>
        <div>
          <label htmlFor={fields.teamId.id} className={deskLabelClass}>
            {text.teamLabel}
          </label>
          <select key={teamKey} {...team} className={deskControlClass}>
            <option value="">{text.teamChoose}</option>
            {view.teams.options.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.teamId.errorId} errors={fields.teamId.errors} />
        </div>
        <Field meta={fields.hours} label={text.hoursLabel} inputMode="numeric" />
        <TextareaField meta={fields.reason} label={text.reasonLabel} hint={text.extensionReasonHint} rows={3} />
        <button type="submit" className="btn-primary">
          {text.extendButton}
        </button>
      </IntentForm>
    </>
  );
}
