/**
 * /organize/credentials' sections (issue 33): the completions import (an
 * upload, its preview in tables, then the confirmation), the edition's
 * credentials searched by e-mail with a revocation that asks for its reason
 * on a confirmation card, and the signing keys. Plain POST and GET forms
 * (the upload and the confirmation multipart): the same without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { credentialDeskText as text } from "~/content/credentials";
import type { ImportPreview } from "~/credentials/import.server";
import type { CredentialsDeskView } from "~/credentials/desk.server";
import { ImportCompletionsSchema, PreviewCompletionsSchema, RevokeCredentialSchema } from "~/credentials/schema";
import type { IntentActionData } from "~/forms/intent-action.server";
import { TextareaField } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";
import { cellClass, deskControlClass, deskLabelClass, deskLinkClass, DeskTable, Empty, Pager } from "./desk";

type Props = { view: CredentialsDeskView; actionData?: IntentActionData };

/** The preview the last post answered with (the upload's, or a new one after a confirmation that came too late). */
export function previewOf(actionData: IntentActionData | undefined) {
  const step = actionData?.step as { preview?: ImportPreview; csv?: string; notice?: string | null } | undefined;
  return step?.preview && typeof step.csv === "string"
    ? { preview: step.preview, csv: step.csv, notice: step.notice ?? null }
    : null;
}

