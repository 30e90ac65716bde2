/**
 * "Tell me when the next edition opens" (issue 11): a self-contained form that
 * any page can place, including content pages that ship no JavaScript. It
 * posts to /next-edition (plain POST without JavaScript; the same action with
 * it), which redirects back here with a toast, or shows /next-edition with the
 * errors. It needs no loader on the hosting page.
 */
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import {
  ErrorList,
  Field,
  firstInvalid,
  FormErrorSummary,
  HoneypotField,
  PersonField,
  SubmitButton,
  useIsPending,
  useSchemaForm,
} from "~/components/forms";
import { nextEditionCopy, nextEditionInterests, type NextEditionInterest } from "~/content/next-edition";
import { NextEditionSchema } from "~/next-edition/schema";
import { safeRedirectPath } from "~/auth/safe-redirect";
import { fieldLabels } from "~/content/fields";

export const NEXT_EDITION_ACTION = "/next-edition";

export interface NextEditionFormProps {
  /** Pre-checks one interest, e.g. "sponsor" on /sponsor-register. */
  interest?: NextEditionInterest;
  /** The level of the form's heading in the hosting page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Unique on the page; prefixes every field id. */
  id?: string;
  /** Only /next-edition passes this: its action's answer after a failed submit. */
  lastResult?: SubmissionResult<string[]> | null;
}

export function NextEditionForm({ interest, headingLevel = 2, id = "next-edition", lastResult }: NextEditionFormProps) {
  const location = useLocation();
  const pending = useIsPending({ formAction: NEXT_EDITION_ACTION });
  const [form, fields] = useSchemaForm({
    id,
    schema: NextEditionSchema,
    lastResult,
    defaultValue: { interests: interest ? [interest] : [] },
  });
  // After a failed submit on /next-edition, keep the page the visitor came from.
  const echoed = lastResult?.initialValue?.returnTo;
  const returnTo = safeRedirectPath(
    typeof echoed === "string" ? echoed : `${location.pathname}${location.search}`,
    NEXT_EDITION_ACTION,
  );
  const Heading = `h${headingLevel}` as const;
  const headingId = `${id}-heading`;
  const summary = [
    { id: fields.email.id, label: fieldLabels.email, errors: fields.email.errors },
    {
      id: `${fields.interests.id}-${nextEditionInterests[0].key}`,
      label: "Interests",
      errors: fields.interests.errors,
    },
    { id: fields.name.id, label: fieldLabels.name, errors: fields.name.errors },
  ];
  const focusId = lastResult?.status === "error" ? firstInvalid(summary)?.id : undefined;
  return (
    <section aria-labelledby={headingId} className="card p-6 sm:p-8">
      <Heading id={headingId} className="text-2xl font-bold text-brand-950">
        {nextEditionCopy.formHeading}
      </Heading>
      <p className="mt-2 text-slate-600">{nextEditionCopy.formNote}</p>
      <Form
        method="post"
        action={NEXT_EDITION_ACTION}
        {...getFormProps(form)}
        aria-labelledby={headingId}
        className="relative mt-6 space-y-5"
      >
        <FormErrorSummary form={form} fields={summary} />
        <PersonField name="email" meta={fields.email} focusId={focusId} />
        <fieldset aria-describedby={fields.interests.errors ? fields.interests.errorId : undefined}>
          <legend className="block text-sm font-semibold text-slate-800">
            {nextEditionCopy.interestsLegend} <span className="font-normal text-slate-500">(choose at least one)</span>
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {nextEditionInterests.map((option) => {
              const optionId = `${fields.interests.id}-${option.key}`;
              const {
                key: _key,
                required: _required,
                ...checkbox
              } = getInputProps(fields.interests, { type: "checkbox", value: option.key });
              return (
                <label
                  key={option.key}
                  htmlFor={optionId}
                  className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    {...checkbox}
                    id={optionId}
                    aria-describedby={undefined}
                    autoFocus={focusId === optionId}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span className="text-slate-800">{option.label}</span>
                </label>
              );
            })}
          </div>
          <ErrorList id={fields.interests.errorId} errors={fields.interests.errors} />
        </fieldset>
        <Field
          meta={fields.name}
          label={fieldLabels.name}
          optional
          autoComplete="name"
          autoFocus={focusId === fields.name.id}
        />
        <input type="hidden" name="returnTo" value={returnTo} />
        <HoneypotField />
        <SubmitButton pending={pending} pendingLabel={nextEditionCopy.pendingLabel}>
          {nextEditionCopy.submitLabel}
        </SubmitButton>
        <p className="text-sm text-slate-600">
          {nextEditionCopy.privacyNote.before}
          <a href="/privacy-policy" className="font-medium text-brand-700 underline hover:no-underline">
            {nextEditionCopy.privacyNote.link}
          </a>
          {nextEditionCopy.privacyNote.after}
        </p>
      </Form>
    </section>
  );
}
