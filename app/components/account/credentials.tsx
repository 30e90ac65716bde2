/**
 * /account's credentials (issue 26): each with its page, the JSON, a LinkedIn
 * link, and a switch between public and private (a plain POST per credential).
 */
import { formatMountain } from "~/clock/format";
import type { HolderCredential } from "~/credentials/holder.server";
import type { IntentActionData } from "~/forms/intent-action.server";
import { DisplayNameSchema } from "~/account/schema";
import { ANONYMOUS_HOLDER, DISPLAY_NAME_MAX } from "~/content/credentials";
import { displayNameChanges } from "~/content/limits";
import { Field } from "../forms";
import { IntentForm, intentErrors, useIntentForm } from "../intent-form";
import { Panel } from "./panel";

function earnedOn(value: string): string {
  return formatMountain(new Date(value.length === 10 ? `${value}T12:00:00Z` : value), "longDate");
}

function DisplayNameForm({
  displayName,
  actionData,
}: {
  displayName: string;
  actionData: IntentActionData | undefined;
}) {
  const [form, fields] = useIntentForm("display-name", DisplayNameSchema, actionData, {
    defaultValue: { displayName },
  });
  return (
    <IntentForm intent="display-name" form={form} labelledBy="display-name-title" className="space-y-3">
      <h3 id="display-name-title" className="text-lg font-semibold text-brand-950">
        Your name on credential pages
      </h3>
      <Field
        meta={fields.displayName}
        label="Display name"
        optional
        hint={`Shown to anyone who opens one of your public credential pages. Leave it empty to show "${ANONYMOUS_HOLDER}". At most ${DISPLAY_NAME_MAX} characters; you can change it ${displayNameChanges.max} times in ${displayNameChanges.days} days.`}
        autoComplete="name"
      />
      <button type="submit" className="btn-outline">
        Save Display Name
      </button>
    </IntentForm>
  );
}

export function CredentialsSection({
  credentials,
  displayName,
  actionData,
}: {
  credentials: readonly HolderCredential[];
  displayName: string;
  actionData: IntentActionData | undefined;
}) {
  const errors = intentErrors(actionData, "credential-visibility");
  return (
    <Panel id="credentials" title="Your credentials">
      <DisplayNameForm displayName={displayName} actionData={actionData} />
      {credentials.length === 0 ? (
        <p>
          No credentials yet. Each certification of the learning path, the capstone and every finalist or award earns an
          Open Badges 3.0 credential, listed here once issued.
        </p>
      ) : (
        <>
          <p>
            Open Badges 3.0 credentials, signed by the organizers: share the page, download the file for a digital
            wallet, or add it to LinkedIn. A private credential's page shows only to you.
          </p>
          {errors.length > 0 ? (
            <p role="alert" className="font-semibold text-red-800">
              {errors.join(" ")}
            </p>
          ) : null}
          <ul className="space-y-4" aria-label="Your credentials">
            {credentials.map((credential) => (
              <li
                key={credential.id}
                className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 sm:flex-row"
                data-credential={credential.id}
              >
                <img src={credential.image} alt="" width={64} height={64} className="h-16 w-16 shrink-0" />
                <div className="flex-1 space-y-2">
                  <h3 className="text-lg font-semibold text-brand-950">
                    <a href={credential.path}>{credential.name}</a>
                  </h3>
                  <p className="text-sm text-slate-700">
                    {credential.editionId} Challenge · earned {earnedOn(credential.earnedAt)} ·{" "}
                    {credential.revoked ? (
                      <strong className="text-red-800">revoked</strong>
                    ) : credential.isPublic ? (
                      "public"
                    ) : (
                      "private"
                    )}
                  </p>
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <a href={credential.path}>Share (public page)</a>
                    <a href={credential.jsonPath} download>
                      Download JSON
                    </a>
                    {credential.linkedIn ? (
                      <a href={credential.linkedIn} rel="noopener noreferrer" target="_blank">
                        Add to LinkedIn profile<span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : null}
                  </p>
                  <IntentForm intent="credential-visibility" className="pt-1">
                    <input type="hidden" name="credentialId" value={credential.id} />
                    <input type="hidden" name="visibility" value={credential.isPublic ? "private" : "public"} />
                    <button type="submit" className="btn-outline">
                      {credential.isPublic ? "Make private" : "Make public"}
                      <span className="sr-only"> the {credential.name} credential</span>
                    </button>
                  </IntentForm>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