export function ImportSection({ actionData }: Props) {
  const [form, fields] = useIntentForm("preview", PreviewCompletionsSchema, actionData);
  const fileErrors = fields.file.errors ?? [];
  const hintId = "completions-file-hint";
  const errorId = "completions-file-error";
  return (
    <SectionCard id="import" title={text.importTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.importLead}</p>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="preview" />
        <Refusals messages={form.errors ?? []} />
        <div>
          <label htmlFor="completions-file" className={deskLabelClass}>
            {text.fileLabel}
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            {text.fileHint}
          </p>
          <input
            id="completions-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-invalid={fileErrors.length > 0 || undefined}
            aria-describedby={fileErrors.length > 0 ? `${hintId} ${errorId}` : hintId}
            className={`${deskControlClass} max-w-full`}
          />
          {fileErrors.length > 0 ? (
            <p id={errorId} className="mt-1 text-sm font-semibold text-red-800">
              {fileErrors.join(" ")}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary">
          {text.previewButton}
        </button>
      </Form>
    </SectionCard>
  );
}

export function PreviewSection({ actionData }: Props) {
  const shown = previewOf(actionData);
  const [form] = useIntentForm("import", ImportCompletionsSchema, actionData);
  if (!shown) return null;
  const { preview, csv, notice } = shown;
  return (
    <SectionCard id="preview" title={text.previewTitle} testId="import-preview">
      {notice ? <Refusals messages={[notice]} /> : null}
      <p className="mt-2 text-sm text-slate-700">{text.previewLead}</p>
      <p className="mt-2 font-semibold text-slate-900" data-testid="preview-counts">
        {`${preview.rowsRead} row(s) read: ${preview.counts.matched} to be issued, ${preview.problems.length} not imported.`}
      </p>
      <h3 className="mt-4 font-semibold text-slate-900">{text.matchedCaption}</h3>
      {preview.matched.length === 0 ? (
        <Empty>{text.nothingToIssue}</Empty>
      ) : (
        <DeskTable
          id="preview-matched"
          caption={text.matchedCaption}
          head={["Line", "E-mail", "Certification", "Completed"]}
        >
          {preview.matched.map((row) => (
            <tr key={row.line}>
              <td className={cellClass}>{row.line}</td>
              <td className={`${cellClass} break-all`}>{row.email}</td>
              <td className={cellClass}>{row.certification}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{row.completedOn}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      {preview.problems.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">{text.problemsCaption}</h3>
          <DeskTable
            id="preview-problems"
            caption={text.problemsCaption}
            head={["Line", "Why", "E-mail", "Certification", "Detail"]}
          >
            {preview.problems.map((row) => (
              <tr key={`${row.line}-${row.kind}`}>
                <td className={cellClass}>{row.line}</td>
                <td className={`${cellClass} font-semibold`}>{row.kindLabel}</td>
                <td className={`${cellClass} break-all`}>{row.email}</td>
                <td className={`${cellClass} break-words`}>{row.certification}</td>
                <td className={`${cellClass} break-words`}>{row.detail}</td>
              </tr>
            ))}
          </DeskTable>
        </>
      ) : null}
      {preview.matched.length > 0 ? (
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="csv" value={csv} />
          <input type="hidden" name="expected" value={preview.fingerprint} />
          <Refusals messages={form.errors ?? []} />
          <p className="text-sm text-slate-700">{text.innovatorNote}</p>
          <button type="submit" className="btn-primary">
            {text.confirmButton}
            <span className="sr-only">{`: issue ${preview.counts.matched} credential(s)`}</span>
          </button>
        </Form>
      ) : null}
    </SectionCard>
  );
}

export function CredentialsSection({ view, actionData }: Props) {
  const { credentials } = view;
  return (
    <SectionCard id="credentials" title={text.listTitle}>
      <form method="get" action="/organize/credentials#credentials" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="credentials-q" className={deskLabelClass}>
            {text.searchLabel}
          </label>
          <input id="credentials-q" name="q" type="search" defaultValue={view.q} className={deskControlClass} />
        </div>
        <button type="submit" className="btn-outline">
          {text.searchButton}
        </button>
      </form>
      {view.toRevoke ? null : <Refusals messages={intentErrors(actionData, "revoke")} />}
      {credentials.total === 0 ? (
        <Empty>{text.empty}</Empty>
      ) : (
        <DeskTable
          id="credentials-table"
          caption={text.listTitle}
          head={["Holder", "Credential", "Earned", "Issued", "Status"]}
        >
          {credentials.items.map((c) => (
            <tr key={c.id}>
              <td className={`${cellClass} break-all`}>{c.holder}</td>
              <td className={cellClass}>
                <a href={c.path} className={deskLinkClass}>
                  {c.name}
                </a>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{c.earnedOn}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{c.issued}</td>
              <td className={cellClass}>
                {c.revoked ? (
                  <span>
                    {`Revoked ${c.revoked.at}${c.revoked.by ? ` by ${c.revoked.by}` : ""}: `}
                    <span className="break-words">{c.revoked.reason}</span>
                  </span>
                ) : view.canRevoke ? (
                  <a href={`/organize/credentials?revoke=${c.id}#revoke`} className={deskLinkClass}>
                    Revoke…<span className="sr-only">{` ${c.name} of ${c.holder}`}</span>
                  </a>
                ) : (
                  "Valid"
                )}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={credentials} label={text.listTitle} />
    </SectionCard>
  );
}

export function RevokeSection({ view, actionData }: Props) {
  const credential = view.toRevoke;
  const [form, fields] = useIntentForm("revoke", RevokeCredentialSchema, actionData, {
    defaultValue: { credentialId: credential?.id ?? "" },
  });
  if (!credential) return null;
  return (
    <SectionCard id="revoke" title={text.revokeTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.revokeLead}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Credential</dt>
        <dd>{credential.name}</dd>
        <dt className="font-semibold">Holder</dt>
        <dd className="break-all">{credential.holder}</dd>
        <dt className="font-semibold">Earned</dt>
        <dd>{credential.earnedOn}</dd>
      </dl>
      <IntentForm intent="revoke" form={form} className="mt-4 space-y-3">
        <input type="hidden" name="credentialId" value={credential.id} />
        <TextareaField meta={fields.reason} label={text.reasonLabel} rows={3} />
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={dangerButtonClass}>
            {text.revokeButton}
          </button>
          <a href="/organize/credentials#credentials" className={deskLinkClass}>
            Cancel
          </a>
        </div>
      </IntentForm>
    </SectionCard>
  );
}

export function KeysSection({ view }: Props) {
  const { keys } = view;
  return (
    <SectionCard id="keys" title={text.keysTitle} testId="signing-keys">
      <p className="mt-2 text-sm text-slate-700">{text.keysLead}</p>
      <DeskTable id="keys-table" caption={text.keysTitle} head={["Key", "Status", "Credentials signed", "Public key"]}>
        {keys.current ? (
          <tr>
            <td className={cellClass}>
              <a href={keys.current.url} className={deskLinkClass}>
                {keys.current.keyId}
              </a>
            </td>
            <td className={cellClass}>
              {keys.current.development ? "Current (the development key: never in production)" : "Current"}
            </td>
            <td className={cellClass}>{keys.current.signed}</td>
            <td className={`${cellClass} break-all font-mono text-xs`}>{keys.current.publicKeyMultibase}</td>
          </tr>
        ) : null}
        {keys.retired.map((key) => (
          <tr key={key.keyId}>
            <td className={cellClass}>
              <a href={key.url} className={deskLinkClass}>
                {key.keyId}
              </a>
            </td>
            <td className={cellClass}>{`Retired ${key.retiredOn}`}</td>
            <td className={cellClass}>{key.signed}</td>
            <td className={`${cellClass} break-all font-mono text-xs`}>{key.publicKeyMultibase}</td>
          </tr>
        ))}
      </DeskTable>
      {keys.retired.length === 0 ? <p className="mt-2 text-sm text-slate-700">{text.noRetiredKeys}</p> : null}
    </SectionCard>
  );
}
