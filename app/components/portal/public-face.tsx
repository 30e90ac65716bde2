/**
 * The project's public face on /portal/submission (issue 25): title,
 * one-sentence summary and track, the team's consent to appear in the
 * showcase, and how this member is named there. One plain form, saved until
 * the deadline like the components.
 */
import { getInputProps, getSelectProps } from "@conform-to/react";
import { nameDisplayOptions, showcaseLimits, tracks } from "~/content/showcase";
import type { IntentActionData } from "~/forms/intent-action.server";
import { PublicFaceSchema } from "~/portal/schema";
import type { SubmissionView } from "~/portal/submission-view.server";
import { ErrorList } from "../forms";
import { IntentForm, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { hintClass } from "./submission";

const controlClass = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 disabled:bg-slate-100";
const labelClass = "block text-sm font-semibold text-slate-800";

export function PublicFaceForm({
  view,
  actionData,
}: {
  view: SubmissionView;
  actionData: IntentActionData | undefined;
}) {
  const [form, fields] = useIntentForm("public-face", PublicFaceSchema, actionData, { defaultValue: view.publicFace });
  const { key: titleKey, ...title } = getInputProps(fields.title, {
    type: "text",
    ariaDescribedBy: `${fields.title.id}-hint`,
  });
  const { key: summaryKey, ...summary } = getInputProps(fields.summary, {
    type: "text",
    ariaDescribedBy: `${fields.summary.id}-hint`,
  });
  const { key: trackKey, ...track } = getSelectProps(fields.track);
  return (
    <SectionCard id="public-face" title="In the public showcase">
      <p className={hintClass}>
        {`From the showcase's opening, projects whose team agrees are shown on the public showcase page, where the audience votes. Without the team's agreement the project is judged all the same, but not shown. None of this is needed to submit.`}
      </p>
      {view.showcaseSlug ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="showcase-link">
          {"Its page will be "}
          <a href={`/showcase/${view.showcaseSlug}`} className="font-semibold text-brand-700 underline">
            {`/showcase/${view.showcaseSlug}`}
          </a>
          {" once the project is submitted and the showcase is open."}
        </p>
      ) : null}
      <IntentForm intent="public-face" form={form} className="mt-4 space-y-4">
        <fieldset disabled={!view.open} className="space-y-4">
          <legend className="sr-only">The project's public face</legend>
          <div>
            <label htmlFor={fields.title.id} className={labelClass}>
              Project title
            </label>
            <input key={titleKey} {...title} maxLength={showcaseLimits.titleMax * 2} className={controlClass} />
            <p id={`${fields.title.id}-hint`} className={hintClass}>
              {`At most ${showcaseLimits.titleMax} characters. The project's web address is made from the first title saved and stays the same.`}
            </p>
            <ErrorList id={fields.title.errorId} errors={fields.title.errors} />
          </div>
          <div>
            <label htmlFor={fields.summary.id} className={labelClass}>
              One-sentence summary
            </label>
            <input key={summaryKey} {...summary} className={controlClass} />
            <p id={`${fields.summary.id}-hint`} className={hintClass}>
              {`One sentence of at most ${showcaseLimits.summaryMax} characters: the problem and what your AI solution does about it.`}
            </p>
            <ErrorList id={fields.summary.errorId} errors={fields.summary.errors} />
          </div>
          <div>
            <label htmlFor={fields.track.id} className={labelClass}>
              Track
            </label>
            <select key={trackKey} {...track} className={controlClass}>
              <option value="">Choose a track</option>
              {tracks.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            <ErrorList id={fields.track.errorId} errors={fields.track.errors} />
          </div>
          <div>
            <label className="flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                name="publicConsent"
                id={fields.publicConsent.id}
                defaultChecked={fields.publicConsent.initialValue === "on"}
                aria-describedby={fields.publicConsent.errorId}
                className="mt-1"
              />
              <span>
                Our team agrees to show this project in the public showcase: its title, summary, track, abstract,
                prototype and video links, with our names as each of us chooses below.
              </span>
            </label>
            <ErrorList id={fields.publicConsent.errorId} errors={fields.publicConsent.errors} />
          </div>
          <fieldset className="rounded-lg border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">How your own name is shown</legend>
            <div className="space-y-2">
              {nameDisplayOptions.map((option) => (
                <label key={option.id} className="flex items-start gap-2 text-slate-800">
                  <input
                    type="radio"
                    name="nameDisplay"
                    value={option.id}
                    defaultChecked={fields.nameDisplay.initialValue === option.id}
                    className="mt-1"
                  />
                  <span>
                    {option.label}
                    <span className="block text-sm text-slate-600">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <label className="mt-3 flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                name="showOrganization"
                defaultChecked={fields.showOrganization.initialValue === "on"}
                className="mt-1"
              />
              <span>
                {view.organizationName
                  ? `Show my organization (${view.organizationName}).`
                  : "Show my organization, as named in my registration."}
              </span>
            </label>
            <ErrorList id={fields.nameDisplay.errorId} errors={fields.nameDisplay.errors} />
          </fieldset>
        </fieldset>
        {view.open ? (
          <button type="submit" className="btn-secondary">
            Save
          </button>
        ) : null}
      </IntentForm>
    </SectionCard>
  );
}
