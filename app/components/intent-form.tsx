/**
 * The forms of the signed-in pages (issue 21, ADR 013): each posts one
 * `intent` to its route's action (`handleIntentPost`), and its answer comes
 * back as `{ intent, result }`. `useIntentForm` gives that result to the form
 * that was posted (Conform: field errors, form errors, what was typed);
 * `IntentForm` is the form itself with its hidden intent and its form-level
 * message. Server-rendered plain forms: they work the same without JavaScript.
 */
import { getFormProps, type DefaultValue, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type * as z from "zod/mini";
import type { IntentActionData } from "~/forms/intent-action.server";
import { Alert } from "./alert";
import { ErrorSummary, useSchemaForm } from "./forms";

type ActionData = IntentActionData | undefined | null;

/**
 * Conform's form for one intent: the action's reply reaches it only when it
 * was this intent's post (and this `instance` of it, when one intent serves
 * several forms); `defaultValue` is what the form shows otherwise.
 */
export function useIntentForm<Schema extends z.ZodMiniObject>(
  intent: string,
  schema: Schema,
  actionData: ActionData,
  { instance, defaultValue }: { instance?: string; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const posted = actionData?.intent === intent && (instance === undefined || actionData.instance === instance);
  return useSchemaForm({
    // Not the bare intent: a section is often named like its form (#invite), and a control's `form` attribute needs a unique id.
    id: `${instance === undefined ? intent : `${intent}-${instance}`}-form`,
    schema,
    lastResult: posted ? actionData.result : null,
    defaultValue,
  });
}

/** The form-level messages of an intent's last post (a refusal), for forms repeated per row. */
export function intentErrors(actionData: ActionData, intent: string): string[] {
  if (actionData?.intent !== intent) return [];
  return actionData.result.error?.[""] ?? [];
}

export function IntentForm<Shape extends Record<string, unknown>>({
  intent,
  form,
  errors,
  className,
  labelledBy,
  encType,
  children,
}: {
  intent: string;
  /** The id of the heading that names the form (forms are landmarks only when named). */
  labelledBy?: string;
  /** The Conform form of `useIntentForm`, for a form with fields. */
  form?: FormMetadata<Shape, string[]>;
  /** The refusal to show when no Conform form carries it (a button repeated per row shows it beside the list). */
  errors?: readonly string[];
  className?: string;
  /** "multipart/form-data" for a form with a file (a profile's photo). */
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className={className}
      aria-labelledby={labelledBy}
      encType={encType}
      {...(form ? getFormProps(form) : {})}
    >
      <input type="hidden" name="intent" value={intent} />
      {form ? <IntentErrorSummary form={form} /> : <Refusals messages={errors ?? []} />}
      {children}
    </Form>
  );
}

/** After a refused post: what is wrong, above the form, each field's message linking to it (as on the public forms). */
function IntentErrorSummary<Shape extends Record<string, unknown>>({ form }: { form: FormMetadata<Shape, string[]> }) {
  if (form.status !== "error") return null;
  // The fieldset is a proxy that lists nothing: look up the fields that have errors by name.
  const fieldset = form.getFieldset() as Record<string, { id: string }>;
  const fields = Object.entries(form.allErrors)
    .filter(([name]) => name !== "")
    .map(([name, errors]) => ({ id: fieldset[name]!.id, label: name, errors }));
  return <ErrorSummary id={form.errorId} formErrors={form.errors} fields={fields} />;
}

/** A refusal of a button repeated per row, shown once beside the list rather than in every row. */
export function Refusals({ messages }: { messages: readonly string[] }) {
  return messages.length > 0 ? <Alert message={messages.join(" ")} /> : null;
}
