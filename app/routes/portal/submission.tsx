/**
 * /portal/submission (issue 15): the project's five components, each saved by
 * its own form (the two files by /portal/upload), what is still missing, and
 * Submit. Until the deadline every save is accepted for a participant in the
 * project; after it the page is read-only and the server refuses any write.
 * The layouts' middleware has found the participant (ADR 013). No hydration:
 * plain forms, with a small inline script for word counts and upload
 * progress (app/components/portal-enhancements.tsx).
 */
import { data } from "react-router";
import { Refusals } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { PortalEnhancements } from "~/components/portal-enhancements";
import {
  DeleteDraft,
  FileForm,
  fileSizeText,
  LinkField,
  StatusSection,
  TextComponentForm,
  WordsField,
} from "~/components/portal/submission";
import { ModerationNotice } from "~/components/portal/moderation-notice";
import { PublicFaceForm } from "~/components/portal/public-face";
import { portalFileRules } from "~/content/portal";
import { formatRange, submissionLimits } from "~/content/program";
import { signedInPageHeaders } from "~/forms/action.server";
import { pageMeta } from "~/lib/meta";
import { participantContext } from "~/portal/guard.server";
import { portalAction, submissionIntents } from "~/portal/intents.server";
import { submissionView } from "~/portal/submission-view.server";
import type { Route } from "./+types/submission";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your submission", "Your project's five components in the Challenge Portal."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await submissionView(context.get(participantContext), new URL(request.url));
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = portalAction(submissionIntents, { event: "portal.submission", redirectTo: "/portal/submission" });

export const headers = signedInPageHeaders;

export default function Submission({ loaderData: view, actionData }: Route.ComponentProps) {
  const text = { view, actionData };
  const { demoVideoMinutes, minVideoResolution } = submissionLimits;
  return (
    <>
      <PageHero
        eyebrow="Challenge Portal"
        title={view.teamName ? `Team ${view.teamName}: submission` : "Your submission"}
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl space-y-8">
          <p>
            <a href="/portal" className="font-semibold text-brand-700 underline">
              ← Back to the portal
            </a>
          </p>
          {view.readOnlyReason ? (
            <p
              role="status"
              className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 font-medium text-amber-900"
              data-testid="read-only"
            >
              {view.readOnlyReason}
            </p>
          ) : null}
          {/* A post whose form this page does not show (no intent, or a draft a member may not delete) is answered here. */}
          <Refusals
            messages={
              actionData?.intent === null || (actionData?.intent === "delete-draft" && !view.mayDeleteDraft)
                ? (actionData.result.error?.[""] ?? [])
                : []
            }
          />
          <ModerationNotice hiddenReason={view.hiddenReason} extended={view.extended} deadline={view.deadline} />
          <StatusSection view={view} actionData={actionData} />

          <TextComponentForm
            id="prototype"
            component="prototype"
            title="1. Working prototype or workflow demo"
            {...text}
            render={(fields) => (
              <LinkField
                meta={fields.prototypeUrl}
                label="Link to the prototype or workflow demo"
                hint="Show the AI solution working on your real workplace problem. The judges must be able to open the link."
              />
            )}
          />
          <TextComponentForm
            id="abstract"
            component="abstract"
            title="2. Abstract"
            {...text}
            render={(fields) => (
              <WordsField
                meta={fields.abstract}
                label="Abstract"
                hint={`${formatRange(submissionLimits.abstractWords, "words")} summarizing the problem and your solution.`}
                countId="abstract-count"
                rows={12}
              />
            )}
          />
          <FileForm id="pitch-deck" component="pitchDeck" title="3. Pitch deck" view={view}>
            {`A PDF of ${formatRange(submissionLimits.pitchDeckSlides, "slides")} (recommended), at most ${fileSizeText("pitchDeck")}.`}
          </FileForm>
          <TextComponentForm
            id="demo-video"
            component="video"
            title="4. Demo video"
            {...text}
            render={(fields) => (
              <>
                <LinkField
                  meta={fields.videoUrl}
                  label="Link to the video"
                  hint={`${formatRange(demoVideoMinutes, "minutes")} (strictly enforced), at least ${minVideoResolution}, on ${submissionLimits.videoHosts.join(", ")}. We can't check the video from here, so please confirm it.`}
                />
                <label className="mt-3 flex items-start gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    name="videoConfirmed"
                    defaultChecked={fields.videoConfirmed.initialValue === "on"}
                    className="mt-1"
                  />
                  <span>{`The video runs ${formatRange(demoVideoMinutes, "minutes")} and plays at ${minVideoResolution} or more.`}</span>
                </label>
              </>
            )}
          />
          <FileForm id="reflection-log" component="reflectionLog" title="5. Reflection log" view={view}>
            {`${formatRange(submissionLimits.reflectionLogWords, "words")} recommended, covering your impact and how you used AI; ${portalFileRules.reflectionLog.formats}, at most ${fileSizeText("reflectionLog")}.`}
          </FileForm>
          <TextComponentForm
            id="ai-use-log"
            component="aiUseLog"
            title={`"How AI Was Used" log`}
            {...text}
            render={(fields) => (
              <WordsField
                meta={fields.aiUseLog}
                label="How AI was used"
                hint={`${formatRange(submissionLimits.aiUseLogWords, "words")}, as the contest rules require: the tools you used and what they did.`}
                countId="ai-use-log-count"
                rows={7}
              />
            )}
          />
          <PublicFaceForm view={view} actionData={actionData} />
          {view.open && view.status?.status === "draft" && view.mayDeleteDraft ? (
            <DeleteDraft actionData={actionData} />
          ) : null}
        </div>
      </section>
      {view.open ? <PortalEnhancements /> : null}
    </>
  );
}
