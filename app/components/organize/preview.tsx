/**
 * /organize/preview's sections (issue 52): this desk session's preview (and
 * leaving it), and starting one: an edition version, a day and a time in
 * Boise, or one button per key day of each version. Plain POST forms,
 * enhanced by Conform.
 */
import { getInputProps, getSelectProps } from "@conform-to/react";
import { previewRules, previewText } from "~/content/preview";
import type { PreviewChoice } from "~/editions/preview.server";
import { StartPreviewSchema } from "~/editions/preview-form";
import type { IntentActionData } from "~/forms/intent-action.server";
import { ErrorList } from "../forms";
import { IntentForm, intentErrors, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { deskControlClass, deskLabelClass, deskLinkClass } from "./desk";

export function CurrentPreviewSection({
  current,
  actionData,
}: {
  current: { subject: string; day: string } | null;
  actionData?: IntentActionData;
}) {
  return (
    <SectionCard id="current" title={previewText.currentTitle} testId="current-preview">
      {current ? (
        <>
          <p className="mt-2 text-slate-800">{previewText.banner(current.subject, current.day)}</p>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <a href="/" className={deskLinkClass}>
              {previewText.openSite}
            </a>
            <IntentForm intent="leave" errors={intentErrors(actionData, "leave")}>
              <button type="submit" className="btn-secondary">
                {previewText.leave}
              </button>
            </IntentForm>
          </div>
        </>
      ) : (
        <p className="mt-2 text-slate-700">{previewText.noPreview}</p>
      )}
    </SectionCard>
  );
}

export function StartPreviewSection({
  choices,
  actionData,
}: {
  choices: PreviewChoice[];
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("start", StartPreviewSchema, actionData, {
    defaultValue: { version: "live", day: "", time: previewRules.defaultTime },
  });
  const { key: versionKey, ...version } = getSelectProps(fields.version);
  const { key: dayKey, ...day } = getInputProps(fields.day, { type: "date" });
  const { key: timeKey, ...time } = getInputProps(fields.time, { type: "time" });
  return (
    <>
      <SectionCard id="start" title={previewText.start}>
        <IntentForm intent="start" form={form} className="mt-4 space-y-4">
          <div>
            <label htmlFor={fields.version.id} className={deskLabelClass}>
              {previewText.versionLabel}
            </label>
            <p id={`${fields.version.id}-hint`} className="text-sm text-slate-600">
              {previewText.versionHint}
            </p>
            <select
              key={versionKey}
              {...version}
              aria-describedby={`${fields.version.id}-hint`}
              className={deskControlClass}
            >
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <ErrorList id={fields.version.errorId} errors={fields.version.errors} />
          </div>
          <div className="flex flex-wrap gap-4">
            <div className="min-w-0 flex-1 basis-40">
              <label htmlFor={fields.day.id} className={deskLabelClass}>
                {previewText.dayLabel}
              </label>
              <input key={dayKey} {...day} className={deskControlClass} />
              <ErrorList id={fields.day.errorId} errors={fields.day.errors} />
            </div>
            <div className="min-w-0 flex-1 basis-32">
              <label htmlFor={fields.time.id} className={deskLabelClass}>
                {previewText.timeLabel}
              </label>
              <input key={timeKey} {...time} aria-describedby={`${fields.time.id}-hint`} className={deskControlClass} />
              <p id={`${fields.time.id}-hint`} className="text-sm text-slate-600">
                {previewText.timeHint}
              </p>
              <ErrorList id={fields.time.errorId} errors={fields.time.errors} />
            </div>
          </div>
          <button type="submit" className="btn-primary">
            {previewText.start}
          </button>
        </IntentForm>
      </SectionCard>
      <SectionCard id="key-days" title={previewText.keyDaysTitle} testId="preview-key-days">
        <p className="mt-2 text-sm text-slate-700">{previewText.keyDaysLead}</p>
        <div className="mt-4 space-y-6">
          {choices.map((choice) => (
            <div key={choice.value}>
              <h3 className="font-semibold text-slate-900">{choice.label}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {choice.keyDays.map((keyDay) => (
                  <li key={`${keyDay.id}-${keyDay.day}`}>
                    <IntentForm intent="start" errors={[]}>
                      <input type="hidden" name="version" value={choice.value} />
                      <input type="hidden" name="day" value={keyDay.day} />
                      <input type="hidden" name="time" value={keyDay.time} />
                      <button type="submit" className="btn-secondary text-left text-sm">
                        {keyDay.label}
                        <span className="block font-normal">{keyDay.when}</span>
                      </button>
                    </IntentForm>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </SectionCard>
    </>
  );
}
