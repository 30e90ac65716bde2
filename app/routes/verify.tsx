/**
 * /verify (issue 26, issue 31): paste or upload a credential's JSON and the
 * server says, in one outcome, whether the Idaho AI Challenge issued it and
 * whether it is still valid, and shows what it claims. A credential signed by
 * anyone else is never shown as valid here. A plain multipart POST form:
 * works the same with JavaScript off.
 */
import { data } from "react-router";
import { requestNow } from "~/clock/page-clock.server";
import { VerificationResult } from "~/components/credentials/verification";
import { PageHero } from "~/components/page";
import { VERIFY_MAX_BYTES } from "~/content/credentials";
import { requestContext } from "~/context";
import { parseCredentialText, verifyCredential } from "~/credentials/verify.server";
import { clientAllowed, retryAfterHeaders } from "~/lib/client-limit.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/verify";

const maxKb = Math.round(VERIFY_MAX_BYTES / 1024);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Verify a Credential",
    "Check whether the Idaho AI Challenge issued a credential and whether it is still valid, and see what it claims.",
  );

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function submittedText(form: FormData): Promise<string | { error: string }> {
  const file = form.get("file");
  const pasted = form.get("credential");
  if (file instanceof File && file.size > 0) {
    if (file.size > VERIFY_MAX_BYTES)
      return { error: `That file is larger than ${maxKb} KB; no credential is that big.` };
    return file.text();
  }
  const text = typeof pasted === "string" ? pasted.trim() : "";
  if (!text) return { error: "Paste a credential's JSON, or choose its file." };
  if (new TextEncoder().encode(text).length > VERIFY_MAX_BYTES) {
    return { error: `That text is longer than ${maxKb} KB; no credential is that big.` };
  }
  return text;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(requestContext);
  if (!(await clientAllowed(env, "credentials:verify", request))) {
    return data(
      { report: null, error: "Too many checks from here. Please wait a minute and try again." },
      { status: 429, headers: retryAfterHeaders() },
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ report: null, error: "The form could not be read. Please try again." }, { status: 400 });
  }
  const text = await submittedText(form);
  if (typeof text !== "string") return data({ report: null, error: text.error }, { status: 400 });
  const parsed = parseCredentialText(text);
  if (!parsed.ok) return data({ report: null, error: parsed.message }, { status: 400 });
  const report = await verifyCredential(env, parsed.value, siteOrigin(request, env), requestNow(context));
  return data({ report, error: null });
}

export default function VerifyPage({ actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? null;
  return (
    <>
      <PageHero
        eyebrow="Credentials"
        title="Verify a Credential"
        lead={
          <p>
            Paste a credential's JSON or upload its file. This site checks on the server whether the Idaho AI Challenge
            issued it and whether it is still valid, and shows what it claims.
          </p>
        }
      />
      <div className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          {actionData?.report ? <VerificationResult report={actionData.report} headingId="result-title" /> : null}
          <form method="post" encType="multipart/form-data" className="space-y-5" aria-describedby="verify-help">
            {error ? (
              <div
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
                id="verify-error"
              >
                <p className="font-semibold">{error}</p>
              </div>
            ) : null}
            <p id="verify-help" className="text-slate-700">
              Only a credential signed with a key this site publishes is issued by the Idaho AI Challenge. A credential
              signed by anyone else is shown as not issued by the Challenge, whatever names it carries; one whose key
              this site cannot resolve without the network (it never fetches anything while verifying) could not be
              fully verified here.
            </p>
            <div className="space-y-2">
              <label htmlFor="credential" className="block font-semibold text-slate-800">
                Credential JSON
              </label>
              <textarea
                id="credential"
                name="credential"
                rows={12}
                className="w-full rounded-md border border-slate-400 p-3 font-mono text-sm"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "verify-error" : undefined}
              />
            </div>
            <div className="space-y-2">
              <label htmlFor="file" className="block font-semibold text-slate-800">
                Or upload the credential file
              </label>
              <input
                id="file"
                name="file"
                type="file"
                accept=".json,.jsonld,application/json,application/ld+json"
                className="block w-full max-w-full text-sm"
              />
              <p className="text-sm text-slate-600">A file takes the place of pasted text. At most {maxKb} KB.</p>
            </div>
            <button type="submit" className="btn-primary">
              Verify
            </button>
          </form>
        </div>
      </div>
    </>
  );
}
