/**
 * Form pieces every form on the site uses (ARCHITECTURE.md, Forms): each field
 * gets its label, aria-invalid and aria-describedby here, once.
 *
 * Rules they enforce:
 * - the visitor sees the schema's messages (SPEC.md §8), never the browser's:
 *   forms carry noValidate (Conform's getFormProps sets it) and no control gets
 *   maxlength/minlength/pattern, which would silently cut or block input;
 * - errors are linked to their field (aria-describedby) and listed in an error
 *   summary whose links move to the field;
 * - after a failed submit the first invalid field has focus (Conform does it
 *   in the browser; `autoFocus` does it for a server-rendered page).
 */
import {
  getInputProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { useId } from "react";
import { useFormAction, useNavigation } from "react-router";
import type * as z from "zod/mini";
import { parseWithSchema, requiredFields } from "~/forms/parse";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { fieldLabels } from "~/content/fields";

export type ListOfErrors = ReadonlyArray<string | null | undefined> | null | undefined;

type AnyField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

type TextInputType = "text" | "email" | "tel" | "url" | "password" | "search";

/** Conform's props minus the constraint attributes that would override our messages. */
function withoutConstraints<T extends { maxLength?: number; minLength?: number; pattern?: string }>(
  props: T,
): Omit<T, "maxLength" | "minLength" | "pattern"> {
  const { maxLength: _maxLength, minLength: _minLength, pattern: _pattern, ...rest } = props;
  return rest;
}

export function ErrorList({ id, errors, className = "" }: { id?: string; errors?: ListOfErrors; className?: string }) {
  const list = (errors ?? []).filter((error): error is string => Boolean(error));
  if (list.length === 0) return null;
  return (
    <ul id={id} className={`mt-1.5 space-y-1 text-sm font-medium text-red-700 ${className}`}>
      {list.map((error) => (
        <li key={error} className="flex gap-1.5">
          <span aria-hidden="true">⚠</span>
          <span>{error}</span>
        </li>
      ))}
    </ul>
  );
}

const controlClass =
  "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20";

interface FieldProps {
  meta: AnyField;
  label: string;
  /** Shown under the label and read with the field. */
  hint?: string;
  /** Adds "(optional)" to the label: required is the default on our forms. */
  optional?: boolean;
  /** The first invalid field of a server-rendered error page gets focus. */
  autoFocus?: boolean;
  className?: string;
}

function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-slate-800">
      {label}
      {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
    </label>
  );
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-500">
      {hint}
    </p>
  );
}

