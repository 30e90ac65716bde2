import { data, Form, Link } from "react-router";
import { ErrorList } from "~/components/forms";
import { PageHero } from "~/components/page";
import { portalMessages } from "~/content/portal";
import { formatUsd } from "~/content/pricing";
import { requestContext } from "~/context";
import { createAuth } from "~/accounts/auth.server";
import { appendSetCookies } from "~/accounts/session.server";
import { accountAction, type AccountActionData, type FieldErrors } from "~/account/actions.server";
import { accountActivity, accountSessions, type AccountRegistration } from "~/account/activity.server";
import type { EnrolmentView } from "~/account/qr.server";
import { takeShowRecoveryCodes } from "~/account/recovery-codes-flash.server";
import type { AccountIntent } from "~/account/schema";
import { requireAccount } from "~/account/session.server";
import { formatMountain } from "~/clock/schedule";
import { getDb } from "~/db/client.server";
import { organizationsOf } from "~/organization/access.server";
import { log } from "~/lib/log.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/account";

/**
 * /account (issue 13, docs/accounts.md): the signed-in person's e-mail,
 * password, second factor, sessions, everything the account did, a download
 * of it all, and deleting the account. Server-rendered plain forms, no
 * JavaScript (no `hydrate` handle): every form posts an `intent` here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const account = await requireAccount(request, context);
  const { user } = account;
  const [activity, sessions, flash, organizations] = await Promise.all([
    accountActivity(env, user.id),
    accountSessions(env, user.id, account.sessionId),
    takeShowRecoveryCodes(env, request, user.id),
    organizationsOf(getDb(env), user.id),
  ]);
  let recoveryCodes: string[] | null = null;
  if (flash.show && user.twoFactorEnabled) {
    try {
      const result = await createAuth(env, request, { requestId }).api.viewBackupCodes({ body: { userId: user.id } });
      recoveryCodes = result.backupCodes;
    } catch (error) {
      log("error", "account.recovery_codes_unreadable", { requestId, error });
    }
  }
  const headers = appendSetCookies(new Headers({ "Cache-Control": "no-store" }), account.headers);
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  const managed = organizations.map(({ id, name, role }) => ({ id, name, role }));
  return data({ user, sessions, activity, recoveryCodes, organizations: managed }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const account = await requireAccount(request, context);
  const formData = await request.formData().catch(() => new FormData());
  return accountAction({ request, env, requestId, account, formData });
}

// Nothing here may be cached: it is one person's account, and holds secrets right after enrolment.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your Account", "Your Idaho AI Challenge account: sign-in, security, registrations and your data."),
  { name: "robots", content: "noindex" },
];

type LoaderData = Route.ComponentProps["loaderData"];

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, activity, recoveryCodes } = loaderData;
  const answer = actionData as AccountActionData | undefined;
  const errorsFor = (intent: AccountIntent): FieldErrors => (answer?.intent === intent ? answer.errors : {});
  return (
    <>
      <PageHero eyebrow="Your account" title="Your Account" lead={<p>Signed in as {user.email}.</p>} />
      <div className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          <SignInDetails user={user} errors={errorsFor("change-password")} />
          <TwoFactorSection
            enabled={user.twoFactorEnabled}
            enrolment={answer?.enrolment ?? null}
            recoveryCodes={recoveryCodes}
            enableErrors={errorsFor("enable-two-factor")}
            confirmErrors={errorsFor("confirm-two-factor")}
            disableErrors={errorsFor("disable-two-factor")}
          />
          <SessionsSection sessions={sessions} errors={errorsFor("sign-out-others")} />
          <RegistrationsSection registrations={activity.registrations} />
          <SponsorshipsSection sponsorships={activity.sponsorships} />
          <OrganizationsSection organizations={loaderData.organizations} />
          <InterestsSection interests={activity.interests} />
          <DataSection />
          <DeleteSection
            errors={errorsFor("delete-account")}
            ownsWorkforcePackage={activity.registrations.some((r) => r.companyCode)}
          />
        </div>
      </div>
    </>
  );
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card p-6 sm:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-950">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}

const inputClass =
  "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600";

/** A labelled input with its errors, ids unique per form (`form`-`name`). */
function Input({
  form,
  name,
  label,
  errors,
  hint,
  type = "password",
  autoComplete,
  inputMode,
}: {
  form: string;
  name: string;
  label: string;
  errors: FieldErrors;
  hint?: string;
  type?: "password" | "text";
  autoComplete: string;
  inputMode?: "numeric";
}) {
  const id = `${form}-${name}`;
  const fieldErrors = errors[name];
  const describedBy = [hint ? `${id}-hint` : null, fieldErrors ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={fieldErrors ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoFocus={Boolean(fieldErrors)}
        className={inputClass}
      />
      <ErrorList id={`${id}-error`} errors={fieldErrors} />
    </div>
  );
}

function FormError({ errors }: { errors: FieldErrors }) {
  const messages = errors[""];
  if (!messages?.length) return null;
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
      {messages.join(" ")}
    </p>
  );
}

