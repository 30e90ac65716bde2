/**
 * /organize/messages' sections (issue 33): the preview of what was written
 * (its recipients, the e-mail, a test to oneself and the send), the
 * announcement's and the one-team message's forms, and the past
 * announcements with their e-mails' outbox counts. Plain POST forms,
 * enhanced by Conform; the preview's forms carry the text in hidden fields,
 * so nothing typed is lost between the steps, with JavaScript or without.
 */
import { getSelectProps } from "@conform-to/react";
import { messagesDesk } from "~/content/organize";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { AnnouncementPreview } from "~/notifications/announcements.server";
import type { MessagesDeskView } from "~/notifications/desk.server";
import { ComposeSchema } from "~/notifications/messages-schema";
import { ErrorList, Field, TextareaField } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { cellClass, deskControlClass, deskLabelClass, DeskTable, Empty, Pager } from "./desk";
import { TeamSearch } from "./team-chooser";

const t = messagesDesk;

type Compose = { segment: string; teamId: string; subject: string; body: string; announcementId?: string };

/** What the preview step hands back: the preview, the text as typed, and what was just done (a test sent). */
export interface PreviewStep {
  preview: AnnouncementPreview;
  compose: Compose;
  notice?: string;
}

function HiddenCompose({ compose }: { compose: Compose }) {
  return (
    <>
      <input type="hidden" name="segment" value={compose.segment} />
      <input type="hidden" name="teamId" value={compose.teamId} />
      <input type="hidden" name="subject" value={compose.subject} />
      <input type="hidden" name="body" value={compose.body} />
      {compose.announcementId ? <input type="hidden" name="announcementId" value={compose.announcementId} /> : null}
    </>
  );
}

export function PreviewSection({
  step,
  canSend,
  actionData,
}: {
  step: PreviewStep;
  canSend: boolean;
  actionData?: IntentActionData;
}) {
  const { preview, compose, notice } = step;
  const team = compose.segment === "team";
  return (
    <SectionCard id="preview" title={t.previewTitle} testId="message-preview">
      {notice ? (
        <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 text-emerald-900">
          {notice}
        </p>
      ) : null}
      <p className="mt-3 break-words font-semibold text-slate-900">{preview.audience}</p>
      <p className="mt-1 text-slate-800" data-testid="preview-count">
        {t.previewLead(preview.recipients)}
      </p>
      {preview.alreadyWritten > 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t.previewWritten(preview.alreadyWritten)}</p>
      ) : null}
      {preview.recipients === 0 ? (
        <Empty>{t.noRecipients}</Empty>
      ) : (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">{t.firstRecipients}</h3>
          <DeskTable id="preview-recipients" caption={t.firstRecipients} head={t.recipientsHead}>
            {preview.firstRecipients.map((r) => (
              <tr key={r.email}>
                <td className={cellClass}>{r.name}</td>
                <td className={`${cellClass} break-all`}>{r.email}</td>
              </tr>
            ))}
          </DeskTable>
        </>
      )}
      <h3 className="mt-6 font-semibold text-slate-900">{t.emailTitle}</h3>
      <dl className="mt-2 text-sm text-slate-800">
        <dt className="font-semibold">{t.emailSubject}</dt>
        <dd className="break-words" data-testid="preview-subject">
          {preview.email.subject}
        </dd>
        <dt className="mt-2 font-semibold">{t.emailText}</dt>
        <dd>
          <pre
            className="mt-1 whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 font-sans text-sm"
            data-testid="preview-text"
          >
            {preview.email.text}
          </pre>
        </dd>
      </dl>
      {canSend ? (
        <div className="mt-6 space-y-4">
          <IntentForm intent="test" errors={intentErrors(actionData, "test")}>
            <HiddenCompose compose={compose} />
            <button type="submit" className="btn-secondary">
              {t.testButton}
            </button>
          </IntentForm>
          {preview.recipients > 0 ? (
            <IntentForm
              intent={team ? "team" : "send"}
              errors={intentErrors(actionData, team ? "team" : "send")}
              className="rounded-lg border border-amber-300 bg-amber-50 p-4"
            >
              <HiddenCompose compose={compose} />
              {/* Exactly the people this preview counted: anyone joining or leaving since refuses the send. */}
              <input type="hidden" name="expected" value={preview.fingerprint} />
              <p className="text-sm text-slate-800">{t.sendWarning}</p>
              <button type="submit" className="btn-primary mt-3">
                {t.sendButton(preview.recipients)}
              </button>
            </IntentForm>
          ) : null}
        </div>
      ) : null}
    </SectionCard>
  );
}

function ComposeFields({ fields }: { fields: ReturnType<typeof useIntentForm<typeof ComposeSchema>>[1] }) {
  return (
    <>
      <Field meta={fields.subject} label={t.subjectLabel} />
      <TextareaField meta={fields.body} label={t.bodyLabel} hint={t.composeNote} rows={10} />
    </>
  );
}

