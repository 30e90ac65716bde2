/** /account's sign-in details, password, second factor and sessions (issue 13). */
import type { IntentActionData } from "~/forms/intent-action.server";
import type { TwoFactorSetup } from "~/account/qr.server";
import { ChangePasswordSchema, ConfirmTwoFactorSchema, PasswordSchema } from "~/account/schema";
import { formatMountain } from "~/clock/format";
import { Field } from "../forms";
import { IntentForm, intentErrors, useIntentForm } from "../intent-form";
import { ActivityTable, Panel } from "./panel";

type ActionData = IntentActionData | undefined;

export function SignInDetails({
  user,
  actionData,
}: {
  user: { email: string; emailVerified: boolean; createdAt: string };
  actionData: ActionData;
}) {
  const [form, fields] = useIntentForm("change-password", ChangePasswordSchema, actionData);
  return (
    <Panel id="sign-in" title="Sign-in details">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-800">E-mail</dt>
        <dd className="break-all">
          {user.email}{" "}
          {user.emailVerified ? (
            <span className="ml-1 rounded-full bg-green-100 px-2 py-0.5 text-sm font-medium text-green-800">
              Verified
            </span>
          ) : (
            <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
              Not verified yet
            </span>
          )}
        </dd>
        <dt className="font-semibold text-slate-800">Account created</dt>
        <dd>{formatMountain(new Date(user.createdAt), "longDate")}</dd>
      </dl>
      {user.emailVerified ? null : (
        <form method="post" action="/account/verify-email" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="redirectTo" value="/account" />
          <p>We sent you a link to confirm this address. Didn't get it?</p>
          <button type="submit" className="btn-outline">
            Send the link again
          </button>
        </form>
      )}
      <IntentForm
        intent="change-password"
        form={form}
        labelledBy="change-password-title"
        className="space-y-4 border-t border-slate-200 pt-4"
      >
        <h3 id="change-password-title" className="text-lg font-semibold text-brand-950">
          Change password
        </h3>
        <Field meta={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />
        <Field
          meta={fields.newPassword}
          label="New password"
          hint="At least 6 characters. Long passphrases are welcome. Your other devices will be signed out."
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary">
          Change Password
        </button>
      </IntentForm>
    </Panel>
  );
}

export function TwoFactorSection({
  enabled,
  recoveryCodes,
  actionData,
}: {
  enabled: boolean;
  recoveryCodes: string[] | null;
  actionData: ActionData;
}) {
  const setup = (actionData?.step?.setup as TwoFactorSetup | null | undefined) ?? null;
  return (
    <Panel id="two-factor" title="Two-step sign-in">
      <p>
        With two-step sign-in on, signing in asks for your password and then a 6-digit code from an authenticator app on
        your phone (such as Google Authenticator, Microsoft Authenticator or 1Password).
      </p>
      {enabled ? (
        <>
          <p className="font-semibold text-green-800">Two-step sign-in is on.</p>
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
          <PasswordStep
            intent="disable-two-factor"
            title="Turn off two-step sign-in"
            button="Turn Off Two-Step Sign-In"
            actionData={actionData}
          />
        </>
      ) : setup ? (
        <SetupStep setup={setup} actionData={actionData} />
      ) : (
        <PasswordStep
          intent="enable-two-factor"
          title="Turn on two-step sign-in"
          hint="Enter your password to start."
          button="Set Up Two-Step Sign-In"
          actionData={actionData}
          // A refused code whose QR code could not be shown again (a tampered page) lands here.
          extraErrors={intentErrors(actionData, "confirm-two-factor")}
        />
      )}
    </Panel>
  );
}

/** Turning the second factor on or off: the password again. */
function PasswordStep({
  intent,
  title,
  hint,
  button,
  actionData,
  extraErrors = [],
}: {
  intent: "enable-two-factor" | "disable-two-factor";
  title: string;
  hint?: string;
  button: string;
  actionData: ActionData;
  extraErrors?: string[];
}) {
  const [form, fields] = useIntentForm(intent, PasswordSchema, actionData);
  return (
    <IntentForm
      intent={intent}
      form={form}
      labelledBy={`${intent}-title`}
      className="space-y-4 border-t border-slate-200 pt-4"
    >
      <h3 id={`${intent}-title`} className="text-lg font-semibold text-brand-950">
        {title}
      </h3>
      {extraErrors.length > 0 ? <p role="alert">{extraErrors.join(" ")}</p> : null}
      <Field meta={fields.password} label="Password" hint={hint} type="password" autoComplete="current-password" />
      <button type="submit" className={intent === "enable-two-factor" ? "btn-primary" : "btn-outline"}>
        {button}
      </button>
    </IntentForm>
  );
}

function SetupStep({ setup, actionData }: { setup: TwoFactorSetup; actionData: ActionData }) {
  const [form, fields] = useIntentForm("confirm-two-factor", ConfirmTwoFactorSchema, actionData);
  return (
    <div className="space-y-4 border-t border-slate-200 pt-4">
      <h3 className="text-lg font-semibold text-brand-950">Add this site to your authenticator app</h3>
      <ol className="list-decimal space-y-2 pl-5">
        <li>In your authenticator app, add an account and scan this QR code.</li>
        <li>Or type in this key instead: it is the same secret.</li>
        <li>Enter the 6-digit code the app shows to finish.</li>
      </ol>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div
          role="img"
          aria-label="QR code to add this site to your authenticator app"
          className="w-48 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
          data-testid="totp-qr"
          // The SVG is drawn from the otpauth URI's modules by uqr on the server: no text of ours inside.
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
        <div className="min-w-0 space-y-2">
          <p className="font-semibold text-slate-800">Key (for typing in)</p>
          <p className="break-all font-mono text-lg tracking-wide text-slate-900" data-testid="totp-secret">
            {setup.secret}
          </p>
          <details>
            <summary className="cursor-pointer text-sm text-brand-700">Show the full set-up link</summary>
            <p className="mt-2 break-all font-mono text-sm" data-testid="totp-uri">
              {setup.totpURI}
            </p>
          </details>
        </div>
      </div>
      <IntentForm intent="confirm-two-factor" form={form} labelledBy="confirm-2fa-title" className="space-y-4">
        <h4 id="confirm-2fa-title" className="font-semibold text-brand-950">
          Confirm with a code
        </h4>
        <input type="hidden" name="totpURI" value={setup.totpURI} />
        <Field meta={fields.code} label="6-digit code" inputMode="numeric" autoComplete="one-time-code" />
        <button type="submit" className="btn-primary">
          Turn On Two-Step Sign-In
        </button>
      </IntentForm>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div
      role="region"
      aria-labelledby="recovery-codes-title"
      className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-title" className="text-lg font-semibold text-amber-950">
        Your recovery codes
      </h3>
      <p className="mt-1 text-amber-950">
        Save these somewhere safe now (print them or keep them in a password manager): they are shown only this once. If
        you lose your phone, each code signs you in once in place of an authenticator code.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-lg sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

export function SessionsSection({
  sessions,
  actionData,
}: {
  sessions: { id: string; device: string; current: boolean; createdAt: string; lastUsedAt: string }[];
  actionData: ActionData;
}) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <Panel id="sessions" title="Where you're signed in">
      <ActivityTable caption="Devices signed in to your account" columns={["Device", "Signed in", "Last used"]}>
        {sessions.map((s) => (
          <tr key={s.id} className="border-b border-slate-100" data-testid="session-row">
            <td className="py-2 pr-4">
              {s.device}
              {s.current ? <span className="ml-2 font-semibold text-green-800">(this device)</span> : null}
            </td>
            <td className="py-2 pr-4">{formatMountain(new Date(s.createdAt), "dateTime")}</td>
            <td className="py-2">{formatMountain(new Date(s.lastUsedAt), "dateTime")}</td>
          </tr>
        ))}
      </ActivityTable>
      {others > 0 ? (
        <IntentForm intent="sign-out-others" errors={intentErrors(actionData, "sign-out-others")}>
          <button type="submit" className="btn-outline">
            Sign Out Everywhere Else
          </button>
        </IntentForm>
      ) : (
        <p>You're signed in only on this device.</p>
      )}
    </Panel>
  );
}