function SignInDetails({ user, errors }: { user: LoaderData["user"]; errors: FieldErrors }) {
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
      <Form method="post" className="space-y-4 border-t border-slate-200 pt-4" aria-labelledby="change-password-title">
        <h3 id="change-password-title" className="text-lg font-semibold text-brand-950">
          Change password
        </h3>
        <FormError errors={errors} />
        <input type="hidden" name="intent" value="change-password" />
        <Input
          form="change-password"
          name="currentPassword"
          label="Current password"
          errors={errors}
          autoComplete="current-password"
        />
        <Input
          form="change-password"
          name="newPassword"
          label="New password"
          hint="At least 6 characters. Long passphrases are welcome. Your other devices will be signed out."
          errors={errors}
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary">
          Change Password
        </button>
      </Form>
    </Panel>
  );
}

function TwoFactorSection({
  enabled,
  enrolment,
  recoveryCodes,
  enableErrors,
  confirmErrors,
  disableErrors,
}: {
  enabled: boolean;
  enrolment: EnrolmentView | null;
  recoveryCodes: string[] | null;
  enableErrors: FieldErrors;
  confirmErrors: FieldErrors;
  disableErrors: FieldErrors;
}) {
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
          <Form method="post" className="space-y-4 border-t border-slate-200 pt-4" aria-labelledby="disable-2fa-title">
            <h3 id="disable-2fa-title" className="text-lg font-semibold text-brand-950">
              Turn off two-step sign-in
            </h3>
            <FormError errors={disableErrors} />
            <input type="hidden" name="intent" value="disable-two-factor" />
            <Input
              form="disable-two-factor"
              name="password"
              label="Password"
              errors={disableErrors}
              autoComplete="current-password"
            />
            <button type="submit" className="btn-outline">
              Turn Off Two-Step Sign-In
            </button>
          </Form>
        </>
      ) : enrolment ? (
        <Enrolment enrolment={enrolment} errors={confirmErrors} />
      ) : (
        <Form method="post" className="space-y-4" aria-labelledby="enable-2fa-title">
          <h3 id="enable-2fa-title" className="text-lg font-semibold text-brand-950">
            Turn on two-step sign-in
          </h3>
          <FormError errors={enableErrors} />
          {confirmErrors.code ? <ErrorList errors={confirmErrors.code} /> : null}
          <input type="hidden" name="intent" value="enable-two-factor" />
          <Input
            form="enable-two-factor"
            name="password"
            label="Password"
            hint="Enter your password to start."
            errors={enableErrors}
            autoComplete="current-password"
          />
          <button type="submit" className="btn-primary">
            Set Up Two-Step Sign-In
          </button>
        </Form>
      )}
    </Panel>
  );
}

