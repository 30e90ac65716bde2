/**
 * /portal/submission's sections (issue 15): the status with what is still
 * missing and Submit, one form per text component, one upload form per file,
 * and deleting the draft. Plain forms; the page's only script is
 * PortalEnhancements (word counts, upload progress).
 */
import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { formatMegabytes, portalFileRules, portalMessages, type PortalFileComponent } from "~/content/portal";
import type { IntentActionData } from "~/forms/intent-action.server";
import { SaveComponentSchema, type TextComponent } from "~/portal/schema";
import type { SubmissionView } from "~/portal/submission-view.server";
import { Alert } from "../alert";
import { ErrorList } from "../forms";
import { IntentForm, intentErrors, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";

type ActionData = IntentActionData | undefined;

const controlClass = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100";
const labelClass = "block text-sm font-semibold text-slate-800";
export const hintClass = "mt-1 text-sm text-slate-600";

export function StatusSection({ view, actionData }: { view: SubmissionView; actionData: ActionData }) {
  const { status } = view;
  const missing = view.checklist.filter((item) => !item.done);
  return (
    <SectionCard id="status" title="Status">
      <p className="mt-2 text-slate-800" data-testid="submission-status">
        {!status
          ? "Not started yet. Save any component to start your draft."
          : status.status === "submitted"
            ? `Submitted ${status.submittedAt}; last changed ${status.updatedAt}. You can keep improving it until ${view.deadline}: the latest version counts.`
            : `Draft, last saved ${status.updatedAt}. Not submitted yet: submit before ${view.deadline}.`}
      </p>
      {missing.length > 0 ? (
        <div className="mt-4" data-testid="missing">
          <p className="font-semibold text-slate-900">Still missing</p>
          <ul className="mt-1 list-disc pl-6 text-slate-800">
            {missing.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} className="underline">
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-4 font-medium text-green-800">All five components are in.</p>
      )}
      {view.open && status?.status !== "submitted" ? (
        <IntentForm intent="submit" className="mt-4" errors={intentErrors(actionData, "submit")}>
          <button type="submit" className="btn-primary">
            Submit the project
          </button>
          <p className={hintClass}>
            Submitting needs all five components. You can still edit afterwards, until the deadline.
          </p>
        </IntentForm>
      ) : (
        <Refused messages={intentErrors(actionData, "submit")} />
      )}
    </SectionCard>
  );
}

function Refused({ messages }: { messages: string[] }) {
  return messages.length > 0 ? <Alert message={messages.join(" ")} /> : null;
}

/**
 * One text component's form: its own Conform form (the `save` intent, told
 * apart by `component`), showing what is saved until a post of it is refused,
 * then what was typed with the message.
 */
export function TextComponentForm({
  id,
  component,
  title,
  view,
  actionData,
  render,
}: {
  id: string;
  component: TextComponent;
  title: string;
  view: SubmissionView;
  actionData: ActionData;
  render: (fields: ReturnType<typeof useIntentForm<typeof SaveComponentSchema>>[1]) => ReactNode;
}) {
  const [form, fields] = useIntentForm("save", SaveComponentSchema, actionData, {
    instance: component,
    defaultValue: { component, ...view.values },
  });
  return (
    <SectionCard id={id} title={title}>
      <IntentForm intent="save" form={form} className="mt-4 space-y-2">
        <input type="hidden" name="component" value={component} />
        <fieldset disabled={!view.open} className="space-y-2">
          <legend className="sr-only">{title}</legend>
          {render(fields)}
        </fieldset>
        {view.open ? (
          <button type="submit" className="btn-secondary mt-2">
            Save
          </button>
        ) : null}
      </IntentForm>
    </SectionCard>
  );
}

type SaveFields = Parameters<Parameters<typeof TextComponentForm>[0]["render"]>[0];

/** A link to the prototype or the video, with its hint. */
export function LinkField({ meta, label, hint }: { meta: SaveFields["prototypeUrl"]; label: string; hint: string }) {
  const { key, ...props } = getInputProps(meta, { type: "url", ariaDescribedBy: `${meta.id}-hint` });
  return (
    <>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <input key={key} {...props} inputMode="url" placeholder="https://" className={controlClass} />
      <p id={`${meta.id}-hint`} className={hintClass}>
        {hint}
      </p>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </>
  );
}

/** A long text with its hint and a live word count (PortalEnhancements fills `countId`). */
export function WordsField({
  meta,
  label,
  hint,
  countId,
  rows,
}: {
  meta: SaveFields["abstract"];
  label: string;
  hint: string;
  countId: string;
  rows: number;
}) {
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: `${meta.id}-hint ${countId}` });
  return (
    <>
      <label htmlFor={meta.id} className={labelClass}>
        {label}
      </label>
      <textarea key={key} {...props} rows={rows} data-words={countId} className={controlClass} />
      <p id={`${meta.id}-hint`} className={hintClass}>
        {hint}
      </p>
      <p id={countId} className="text-sm text-slate-600" aria-live="polite" />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </>
  );
}

