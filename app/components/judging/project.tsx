/**
 * /judging/:teamId's sections (issue 24): the five components as the team
 * submitted them (texts inline, files through /portal/files/:id), the rubric
 * with the judge's scores, note and comment, and "I know this team". Plain
 * forms; the page's only script is JudgingEnhancements (the live total).
 */
import { getInputProps, getTextareaProps } from "@conform-to/react";
import { judgingMessages, judgingRules, rubricAnchors, rubricCriteria, rubricWeights } from "~/content/judging";
import { formatScore } from "~/judging/normalize";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ProjectView } from "~/judging/view.server";
import { DeclareConflictSchema, SaveReviewSchema } from "~/judging/schema";
import { ErrorList } from "../forms";
import { IntentForm, useIntentForm } from "../intent-form";
import { hintClass } from "../portal/submission";
import { SectionCard } from "../section-card";

type ActionData = IntentActionData | undefined;
const controlClass = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100";
const labelClass = "block text-sm font-semibold text-slate-800";
const linkClass = "font-semibold text-brand-700 underline break-all";

function FileLink({ file }: { file: ProjectView["components"]["pitchDeck"] }) {
  if (!file) return <p className="mt-2 text-slate-700">Not provided.</p>;
  const details = ` (${file.size}${file.pages ? `, ${file.pages} pages` : ""})`;
  if (!file.href) {
    return <p className="mt-2 text-slate-700">{`${file.filename}${details}. ${judgingMessages.filesClosed}`}</p>;
  }
  return (
    <p className="mt-2">
      <a href={file.href} className={linkClass}>
        {`Download ${file.filename}`}
      </a>
      <span className="text-sm text-slate-600">{details}</span>
    </p>
  );
}

function ExternalLink({ href }: { href: string | null }) {
  if (!href) return <p className="mt-2 text-slate-700">Not provided.</p>;
  return (
    <p className="mt-2">
      <a href={href} className={linkClass} rel="noopener noreferrer nofollow ugc" target="_blank">
        {href}
      </a>
      <span className="sr-only"> (opens in a new tab)</span>
    </p>
  );
}

function Text({ value }: { value: string | null }) {
  return value ? (
    <p className="mt-2 whitespace-pre-wrap text-slate-800">{value}</p>
  ) : (
    <p className="mt-2 text-slate-700">Not provided.</p>
  );
}

export function Components({ view }: { view: ProjectView }) {
  const c = view.components;
  return (
    <SectionCard id="components" title="The five components">
      <h3 className="mt-4 text-lg font-semibold text-slate-900">1. Working prototype or workflow demo</h3>
      <ExternalLink href={c.prototypeUrl} />
      <h3 className="mt-6 text-lg font-semibold text-slate-900">2. Abstract</h3>
      <Text value={c.abstract} />
      <h3 className="mt-6 text-lg font-semibold text-slate-900">3. Pitch deck</h3>
      <FileLink file={c.pitchDeck} />
      <h3 className="mt-6 text-lg font-semibold text-slate-900">4. Demo video</h3>
      <ExternalLink href={c.videoUrl} />
      <h3 className="mt-6 text-lg font-semibold text-slate-900">5. Reflection log</h3>
      <FileLink file={c.reflectionLog} />
      <h4 className="mt-4 font-semibold text-slate-900">How AI was used</h4>
      <Text value={c.aiUseLog} />
    </SectionCard>
  );
}

