/**
 * The editions' desk sections (issue 52): the list of editions, one
 * edition's draft forms (dates, prices, venue and goals), its check, what
 * the site will say, the proposal of its publication, the change of a
 * published milestone and its versions. Plain POST forms enhanced by
 * Conform: a refused save comes back with each message beside its field and
 * what was typed kept, with JavaScript on or off.
 */
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { editionDeskText, editionFieldLabels } from "~/content/edition-desk";
import type { EditionDeskView, EditionsDeskView } from "~/editions/desk.server";
import { fieldOf, priceFieldNames } from "~/editions/fields";
import {
  ChangeEditionSchema,
  DraftDatesSchema,
  DraftDetailsSchema,
  DraftPricesSchema,
  PublishEditionSchema,
} from "~/editions/schema";
import type { IntentActionData } from "~/forms/intent-action.server";
import { ErrorList } from "../forms";
import { IntentForm, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, deskLinkClass, Empty } from "./desk";

type Props = { view: EditionDeskView; actionData?: IntentActionData };

export function EditionsList({ view }: { view: EditionsDeskView }) {
  return (
    <SectionCard id="editions" title="Editions">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.listLead}</p>
      {view.next && view.canDraft ? (
        <p className="mt-3">
          <a href={`/organize/editions/${view.next.id}`} className={deskLinkClass}>
            {editionDeskText.startNext(view.next.id, view.next.from)}
          </a>
        </p>
      ) : null}
      {view.editions.length === 0 ? (
        <Empty>{editionDeskText.listEmpty}</Empty>
      ) : (
        <DeskTable id="editions-table" caption="Editions" head={["Edition", "Published", "Stored as data"]}>
          {view.editions.map((e) => (
            <tr key={e.id}>
              <td className={cellClass}>
                <a href={`/organize/editions/${e.id}`} className={deskLinkClass}>
                  {e.name}
                </a>
              </td>
              <td className={cellClass}>{e.published}</td>
              <td className={cellClass}>{e.stored}</td>
            </tr>
          ))}
        </DeskTable>
      )}
    </SectionCard>
  );
}

type AnyField = { id: string; name: string; errorId: string; errors?: string[]; initialValue?: unknown };

