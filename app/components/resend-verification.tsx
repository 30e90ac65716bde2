import { Form } from "react-router";
import { SubmitButton, useIsPending } from "~/components/forms";

/**
 * Where the resend form posts (app/routes/verify-email.resend.tsx). Kept here,
 * not with the zod schemas, so /register's browser bundle stays in budget.
 */
export const RESEND_VERIFICATION_PATH = "/account/verify-email";

/**
 * "Send a new link": a small form of its own (never inside another form) that
 * posts to /account/verify-email and comes back to `redirectTo` with a toast.
 * A plain POST without JavaScript; with it, no reload.
 */
export function ResendVerificationForm({
  redirectTo,
  label = "Send a new verification link",
}: {
  redirectTo: string;
  label?: string;
}) {
  const pending = useIsPending({ formAction: RESEND_VERIFICATION_PATH });
  return (
    <Form method="post" action={RESEND_VERIFICATION_PATH} className="mt-3">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <SubmitButton pending={pending} pendingLabel="Sending..." className="btn-secondary">
        {label}
      </SubmitButton>
    </Form>
  );
}

/** The notice a signed-in, unverified person sees where a verified address is needed. */
export function VerifyEmailNotice({
  email,
  redirectTo,
  reason,
}: {
  email: string;
  redirectTo: string;
  reason: string;
}) {
  return (
    <div className="card mb-6 border-l-4 border-amber-500 p-4 text-slate-800" data-testid="verify-email-notice">
      <p className="font-semibold text-brand-950">Please verify your e-mail address</p>
      <p className="mt-1 text-sm">
        {reason} We sent a link to <strong>{email}</strong> when you signed up; follow it, or ask for a new one.
      </p>
      <ResendVerificationForm redirectTo={redirectTo} />
    </div>
  );
}
