/**
 * The next-edition form as plain HTML, for pages that hydrate (see
 * app/next-edition/embed.server.ts): the browser's own checks, the server's
 * validation at /next-edition (which shows any errors with the values kept),
 * and no code of its own in the page's bundle. Pages that ship no JavaScript
 * use the full NextEditionForm. Its markup repeats the full form's on purpose:
 * a component shared by the two becomes a chunk of its own that /register and
 * /sponsor-register load, which costs them their 140 KB budget (issue 17).
 */
import { useLocation } from "react-router";
import { HoneypotField } from "~/components/forms";
import type { NextEditionEmbedData } from "~/next-edition/embed.server";

export function NextEditionPlainForm({ embed, id = "next-edition" }: { embed: NextEditionEmbedData; id?: string }) {
  const location = useLocation();
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="card p-6 sm:p-8">
      <h3 id={headingId} className="text-2xl font-bold text-brand-950">
        {embed.heading}
      </h3>
      <p className="mt-2 text-slate-600">{embed.note}</p>
      {/* A document navigation: /next-edition answers with its own page or a redirect back here. */}
      <form method="post" action="/next-edition" aria-labelledby={headingId} className="relative mt-6 space-y-5">
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-semibold text-slate-800">
            {embed.labels.email}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={embed.emailMax}
            autoComplete="email"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <fieldset>
          <legend className="block text-sm font-semibold text-slate-800">
            {embed.legend} <span className="font-normal text-slate-500">(choose at least one)</span>
          </legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {embed.interests.map((option) => (
              <label
                key={option.key}
                htmlFor={`${id}-interest-${option.key}`}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  id={`${id}-interest-${option.key}`}
                  type="checkbox"
                  name="interests"
                  value={option.key}
                  defaultChecked={option.key === embed.interest}
                  className="mt-1 size-4 accent-brand-700"
                />
                <span className="text-slate-800">{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-semibold text-slate-800">
            {embed.labels.name} <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${id}-name`}
            name="name"
            type="text"
            maxLength={embed.nameMax}
            autoComplete="name"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3"
          />
        </div>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <HoneypotField />
        <button type="submit" className="btn-primary">
          {embed.submitLabel}
        </button>
        <p className="text-sm text-slate-600">
          {embed.privacyNote.before}
          <a href="/privacy-policy" className="font-medium text-brand-700 underline hover:no-underline">
            {embed.privacyNote.link}
          </a>
          {embed.privacyNote.after}
        </p>
      </form>
    </section>
  );
}
