/**
 * The two-person rule's pages (issue 32, ADR 018): the open proposals, and
 * one proposal: its preview exactly as stored (what will be published, sent
 * and issued) and the confirmation form, which asks for the second factor.
 */
import type { IntentActionData } from "~/forms/intent-action.server";
import type { Preview } from "~/organize/action.server";
import { ConfirmProposalSchema } from "~/organize/schema";
import { IntentForm, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { CodeAgainField } from "./code-again-field";
import { cellClass, DeskTable, deskLinkClass, Empty } from "./desk";

export function ProposalsList({
  proposals,
}: {
  proposals: {
    id: string;
    summary: string;
    proposedBy: string;
    proposedAt: string;
    expiresAt: string;
    mine: boolean;
  }[];
}) {
  return (
    <SectionCard id="open" title="Waiting for a second director">
      {proposals.length === 0 ? (
        <Empty>
          Nothing is waiting. A one-way action (publishing finalists or awards, the Audience Choice, a late-submission
          exception) appears here when someone proposes it.
        </Empty>
      ) : (
        <DeskTable id="proposals-table" caption="Open proposals" head={["Proposal", "Proposed", "Expires"]}>
          {proposals.map((p) => (
            <tr key={p.id}>
              <td className={cellClass}>
                <a href={`/organize/proposals/${p.id}`} className={deskLinkClass}>
                  {p.summary}
                </a>
              </td>
              <td className={`${cellClass} break-all`}>
                {p.proposedAt} by {p.mine ? "you" : p.proposedBy}
              </td>
              <td className={cellClass}>{p.expiresAt}</td>
            </tr>
          ))}
        </DeskTable>
      )}
    </SectionCard>
  );
}

export function PreviewSection({ preview }: { preview: Preview }) {
  return (
    <SectionCard id="preview" title="What confirming does">
      <p className="mt-2 text-slate-800">{preview.summary}</p>
      {preview.tables.map((table, i) => (
        <div key={table.caption} className="mt-4">
          <h3 className="text-lg font-semibold text-slate-900">{table.caption}</h3>
          <DeskTable id={`preview-${i}`} caption={table.caption} head={table.columns}>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} className={`${cellClass} break-words`}>
                    {cell ?? "—"}
                  </td>
                ))}
              </tr>
            ))}
          </DeskTable>
        </div>
      ))}
      {preview.notes?.length ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}

export function ConfirmSection({
  cannotConfirm,
  actionData,
}: {
  cannotConfirm: string | null;
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("confirm", ConfirmProposalSchema, actionData);
  return (
    <SectionCard id="confirm" title="Confirm">
      {cannotConfirm ? (
        <p className="mt-2 text-slate-800" data-testid="cannot-confirm">
          {cannotConfirm}
        </p>
      ) : (
        <IntentForm intent="confirm" form={form} className="mt-4 space-y-4">
          <p className="text-slate-800">
            Confirming cannot be undone: it does exactly what the preview shows, if nothing changed since it was
            proposed. Enter your code to confirm it is you.
          </p>
          <CodeAgainField field={fields.code} />
          <button type="submit" className="btn-primary">
            Confirm and carry it out
          </button>
        </IntentForm>
      )}
    </SectionCard>
  );
}