function Enrolment({ enrolment, errors }: { enrolment: EnrolmentView; errors: FieldErrors }) {
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
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <div className="min-w-0 space-y-2">
          <p className="font-semibold text-slate-800">Key (for typing in)</p>
          <p className="break-all font-mono text-lg tracking-wide text-slate-900" data-testid="totp-secret">
            {enrolment.secret}
          </p>
          <details>
            <summary className="cursor-pointer text-sm text-brand-700">Show the full set-up link</summary>
            <p className="mt-2 break-all font-mono text-sm" data-testid="totp-uri">
              {enrolment.totpURI}
            </p>
          </details>
        </div>
      </div>
      <Form method="post" className="space-y-4" aria-labelledby="confirm-2fa-title">
        <h4 id="confirm-2fa-title" className="font-semibold text-brand-950">
          Confirm with a code
        </h4>
        <FormError errors={errors} />
        <input type="hidden" name="intent" value="confirm-two-factor" />
        <input type="hidden" name="totpURI" value={enrolment.totpURI} />
        <Input
          form="confirm-two-factor"
          name="code"
          label="6-digit code"
          type="text"
          inputMode="numeric"
          errors={errors}
          autoComplete="one-time-code"
        />
        <button type="submit" className="btn-primary">
          Turn On Two-Step Sign-In
        </button>
      </Form>
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

function SessionsSection({ sessions, errors }: { sessions: LoaderData["sessions"]; errors: FieldErrors }) {
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
      <FormError errors={errors} />
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="btn-outline">
            Sign Out Everywhere Else
          </button>
        </Form>
      ) : (
        <p>You're signed in only on this device.</p>
      )}
    </Panel>
  );
}

const registrationStatus: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  expired: "Not paid (checkout expired)",
  failed: "Payment failed",
  enrolled: "Enrolled",
};

const sponsorshipStatus: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  expired: "Not paid (checkout expired)",
  failed: "Payment failed",
};

/** A list of what the account did, as a table that scrolls sideways on a narrow screen. */
function ActivityTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: string[];
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-slate-800">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index < columns.length - 1 ? "py-2 pr-4" : "py-2"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function amountText(amountCents: number, refundedCents: number) {
  const amount = formatUsd(amountCents);
  return refundedCents > 0 ? `${amount} (${formatUsd(refundedCents)} refunded)` : amount;
}

function RegistrationsSection({ registrations }: { registrations: AccountRegistration[] }) {
  return (
    <Panel id="registrations" title="Your registrations">
      {registrations.length === 0 ? (
        <p>
          You haven't registered for the Challenge yet.{" "}
          <Link to="/register" className="font-medium text-brand-700 underline">
            Register as an individual or for your organization
          </Link>
          .
        </p>
      ) : (
        <ActivityTable
          caption="Your registrations, newest first"
          columns={["Registration", "Amount", "Status", "Date", "Receipt"]}
        >
          {registrations.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top" data-testid="registration-row">
              <td className="py-2 pr-4">
                <p className="font-medium text-slate-900">{r.item}</p>
                {r.kind === "enrollment" && r.organizationName ? (
                  <p>{`Through ${r.organizationName}'s Workforce Package`}</p>
                ) : r.organizationName ? (
                  <p>{`For ${r.organizationName}`}</p>
                ) : null}
                {r.companyCode ? (
                  <p>
                    Company code: <span className="font-mono font-semibold">{r.companyCode}</span>{" "}
                    <span className="text-slate-500">(keep it private; share it with your employees)</span>
                  </p>
                ) : null}
              </td>
              <td className="py-2 pr-4">{amountText(r.amountCents, r.refundedCents)}</td>
              <td className="py-2 pr-4">{registrationStatus[r.status] ?? r.status}</td>
              <td className="py-2 pr-4">{formatMountain(new Date(r.paidAt ?? r.createdAt))}</td>
              <td className="py-2">
                {r.receiptPath ? (
                  <Link to={r.receiptPath} className="font-medium text-brand-700 underline">
                    View<span className="sr-only"> receipt for {r.item}</span>
                  </Link>
                ) : (
                  <span className="text-slate-500">None</span>
                )}
              </td>
            </tr>
          ))}
        </ActivityTable>
      )}
    </Panel>
  );
}

