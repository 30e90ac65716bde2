/**
 * /credentials/:id (issue 26): a credential's public page. Who earned what
 * and when (under the holder's own name), the criteria, the result of
 * verifying the signed credential now, the JSON and an "Add to LinkedIn
 * profile" link. A private credential is a 404 to anyone but its holder.
 * Server-rendered, no JavaScript needed.
 */
import { data } from "react-router";
import { requestSessionUser } from "~/auth/request-session.server";
import { formatMountain } from "~/clock/format";
import { requestNow } from "~/clock/page-clock.server";
import { VerificationResult } from "~/components/credentials/verification";
import { PageHero } from "~/components/page";
import { requestContext } from "~/context";
import { credentialPageView } from "~/credentials/page-view.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import type { Route } from "./+types/credential";

// A person's page, shared by link: not for search engines.
export const meta: Route.MetaFunction = ({ loaderData: view }) => [
  ...(view
    ? pageMeta(
        `${view.achievement.name}: ${view.holderName}`,
        `${view.holderName} earned the ${view.achievement.name} credential of the Idaho AI Challenge.`,
      )
    : pageMeta("Credential not found", "This credential does not exist or is not public.")),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const viewer = await requestSessionUser(request, context);
  const view = await credentialPageView(
    env,
    params.id,
    viewer?.id ?? null,
    siteOrigin(request, env),
    requestNow(context),
  );
  if (!view) throw data(null, { status: 404 });
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function CredentialPage({ loaderData: view }: Route.ComponentProps) {
  const earned = formatMountain(
    new Date(view.earnedAt.length === 10 ? `${view.earnedAt}T12:00:00Z` : view.earnedAt),
    "longDate",
  );
  return (
    <>
      <PageHero
        eyebrow={`Idaho AI Challenge · ${view.editionId}`}
        title={view.achievement.name}
        lead={
          <p>
            Earned by <strong>{view.holderName}</strong> on {earned}. Issued by {view.issuerName}.
          </p>
        }
      />
      <div className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          {view.revokedReason !== null ? (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-semibold text-red-900">
              {`The organizers revoked this credential${view.revokedReason ? `: ${view.revokedReason}` : "."}`}
            </p>
          ) : null}
          {view.isHolder && !view.isPublic ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
              Only you can see this page: you made this credential private. Change it on{" "}
              <a href="/account#credentials">your account</a>.
            </p>
          ) : null}
          <section aria-labelledby="achievement-title" className="flex flex-col gap-6 sm:flex-row">
            <img src={view.achievement.image} alt="" width={160} height={160} className="h-40 w-40 shrink-0" />
            <div className="space-y-3">
              <h2 id="achievement-title" className="text-xl font-bold text-brand-950">
                What it certifies
              </h2>
              <p>{view.achievement.description}</p>
              <h3 className="font-semibold text-slate-800">Criteria</h3>
              <p>{view.achievement.criteria}</p>
              {view.evidence.length > 0 ? (
                <>
                  <h3 className="font-semibold text-slate-800">Evidence</h3>
                  <ul className="list-disc pl-6">
                    {view.evidence.map((item) => (
                      <li key={item.url}>
                        <a href={item.url}>{item.name}</a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          </section>
          <VerificationResult report={view.report} headingId="verification-title" />
          <section aria-labelledby="share-title" className="space-y-3">
            <h2 id="share-title" className="text-xl font-bold text-brand-950">
              Download and share
            </h2>
            <p>
              The credential is an Open Badges 3.0 file any compatible wallet or verifier reads. Anyone can check it
              again on <a href="/verify">the verification page</a>.
            </p>
            <div className="flex flex-wrap gap-3">
              <a className="btn-primary" href={view.jsonPath} download>
                Download the credential (JSON)
              </a>
              {view.linkedIn ? (
                <a className="btn-outline" href={view.linkedIn} rel="noopener noreferrer" target="_blank">
                  Add to LinkedIn profile<span className="sr-only"> (opens LinkedIn in a new tab)</span>
                </a>
              ) : null}
            </div>
            <p className="break-all text-sm text-slate-600">Link to this page: {view.url}</p>
          </section>
        </div>
      </div>
    </>
  );
}
