/** /account's download of the account's data and the deletion of the account (issue 13). */
import { getInputProps } from "@conform-to/react";
import { Link } from "react-router";
import { DeleteAccountSchema } from "~/account/schema";
import { judgingAccountDeletion } from "~/content/judging";
import { portalMessages } from "~/content/portal";
import type { IntentActionData } from "~/forms/intent-action.server";
import { ErrorList, Field } from "../forms";
import { IntentForm, useIntentForm } from "../intent-form";
import { Panel } from "./panel";

export function DataSection() {
  return (
    <Panel id="your-data" title="Your data">
      <p>
        Download everything on this page, with the details you gave in each form, as a JSON file. How long we keep each
        kind of record is in our{" "}
        <Link to="/privacy-policy#data-retention" className="font-medium text-brand-700 underline">
          privacy policy
        </Link>
        .
      </p>
      <a href="/account/data.json" download className="btn-outline inline-flex">
        Download My Data
      </a>
    </Panel>
  );
}

export function DeleteSection({
  ownsWorkforcePackage,
  actionData,
}: {
  ownsWorkforcePackage: boolean;
  actionData: IntentActionData | undefined;
}) {
  const [form, fields] = useIntentForm("delete-account", DeleteAccountSchema, actionData);
  const { key, ...confirm } = getInputProps(fields.confirm, { type: "checkbox", value: "yes" });
  return (
    <Panel id="delete-account" title="Delete your account">
      <p>Deleting your account signs you out everywhere and cannot be undone. We then:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>delete your sign-in details, sessions, two-step sign-in and judge or advisor interest forms;</li>
        <li>{portalMessages.accountDeletion}</li>
        <li>{judgingAccountDeletion}</li>
        <li>
          remove your name, e-mail, phone and title from your registration and sponsorship payment records, keeping only
          the amounts and organization names that our accounts must keep for seven years.
        </li>
      </ul>
      {ownsWorkforcePackage ? (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-950">
          Your organization's Workforce Package stays in place: employees already enrolled with its company code stay
          enrolled, and the code keeps working.
        </p>
      ) : null}
      <IntentForm intent="delete-account" form={form} labelledBy="delete-form-title" className="space-y-4">
        <h3 id="delete-form-title" className="text-lg font-semibold text-brand-950">
          Delete my account
        </h3>
        <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
        <div>
          <div className="flex items-start gap-2">
            <input key={key} {...confirm} className="mt-1 size-4" />
            <label htmlFor={fields.confirm.id}>I understand my account will be deleted for good.</label>
          </div>
          <ErrorList id={fields.confirm.errorId} errors={fields.confirm.errors} />
        </div>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-700/40"
        >
          Delete My Account
        </button>
      </IntentForm>
    </Panel>
  );
}
