/**
 * The markup both next-edition forms share: NextEditionForm (Conform, for
 * pages that bundle it) and NextEditionPlainForm (plain HTML on hydrating
 * pages, ADR 007). Presentational only, with no copy or schema of its own, so
 * the plain form's pages stay within their JavaScript budget.
 */
import type { InputHTMLAttributes, ReactNode } from "react";

type Checkbox = InputHTMLAttributes<HTMLInputElement>;

/** The interests checkboxes: `checkbox(key)` gives each input's attributes (its id included). */
export function InterestsFieldset({
  legend,
  options,
  checkbox,
  describedBy,
  children,
}: {
  legend: string;
  options: readonly { key: string; label: string }[];
  checkbox: (key: string) => Checkbox & { id: string };
  describedBy?: string;
  /** Below the options: the field's errors, when the form shows them. */
  children?: ReactNode;
}) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="block text-sm font-semibold text-slate-800">
        {legend} <span className="font-normal text-slate-500">(choose at least one)</span>
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const input = checkbox(option.key);
          return (
            <label
              key={option.key}
              htmlFor={input.id}
              className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input {...input} className="mt-1 size-4 accent-brand-700" />
              <span className="text-slate-800">{option.label}</span>
            </label>
          );
        })}
      </div>
      {children}
    </fieldset>
  );
}

export function PrivacyNote({ note }: { note: { before: string; link: string; after: string } }) {
  return (
    <p className="text-sm text-slate-600">
      {note.before}
      <a href="/privacy-policy" className="font-medium text-brand-700 underline hover:no-underline">
        {note.link}
      </a>
      {note.after}
    </p>
  );
}
