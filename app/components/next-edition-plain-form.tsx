/**
 * The next-edition form as plain HTML, for pages that hydrate (see
 * app/next-edition/embed.server.ts): the browser's own checks, the server's
 * validation at /next-edition (which shows any errors with the values kept),
 * and no code of its own in the page's bundle. Pages that ship no JavaScript
 * use the full NextEditionForm.
 */
import { useLocation } from "react-router";
import { HoneypotField } from "~/components/forms";
import { InterestsFieldset, PrivacyNote } from "~/components/next-edition-parts";
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
        <InterestsFieldset
          legend={embed.legend}
          options={embed.interests}
          checkbox={(key) => ({
            id: `${id}-interest-${key}`,
            type: "checkbox",
            name: "interests",
            value: key,
            defaultChecked: key === embed.interest,
          })}
        />
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
        <PrivacyNote note={embed.privacyNote} />
      </form>
    </section>
  );
}
