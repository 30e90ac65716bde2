/** /organize/tokens' sections: the new token (once), the list with revoke, and creating one. */
import { getInputProps } from "@conform-to/react";
import type { IntentActionData } from "~/forms/intent-action.server";
import { CreateTokenSchema } from "~/organize/schema";
import { ErrorList } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, Empty } from "./desk";

interface Token {
  id: string;
  name: string;
  owner: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CreatedToken {
  name: string;
  token: string;
  message: string;
}

/** Shown on the answer to the post that made it, and never again. */
export function CreatedTokenSection({ created }: { created: CreatedToken }) {
  return (
    <SectionCard id="created" title={`Your new token: ${created.name}`} testId="created-token">
      <p className="mt-2 font-semibold text-amber-900" role="status">
        {created.message}
      </p>
      <p className="mt-3 text-sm text-slate-700">Copy it into your password manager, or set it in your terminal:</p>
      <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-white" tabIndex={0}>
        <code data-testid="token-value">{`export ORGANIZER_API_TOKEN=${created.token}`}</code>
      </pre>
      <p className="mt-3 text-sm text-slate-700">
        The admin CLI then acts for you with your role: <code>npm run admin -- judges --base-url https://…</code>.
        Leaving this page loses the token; revoke it below if it leaks.
      </p>
    </SectionCard>
  );
}

export function TokensSection({
  tokens,
  all,
  actionData,
}: {
  tokens: Token[];
  all: boolean;
  actionData?: IntentActionData;
}) {
  return (
    <SectionCard id="tokens" title={all ? "Everyone's API tokens" : "Your API tokens"}>
      <p className="mt-2 text-sm text-slate-700">
        A token acts with its owner&apos;s role at the time of each call, and stops working when revoked or when the
        owner loses their role. Only its fingerprint is stored: a lost token cannot be shown again.
      </p>
      <Refusals messages={intentErrors(actionData, "revoke")} />
      {tokens.length === 0 ? (
        <Empty>No tokens yet. Create one below to use the admin CLI or the organizer API.</Empty>
      ) : (
        <DeskTable
          id="tokens-table"
          caption="API tokens"
          head={all ? ["Name", "Owner", "Created", "Last used", ""] : ["Name", "Created", "Last used", ""]}
        >
          {tokens.map((t) => (
            <tr key={t.id}>
              <td className={`${cellClass} break-all`}>{t.name}</td>
              {all ? <td className={`${cellClass} break-all`}>{t.owner ?? "you"}</td> : null}
              <td className={cellClass}>{t.createdAt}</td>
              <td className={cellClass}>{t.lastUsedAt ?? "Never"}</td>
              <td className={cellClass}>
                {t.revokedAt ? (
                  <span className="text-slate-600">Revoked {t.revokedAt}</span>
                ) : (
                  <IntentForm intent="revoke" errors={[]}>
                    <input type="hidden" name="tokenId" value={t.id} />
                    <button type="submit" className="text-red-700 underline">
                      Revoke<span className="sr-only"> {t.name}</span>
                    </button>
                  </IntentForm>
                )}
              </td>
            </tr>
          ))}
        </DeskTable>
      )}
    </SectionCard>
  );
}

export function CreateTokenSection({ actionData }: { actionData?: IntentActionData }) {
  const [form, fields] = useIntentForm("create", CreateTokenSchema, actionData);
  const { key, ...name } = getInputProps(fields.name, { type: "text" });
  return (
    <SectionCard id="create" title="Create a token">
      <IntentForm intent="create" form={form} className="mt-4 space-y-4">
        <div>
          <label htmlFor={fields.name.id} className={deskLabelClass}>
            Name
          </label>
          <p id={`${fields.name.id}-hint`} className="text-sm text-slate-600">
            Where it is used, e.g. &quot;laptop CLI&quot;.
          </p>
          <input
            key={key}
            {...name}
            aria-describedby={`${fields.name.id}-hint`}
            autoComplete="off"
            className={deskControlClass}
          />
          <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <button type="submit" className="btn-primary">
          Create token
        </button>
      </IntentForm>
    </SectionCard>
  );
}