function SponsorshipsSection({ sponsorships }: { sponsorships: LoaderData["activity"]["sponsorships"] }) {
  return (
    <Panel id="sponsorships" title="Your sponsorships">
      {sponsorships.length === 0 ? (
        <p>
          No sponsorships from this account.{" "}
          <Link to="/sponsors" className="font-medium text-brand-700 underline">
            See how sponsoring works
          </Link>
          .
        </p>
      ) : (
        <ActivityTable caption="Your sponsorships, newest first" columns={["Sponsorship", "Amount", "Status", "Date"]}>
          {sponsorships.map((s) => (
            <tr key={s.id} className="border-b border-slate-100" data-testid="sponsorship-row">
              <td className="py-2 pr-4">
                <p className="font-medium text-slate-900">{s.item}</p>
                <p>{s.companyName}</p>
              </td>
              <td className="py-2 pr-4">{amountText(s.amountCents, s.refundedCents)}</td>
              <td className="py-2 pr-4">{sponsorshipStatus[s.status] ?? s.status}</td>
              <td className="py-2">{formatMountain(new Date(s.paidAt ?? s.createdAt))}</td>
            </tr>
          ))}
        </ActivityTable>
      )}
    </Panel>
  );
}

function InterestsSection({ interests }: { interests: LoaderData["activity"]["interests"] }) {
  return (
    <Panel id="interests" title="Judge and advisor interest">
      {interests.length === 0 ? (
        <p>
          You haven't offered to judge or advise.{" "}
          <Link to="/judges-advisors" className="font-medium text-brand-700 underline">
            Learn about judges and advisors
          </Link>
          .
        </p>
      ) : (
        <ul className="space-y-2">
          {interests.map((i) => (
            <li key={i.id} data-testid="interest-row">
              <span className="font-medium text-slate-900">{i.role === "judge" ? "Judge" : "Advisor"}</span>, {i.title}{" "}
              at {i.organization}, sent {formatMountain(new Date(i.createdAt))}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Organizations this account bought a Workforce Package for or co-administers (issue 14); absent when none. */
function OrganizationsSection({ organizations }: { organizations: LoaderData["organizations"] }) {
  if (organizations.length === 0) return null;
  return (
    <Panel id="organizations" title="Organizations you manage">
      <ul className="space-y-2">
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Link to={`/organization/${organization.id}`} className="font-medium text-brand-700 underline">
              {organization.name}
            </Link>
            {organization.role === "owner" ? " (you bought its Workforce Package)" : " (co-administrator)"}: company
            code, employees, invitations and recognition tier
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function DataSection() {
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

function DeleteSection({ errors, ownsWorkforcePackage }: { errors: FieldErrors; ownsWorkforcePackage: boolean }) {
  return (
    <Panel id="delete-account" title="Delete your account">
      <p>Deleting your account signs you out everywhere and cannot be undone. We then:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>delete your sign-in details, sessions, two-step sign-in and judge or advisor interest forms;</li>
        <li>{portalMessages.accountDeletion}</li>
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
      <Form method="post" className="space-y-4" aria-labelledby="delete-form-title">
        <h3 id="delete-form-title" className="text-lg font-semibold text-brand-950">
          Delete my account
        </h3>
        <FormError errors={errors} />
        <input type="hidden" name="intent" value="delete-account" />
        <Input form="delete-account" name="password" label="Password" errors={errors} autoComplete="current-password" />
        <div>
          <div className="flex items-start gap-2">
            <input
              id="delete-account-confirm"
              name="confirm"
              type="checkbox"
              value="yes"
              required
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? "delete-account-confirm-error" : undefined}
              className="mt-1 size-4"
            />
            <label htmlFor="delete-account-confirm">I understand my account will be deleted for good.</label>
          </div>
          <ErrorList id="delete-account-confirm-error" errors={errors.confirm} />
        </div>
        <button
          type="submit"
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus:outline-none focus:ring-2 focus:ring-red-700/40"
        >
          Delete My Account
        </button>
      </Form>
    </Panel>
  );
}
