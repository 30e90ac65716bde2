/**
 * The forms of the signed-in pages (issue 21, ADR 013): each posts one
 * `intent` to its route's action (`handleIntentPost`), and its answer comes
 * back as `{ intent, result }`. `useIntentForm` gives that result to the form
 * that was posted (Conform: field errors, form errors, what was typed);
 * `IntentForm` is the form itself with its hidden intent and its form-level
 * message. Server-rendered plain forms: they work the same without JavaScript.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type * as z from "zod/mini";
import type { IntentActionData } from "~/forms/intent-action.server";
import { Alert } from "./alert";
import { useSchemaForm } from "./forms";

type ActionData = IntentActionData | undefined | null;

/** Conform's form for one intent: the action's reply reaches it only when it was this intent's post. */
export function useIntentForm<Schema extends z.ZodMiniObject>(intent: string, schema: Schema, actionData: ActionData) {
  return useSchemaForm({ id: intent, schema, lastResult: actionData?.intent === intent ? actionData.result : null });
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
  children: ReactNode;
}) {
  const formErrors = errors ?? form?.errors ?? [];
  return (
    <Form method="post" className={className} aria-labelledby={labelledBy} {...(form ? getFormProps(form) : {})}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      {formErrors.length > 0 ? <Alert id={form?.errorId} message={formErrors.join(" ")} /> : null}
    </Form>
  );
}

/** A refusal of a button repeated per row, shown once beside the list rather than in every row. */
export function Refusals({ messages }: { messages: readonly string[] }) {
  return messages.length > 0 ? <Alert message={messages.join(" ")} /> : null;
}