export function Field({
  meta,
  label,
  hint,
  optional,
  autoFocus,
  className = "",
  type = "text",
  autoComplete,
  inputMode,
}: FieldProps & { type?: TextInputType; autoComplete?: string; inputMode?: "numeric" }) {
  const hintId = `${meta.id}-hint`;
  const { key, ...props } = withoutConstraints(
    getInputProps(meta, { type, ariaDescribedBy: hint ? hintId : undefined }),
  );
  return (
    <div className={className}>
      <FieldLabel htmlFor={meta.id} label={label} optional={optional} />
      <Hint id={hintId} hint={hint} />
      <input
        key={key}
        {...props}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoFocus={autoFocus}
        className={controlClass}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  optional,
  autoFocus,
  className = "",
  rows = 6,
}: FieldProps & { rows?: number }) {
  const hintId = `${meta.id}-hint`;
  const { key, ...props } = withoutConstraints(getTextareaProps(meta, { ariaDescribedBy: hint ? hintId : undefined }));
  return (
    <div className={className}>
      <FieldLabel htmlFor={meta.id} label={label} optional={optional} />
      <Hint id={hintId} hint={hint} />
      <textarea key={key} {...props} rows={rows} autoFocus={autoFocus} className={controlClass} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Label, type and autocomplete of the person fields, the same on every form that asks for them. */
const personFields = {
  firstName: { label: fieldLabels.firstName, type: "text", autoComplete: "given-name" },
  lastName: { label: fieldLabels.lastName, type: "text", autoComplete: "family-name" },
  email: { label: fieldLabels.email, type: "email", autoComplete: "email" },
  phone: { label: fieldLabels.phone, type: "tel", autoComplete: "tel" },
} as const satisfies Record<string, { label: string; type: TextInputType; autoComplete: string }>;

export type PersonFieldName = keyof typeof personFields;

/** Where a person works, as the registration and sponsor forms ask it. */
const workFields = {
  companyName: { label: fieldLabels.companyName, type: "text", autoComplete: "organization" },
  jobTitle: { label: fieldLabels.jobTitle, type: "text", autoComplete: "organization-title" },
  title: { label: fieldLabels.title, type: "text", autoComplete: "organization-title" },
} as const satisfies Record<string, { label: string; type: TextInputType; autoComplete: string }>;

const contactFields = { ...personFields, ...workFields };

/**
 * One person field (first name, last name, email, phone, company, title). It
 * takes focus when its id is `focusId`; `autoComplete` overrides the usual
 * one (sign-in's "username").
 */
export function PersonField({
  name,
  meta,
  focusId,
  autoComplete,
}: {
  name: keyof typeof contactFields;
  meta: AnyField;
  focusId?: string;
  autoComplete?: string;
}) {
  const { label, type, autoComplete: usual } = contactFields[name];
  return (
    <Field meta={meta} label={label} type={type} autoComplete={autoComplete ?? usual} autoFocus={focusId === meta.id} />
  );
}

/**
 * First name, last name, email and phone in the two-column grid of our
 * registration forms; `children` (more fields) join the grid after them.
 */
export function PersonFields({
  fields,
  focusId,
  children,
}: {
  fields: Record<PersonFieldName, AnyField>;
  focusId?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <PersonField name="firstName" meta={fields.firstName} focusId={focusId} />
      <PersonField name="lastName" meta={fields.lastName} focusId={focusId} />
      <PersonField name="email" meta={fields.email} focusId={focusId} />
      <PersonField name="phone" meta={fields.phone} focusId={focusId} />
      {children}
    </div>
  );
}

/** The error-summary entries of person fields, in the order given. */
export function personSummary(
  fields: Partial<Record<PersonFieldName, AnyField>>,
  names: readonly PersonFieldName[] = ["firstName", "lastName", "email", "phone"],
): SummaryField[] {
  return names.flatMap((name) => {
    const meta = fields[name];
    return meta ? [{ id: meta.id, label: personFields[name].label, errors: meta.errors }] : [];
  });
}

export interface SummaryField {
  id: string;
  label: string;
  errors?: ListOfErrors;
}

/**
 * The list of what is wrong, above the form, after a failed submit. Each entry
 * links to its field; form-level errors (e.g. a rate limit) come first.
 */
export function ErrorSummary({
  id,
  formErrors,
  fields,
  title = "Please correct the following:",
}: {
  id?: string;
  formErrors?: ListOfErrors;
  fields: readonly SummaryField[];
  title?: string;
}) {
  const headingId = useId();
  const general = (formErrors ?? []).filter((error): error is string => Boolean(error));
  const perField = fields.flatMap((field) =>
    (field.errors ?? []).filter((error): error is string => Boolean(error)).map((error) => ({ field, error })),
  );
  if (general.length === 0 && perField.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      aria-labelledby={headingId}
      className="rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-900"
    >
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {general.map((error) => (
          <li key={`form:${error}`}>{error}</li>
        ))}
        {perField.map(({ field, error }) => (
          <li key={`${field.id}:${error}`}>
            <a href={`#${field.id}`} className="underline hover:no-underline">
              {error}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The error summary of a Conform form, shown after a failed submit. */
export function FormErrorSummary({
  form,
  fields,
}: {
  form: { status?: "success" | "error"; errorId: string; errors?: ListOfErrors };
  fields: readonly SummaryField[];
}) {
  return form.status === "error" ? <ErrorSummary id={form.errorId} formErrors={form.errors} fields={fields} /> : null;
}

/**
 * A hidden field people never see or fill. A bot that fills it is answered
 * like a person and nothing is stored. Off-screen rather than display:none,
 * which some bots skip; out of the tab order and hidden from assistive tech.
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** True while this route's form (or `formAction`) is being submitted and its answer loaded. */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: string } = {}) {
  const contextualAction = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formAction === (formAction ?? contextualAction) &&
    navigation.formMethod === formMethod
  );
}

/**
 * The submit button: disabled while the form is working, showing the busy
 * label of SPEC.md §4 ('Sending...', 'Processing...', …). Both labels are in
 * the HTML and `data-busy` picks one, so the inline script of form pages
 * (busy-before-hydration.tsx) can show the busy one before React is there,
 * and React hydrates the same markup.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = "btn-primary",
}: {
  pending: boolean;
  pendingLabel: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`group ${className}`}
      disabled={pending}
      aria-disabled={pending || undefined}
      data-busy-button=""
      data-busy={pending ? "" : undefined}
    >
      <span className="group-data-busy:hidden">{children}</span>
      <span className="hidden items-center gap-2 group-data-busy:inline-flex">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
        />
        {pendingLabel}
      </span>
    </button>
  );
}

/** The first field (in form order) that has errors, to give it focus. */
export function firstInvalid<T extends { errors?: ListOfErrors }>(fields: readonly T[]): T | undefined {
  return fields.find((field) => (field.errors ?? []).some(Boolean));
}

/**
 * Conform's useForm as every form of ours sets it up: the schema validates in
 * the browser (on blur, then on input) exactly as on the server, and marks the
 * required controls.
 */
export function useSchemaForm<Schema extends z.ZodMiniObject>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  return useForm({
    id,
    lastResult,
    defaultValue,
    constraint: requiredFields(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithSchema(formData, { schema }),
  });
}