export function ComposeSection({
  view,
  compose,
  actionData,
}: {
  view: MessagesDeskView;
  compose?: Compose;
  actionData?: IntentActionData;
}) {
  const defaults = compose && compose.segment !== "team" ? compose : undefined;
  const [form, fields] = useIntentForm("preview", ComposeSchema, actionData, {
    defaultValue: defaults ?? { segment: "", teamId: "", subject: "", body: "" },
  });
  const { key: segmentKey, ...segment } = getSelectProps(fields.segment);
  return (
    <SectionCard id="compose" title={t.composeTitle}>
      <IntentForm intent="preview" form={form} className="mt-4 space-y-4">
        <input type="hidden" name="teamId" value="" />
        <div>
          <label htmlFor={fields.segment.id} className={deskLabelClass}>
            {t.segmentLabel}
          </label>
          <select key={segmentKey} {...segment} className={deskControlClass}>
            <option value="">{messagesDesk.segmentLabel}…</option>
            {view.segments.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.segment.errorId} errors={fields.segment.errors} />
        </div>
        <ComposeFields fields={fields} />
        <button type="submit" className="btn-primary">
          {t.previewButton}
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function TeamMessageSection({
  view,
  compose,
  actionData,
}: {
  view: MessagesDeskView;
  compose?: Compose;
  actionData?: IntentActionData;
}) {
  const defaults = compose?.segment === "team" ? compose : undefined;
  const [form, fields] = useIntentForm("preview-team", ComposeSchema, actionData, {
    defaultValue: defaults ?? { segment: "team", teamId: "", subject: "", body: "" },
  });
  const { key: teamKey, ...team } = getSelectProps(fields.teamId);
  return (
    <SectionCard id="team" title={t.teamTitle}>
      <p className="mt-2 text-sm text-slate-700">{t.teamNote}</p>
      {view.teams.total === 0 ? (
        <Empty>{t.teamNone}</Empty>
      ) : (
        <>
          <TeamSearch chooser={view.teams} action="/organize/messages#team" id="message-team-q" />
          <IntentForm intent="preview-team" form={form} className="mt-4 space-y-4">
            <input type="hidden" name="segment" value="team" />
            <div>
              <label htmlFor={fields.teamId.id} className={deskLabelClass}>
                {t.teamLabel}
              </label>
              <select key={teamKey} {...team} className={deskControlClass}>
                <option value="">{t.teamLabel}…</option>
                {view.teams.options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.teamId.errorId} errors={fields.teamId.errors} />
            </div>
            <ComposeFields fields={fields} />
            <button type="submit" className="btn-primary">
              {t.previewButton}
            </button>
          </IntentForm>
        </>
      )}
    </SectionCard>
  );
}

/**
 * A refused send's messages, its fields' included: the preview that posted it
 * is not shown again, so they appear above the list whatever field they name.
 */
function sendErrors(actionData: IntentActionData | undefined, intent: string): string[] {
  if (actionData?.intent !== intent) return [];
  return Object.values(actionData.result.error ?? {}).flatMap((messages) => messages ?? []);
}

export function PastSection({ view, actionData }: { view: MessagesDeskView; actionData?: IntentActionData }) {
  const { past } = view;
  return (
    <SectionCard id="past" title={t.pastTitle}>
      <Refusals messages={[...sendErrors(actionData, "send"), ...sendErrors(actionData, "team")]} />
      {past.total === 0 ? (
        <Empty>{t.pastNone}</Empty>
      ) : (
        <DeskTable id="past-announcements" caption={t.pastCaption} head={t.pastHead}>
          {past.items.map((a) => (
            <tr key={a.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{a.created}</td>
              <td className={`${cellClass} min-w-40`}>{a.audience}</td>
              <td className={`${cellClass} min-w-40 break-words`}>{a.subject}</td>
              <td className={`${cellClass} break-all`}>{a.by}</td>
              <td className={cellClass}>
                {a.written}
                {!a.finished && a.body !== null && view.canSend ? (
                  // The rest goes out after a fresh preview, which gives the send its recipients' fingerprint.
                  <IntentForm intent={a.segment === "team" ? "preview-team" : "preview"} className="mt-2">
                    <input type="hidden" name="segment" value={a.segment} />
                    <input type="hidden" name="teamId" value={a.teamId ?? ""} />
                    <input type="hidden" name="subject" value={a.subject} />
                    <input type="hidden" name="body" value={a.body} />
                    <input type="hidden" name="announcementId" value={a.id} />
                    <p className="text-xs text-slate-700">{t.unfinished}</p>
                    <button type="submit" className="btn-secondary mt-1 whitespace-nowrap">
                      {t.continueButton}
                      <span className="sr-only">: {a.subject}</span>
                    </button>
                  </IntentForm>
                ) : null}
              </td>
              <td className={cellClass}>{a.pending}</td>
              <td className={cellClass}>{a.sent}</td>
              <td className={cellClass}>{a.failed}</td>
              <td className={cellClass}>{a.dead}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={past} label={t.pastTitle} />
    </SectionCard>
  );
}