export function FileForm({
  id,
  component,
  title,
  view,
  children,
}: {
  id: string;
  component: PortalFileComponent;
  title: string;
  view: SubmissionView;
  children: ReactNode;
}) {
  const rule = portalFileRules[component];
  const current = view.files[component];
  const error = view.uploadError?.component === component ? view.uploadError.message : null;
  return (
    <SectionCard id={id} title={title}>
      <p className={hintClass}>{children}</p>
      {current ? (
        <p className="mt-3 text-slate-800" data-testid={`${id}-current`}>
          <a
            href={`/portal/files/${current.id}`}
            className="font-semibold text-brand-700 underline wrap-anywhere"
            download
          >
            {current.filename}
          </a>
          {` (${current.size}${current.pageCount ? `, ${current.pageCount} ${current.pageCount === 1 ? "page" : "pages"}` : ""}), uploaded ${current.uploadedAt}`}
        </p>
      ) : (
        <p className="mt-3 text-slate-700">No file uploaded yet.</p>
      )}
      {view.open ? (
        // Not an intent form: the file streams to /portal/upload, which answers with a redirect (a reload never resends it).
        <form
          method="post"
          action={`/portal/upload?component=${component}`}
          encType="multipart/form-data"
          className="mt-4 space-y-2"
          data-upload
          data-max-bytes={rule.maxBytes}
          data-too-large={portalMessages.fileTooLarge(component)}
        >
          <label htmlFor={`${id}-file`} className={labelClass}>
            {current ? `Replace the ${rule.label.toLowerCase()}` : `Upload the ${rule.label.toLowerCase()}`}
          </label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept={rule.accept}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full text-sm"
          />
          <progress hidden className="w-full" aria-label={`${rule.label} upload progress`} />
          <p data-upload-status className="text-sm text-slate-700" aria-live="polite" />
          {error ? <Alert id={`${id}-error`} message={error} /> : null}
          <button type="submit" className="btn-secondary">
            Upload
          </button>
        </form>
      ) : null}
    </SectionCard>
  );
}

/** A file's size rule in the words of its card. */
export const fileSizeText = (component: PortalFileComponent) => formatMegabytes(portalFileRules[component].maxBytes);

export function DeleteDraft({ actionData }: { actionData: ActionData }) {
  return (
    <details className="card p-6 sm:p-8">
      <summary className="cursor-pointer font-semibold text-red-700">Delete this draft…</summary>
      <IntentForm intent="delete-draft" className="mt-3" errors={intentErrors(actionData, "delete-draft")}>
        <p className="text-sm text-slate-700">Everything saved here, files included, is deleted for the whole team.</p>
        <button type="submit" className={`${dangerButtonClass} mt-2`}>
          Yes, delete the draft
        </button>
      </IntentForm>
    </details>
  );
}