/** One labelled input of a draft form, its message beside it. */
function Field({
  field,
  label,
  type = "text",
  hint,
}: {
  field: AnyField;
  label: string;
  type?: string;
  hint?: string;
}) {
  const { key, ...props } = getInputProps(field as never, { type: type as "text" });
  return (
    <div>
      <label htmlFor={field.id} className={deskLabelClass}>
        {label}
        {hint ? <span className="font-normal text-slate-600"> ({hint})</span> : null}
      </label>
      <input key={key} {...props} className={deskControlClass} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

function Hidden({ name, value }: { name: string; value: string }) {
  return <input type="hidden" name={name} value={value} />;
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-3 sm:grid-cols-2">{children}</div>;
}

export function DatesForm({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("draft-dates", DraftDatesSchema, actionData, { defaultValue: view.values });
  const f = fields as unknown as Record<string, AnyField>;
  return (
    <SectionCard id="dates" title="Dates">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.datesLead}</p>
      <IntentForm intent="draft-dates" form={form} className="mt-4 space-y-5">
        <Hidden name="editionId" value={view.id} />
        {view.milestones.map((m) => {
          const label = editionFieldLabels.milestone(m.title);
          return (
            <fieldset key={m.id} className="space-y-3 border-t border-slate-200 pt-3">
              <legend className="font-semibold text-slate-900">{m.title}</legend>
              <Grid>
                <Field
                  field={f[fieldOf.startDate(m.id)]!}
                  label={m.kind === "deadline" ? `${m.title}: due` : label.start}
                  type="date"
                />
                {m.kind !== "allDay" ? (
                  <Field field={f[fieldOf.startTime(m.id)]!} label="Time (MT)" type="time" />
                ) : (
                  <Field field={f[fieldOf.endDate(m.id)]!} label={label.lastDay} type="date" />
                )}
                {m.kind === "timed" && m.hasEnd ? (
                  <>
                    <Field field={f[fieldOf.endDate(m.id)]!} label={label.end} type="date" />
                    <Field field={f[fieldOf.endTime(m.id)]!} label="End time (MT)" type="time" />
                  </>
                ) : null}
              </Grid>
            </fieldset>
          );
        })}
        <fieldset className="space-y-3 border-t border-slate-200 pt-3">
          <legend className="font-semibold text-slate-900">Prices and sponsorship</legend>
          <Grid>
            <Field
              field={f[fieldOf.regularPricesFrom]!}
              label={editionFieldLabels.regularPricesFrom}
              type="date"
              hint="early bird before this day"
            />
            <Field field={f[fieldOf.sponsorshipDate]!} label={editionFieldLabels.sponsorshipCloses} type="date" />
            <Field field={f[fieldOf.sponsorshipTime]!} label="Sponsorship closes: time (MT)" type="time" />
          </Grid>
        </fieldset>
        <button type="submit" className="btn-primary">
          Save the dates
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function PricesForm({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("draft-prices", DraftPricesSchema, actionData, { defaultValue: view.values });
  const f = fields as unknown as Record<string, AnyField>;
  const labels: Record<string, string> = {
    "individual-earlyBird": editionFieldLabels.price("individual", "earlyBird"),
    "individual-regular": editionFieldLabels.price("individual", "regular"),
    "workforce-earlyBird": editionFieldLabels.price("workforce", "earlyBird"),
    "workforce-regular": editionFieldLabels.price("workforce", "regular"),
  };
  return (
    <SectionCard id="prices" title="Prices">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.pricesLead}</p>
      <IntentForm intent="draft-prices" form={form} className="mt-4 space-y-4">
        <Hidden name="editionId" value={view.id} />
        <Grid>
          {priceFieldNames.map((name) => (
            <Field key={name} field={f[name]!} label={labels[name]!} />
          ))}
        </Grid>
        <button type="submit" className="btn-primary">
          Save the prices
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function DetailsForm({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("draft-details", DraftDetailsSchema, actionData, {
    defaultValue: { ...view.values, "rules-version": view.rulesVersion },
  });
  const f = fields as unknown as Record<string, AnyField>;
  const names = Object.keys(editionFieldLabels.detail) as (keyof typeof editionFieldLabels.detail)[];
  return (
    <SectionCard id="details" title="Venue, goals and rules">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.detailsLead}</p>
      <IntentForm intent="draft-details" form={form} className="mt-4 space-y-4">
        <Hidden name="editionId" value={view.id} />
        <Grid>
          {names.map((name) => (
            <Field key={name} field={f[name]!} label={editionFieldLabels.detail[name]} />
          ))}
          <Field field={f["rules-version"]!} label={editionFieldLabels.rulesVersion} />
        </Grid>
        <button type="submit" className="btn-primary">
          Save venue, goals and rules
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function CheckSection({ view }: Props) {
  return (
    <SectionCard id="check" title="Check">
      {view.problems.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{editionDeskText.checkClean}</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
          {view.problems.map((p) => (
            <li key={`${p.field}-${p.message}`}>{p.message}</li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

export function SitePreviewSection({ view }: Props) {
  return (
    <SectionCard id="site" title="What the site will say">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.previewLink}</p>
      {view.preview.map((table, i) => (
        <DeskTable key={table.caption} id={`site-table-${i}`} caption={table.caption} head={table.columns}>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) => (
                <td key={c} className={`${cellClass} break-words`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </DeskTable>
      ))}
    </SectionCard>
  );
}

export function ProposeSection({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("publish", PublishEditionSchema, actionData, {
    defaultValue: { editionId: view.id, version: String(view.latestVersion), rulesVersion: view.rulesVersion },
  });
  if (!view.may.propose) return null;
  return (
    <SectionCard id="propose" title="Propose publication">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.proposeLead}</p>
      <IntentForm intent="publish" form={form} className="mt-4 space-y-4">
        <Hidden name="editionId" value={view.id} />
        <Hidden name="version" value={String(view.latestVersion)} />
        <Field field={fields.rulesVersion} label={editionFieldLabels.rulesVersion} />
        <button type="submit" className="btn-primary">
          {`Propose version ${view.latestVersion} for publication`}
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function ChangeSection({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("change", ChangeEditionSchema, actionData, {
    defaultValue: { editionId: view.id },
  });
  if (!view.may.change) return null;
  return (
    <SectionCard id="change" title="Change the published edition">
      <p className="mt-2 text-sm text-slate-700">{editionDeskText.changeLead}</p>
      <IntentForm intent="change" form={form} className="mt-4 space-y-4">
        <Hidden name="editionId" value={view.id} />
        <div>
          <label htmlFor={fields.milestone.id} className={deskLabelClass}>
            Milestone
          </label>
          <select
            id={fields.milestone.id}
            name={fields.milestone.name}
            defaultValue={(fields.milestone.initialValue as string | undefined) ?? "submission-deadline"}
            aria-describedby={fields.milestone.errors ? fields.milestone.errorId : undefined}
            className={deskControlClass}
          >
            {view.milestones.map((m) => (
              <option key={m.id} value={m.id}>
                {`${m.title} (now ${[m.date, m.time].filter(Boolean).join(", ")})`}
              </option>
            ))}
          </select>
          <ErrorList id={fields.milestone.errorId} errors={fields.milestone.errors} />
        </div>
        <Grid>
          <Field field={fields.startDate} label="New date (or first day)" type="date" />
          <Field field={fields.startTime} label="New time (MT)" type="time" hint="not for all-day milestones" />
          <Field field={fields.endDate} label="New end or last day" type="date" hint="if it has one" />
          <Field field={fields.endTime} label="New end time (MT)" type="time" hint="if it has one" />
        </Grid>
        <Field field={fields.note} label={editionFieldLabels.note} />
        <button type="submit" className="btn-primary">
          Preview and propose the change
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function VersionsSection({ view }: Props) {
  return (
    <SectionCard id="versions" title="Versions">
      {view.versions.length === 0 ? (
        <Empty>No version is stored yet: the first save of a form makes version 1.</Empty>
      ) : (
        <DeskTable
          id="versions-table"
          caption="Versions, newest first"
          head={["Version", "State", "Based on", "Rules", "Note", "Saved", "Published"]}
        >
          {view.versions.map((v) => (
            <tr key={v.version}>
              <td className={cellClass}>{v.version}</td>
              <td className={cellClass}>{v.state}</td>
              <td className={cellClass}>{v.basedOn ?? "—"}</td>
              <td className={cellClass}>{v.rulesVersion}</td>
              <td className={`${cellClass} break-words`}>{v.note}</td>
              <td className={`${cellClass} break-all`}>
                {v.at} by {v.by}
              </td>
              <td className={cellClass}>{v.publishedAt}</td>
            </tr>
          ))}
        </DeskTable>
      )}
    </SectionCard>
  );
}