export function Rubric({ view, actionData }: { view: ProjectView; actionData: ActionData }) {
  const [form, fields] = useIntentForm("save", SaveReviewSchema, actionData, {
    defaultValue: { ...view.scores, privateNote: view.privateNote, teamComment: view.teamComment },
  });
  const open = !view.closed;
  const { key: noteKey, ...note } = getTextareaProps(fields.privateNote, { ariaDescribedBy: "privateNote-hint" });
  const { key: commentKey, ...comment } = getTextareaProps(fields.teamComment, { ariaDescribedBy: "teamComment-hint" });
  return (
    <SectionCard id="rubric" title="Your scores">
      <p className="mt-2 text-slate-700">
        {`Score each criterion from ${judgingRules.scoreMin} to ${judgingRules.scoreMax} (whole numbers). The weighted total is each score times its criterion's weight, so it is on the same 1–${judgingRules.scoreMax} scale as the scores. You can change your scores until they are final; other judges never see them.`}
      </p>
      <p className="mt-2 font-semibold text-slate-900" data-testid="saved-total">
        {view.total === null
          ? "Saved weighted total: not complete yet (every criterion needs a score)."
          : `Saved weighted total: ${formatScore(view.total)} of ${judgingRules.scoreMax}`}
      </p>
      <IntentForm intent="save" form={form} className="mt-4 space-y-6">
        <fieldset disabled={!open} className="space-y-6" data-rubric="" data-score-max={judgingRules.scoreMax}>
          <legend className="sr-only">Rubric</legend>
          {rubricCriteria.map((criterion) => {
            const meta = fields[criterion.id];
            const { key, ...props } = getInputProps(meta, { type: "number", ariaDescribedBy: `${meta.id}-anchors` });
            return (
              <div key={criterion.id}>
                <label htmlFor={meta.id} className={labelClass}>
                  {`${criterion.name} (${rubricWeights[criterion.id]}%)`}
                </label>
                <input
                  key={key}
                  {...props}
                  min={judgingRules.scoreMin}
                  max={judgingRules.scoreMax}
                  step={1}
                  inputMode="numeric"
                  data-weight={rubricWeights[criterion.id]}
                  className="mt-1 w-24 rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100"
                />
                <ul id={`${meta.id}-anchors`} className={`${hintClass} space-y-0.5`}>
                  {([1, 5, 10] as const).map((anchor) => (
                    <li key={anchor}>
                      <span className="font-semibold">{`${anchor}: `}</span>
                      {rubricAnchors[criterion.id][anchor]}
                    </li>
                  ))}
                </ul>
                <ErrorList id={meta.errorId} errors={meta.errors} />
              </div>
            );
          })}
          <output className="block font-semibold text-brand-900" aria-live="polite" data-live-total="" hidden />
          <div>
            <label htmlFor={fields.privateNote.id} className={labelClass}>
              Private note (organizers only)
            </label>
            <textarea key={noteKey} {...note} rows={4} className={controlClass} />
            <p id="privateNote-hint" className={hintClass}>
              For the organizers, in case of a tie or an appeal. The team never sees it.
            </p>
            <ErrorList id={fields.privateNote.errorId} errors={fields.privateNote.errors} />
          </div>
          <div>
            <label htmlFor={fields.teamComment.id} className={labelClass}>
              Comment for the team
            </label>
            <textarea key={commentKey} {...comment} rows={4} className={controlClass} />
            <p id="teamComment-hint" className={hintClass}>
              The team reads it after the results are published, without your name.
            </p>
            <ErrorList id={fields.teamComment.errorId} errors={fields.teamComment.errors} />
          </div>
        </fieldset>
        {open ? (
          <button type="submit" className="btn-primary">
            Save scores
          </button>
        ) : null}
      </IntentForm>
    </SectionCard>
  );
}

export function Declaration({ view, actionData }: { view: ProjectView; actionData: ActionData }) {
  const [form, fields] = useIntentForm("declare", DeclareConflictSchema, actionData);
  if (view.closed) return null;
  const { key: reasonKey, ...reason } = getTextareaProps(fields.reason, { ariaDescribedBy: "reason-hint" });
  return (
    <SectionCard id="conflict" title="I know this team">
      <details className="mt-2" open={form.status === "error"}>
        <summary className="cursor-pointer font-semibold text-brand-700">
          Declare a conflict of interest and pass this project on
        </summary>
        <IntentForm intent="declare" form={form} className="mt-4 space-y-3">
          <p className="text-slate-700">
            If you know someone on this team, work with them, or could not judge it fairly, say so: the project goes to
            another judge, and your scores on it stop counting.
          </p>
          <label htmlFor={fields.reason.id} className={labelClass}>
            Reason (optional, for the organizers)
          </label>
          <textarea key={reasonKey} {...reason} rows={3} className={controlClass} />
          <p id="reason-hint" className={hintClass}>
            {`A short line is enough, at most ${judgingRules.declarationReasonMaxChars} characters.`}
          </p>
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          <button type="submit" className="btn-outline">
            I know this team: pass it on
          </button>
        </IntentForm>
      </details>
    </SectionCard>
  );
}
