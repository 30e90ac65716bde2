import { Link } from "react-router";
import { authPath } from "~/auth/safe-redirect";

/** A gated form's invitation to sign in or sign up first, coming back to `returnTo` (SPEC.md §4). */
export function LoginPrompt({ returnTo, purpose }: { returnTo: string; purpose: string }) {
  return (
    <p data-testid="login-prompt" className="card mb-6 p-4 text-slate-800">
      Please{" "}
      <Link to={authPath(returnTo, "signin")} className="font-semibold text-brand-700 underline">
        log in
      </Link>{" "}
      or{" "}
      <Link to={authPath(returnTo)} className="font-semibold text-brand-700 underline">
        create an account
      </Link>{" "}
      {purpose}.
    </p>
  );
}
