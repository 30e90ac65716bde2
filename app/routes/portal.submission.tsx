/**
 * /portal/submission (issue 15): the project's five components, each saved by
 * its own form (the two files by /portal/upload), what is still missing, and
 * Submit. Until the deadline every save is accepted for a participant in the
 * project; after it the page is read-only and the server refuses any write.
 * No hydration: plain forms, with a small inline script for word counts and
 * upload progress (app/components/portal-enhancements.tsx).
 */
import { signedInPageHeaders } from "~/forms/action.server";
import { data } from "react-router";
import { Alert } from "~/components/alert";
import { PageHero } from "~/components/page";
import { PortalEnhancements } from "~/components/portal-enhancements";
import { submissionLimits } from "~/content/program";
import {
  formatFileSize,
  formatMegabytes,
  portalFileRules,
  portalMessages,
  type PortalFileComponent,
} from "~/content/portal";
import { formatRange } from "~/content/program";
import { requestContext } from "~/context";
import { clientAllowed } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { formatMountain } from "~/clock/schedule";
import { requireParticipant, writeRefusal } from "~/portal/guard.server";
import {
  checklist,
  deleteDraft,
  missingComponents,
  saveTextComponent,
  statusOf,
  submissionOf,
  submitProject,
  textComponents,
  type TextComponent,
} from "~/portal/submission.server";
import { ensureProject } from "~/portal/team.server";
import { uploadFailureMessage } from "~/portal/upload-messages";
import type { Route } from "./+types/portal.submission";

export async function loader({ request, context }: Route.LoaderArgs) {
  const participant = await requireParticipant(request, context);
  const { project, window, edition } = participant;
  const view = project ? await submissionOf(participant.db, project.teamId) : { submission: null, files: {} };
  const url = new URL(request.url);
  const failedComponent = url.searchParams.get("component");
  const uploadError =
    failedComponent === "pitchDeck" || failedComponent === "reflectionLog"
      ? { component: failedComponent, message: uploadFailureMessage(failedComponent, url.searchParams.get("error")) }
      : null;
  const s = view.submission;
  return data(
    {
      open: window === "open",
      readOnlyReason: writeRefusal(participant),
      teamName: project?.name ?? null,
      // Only the lead may delete the team's draft (the server checks it too).
      mayDeleteDraft: !project || project.role === "lead",
      deadline: formatMountain(edition.submissionDeadline.due, "dateTime"),
      values: {
        prototypeUrl: s?.prototypeUrl ?? "",
        abstract: s?.abstract ?? "",
        videoUrl: s?.videoUrl ?? "",
        videoConfirmed: s?.videoConfirmed ?? false,
        aiUseLog: s?.aiUseLog ?? "",
      },
      status: statusOf(s),
      files: Object.fromEntries(
        Object.entries(view.files).map(([component, f]) => [
          component,
          {
            id: f.id,
            filename: f.filename,
            size: formatFileSize(f.sizeBytes),
            pageCount: f.pageCount,
            uploadedAt: formatMountain(new Date(f.uploadedAt), "dateTime"),
          },
        ]),
      ) as Partial<
        Record<
          PortalFileComponent,
          { id: string; filename: string; size: string; pageCount: number | null; uploadedAt: string }
        >
      >,
      checklist: checklist(view),
      uploadError,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const intents = ["save", "submit", "delete-draft"] as const;
type Intent = (typeof intents)[number];
type ActionData = {
  intent: Intent | null;
  component?: TextComponent;
  message: string;
  values?: Record<string, string>;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const participant = await requireParticipant(request, context);
  const { user, db, now, edition } = participant;
  const form = await request.formData().catch(() => new FormData());
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const intent = intents.find((i) => i === values.intent) ?? null;
  const component = textComponents.find((c) => c === values.component);
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data<ActionData>({ intent, component, message, values }, { status, headers });
  if (!intent || (intent === "save" && !component)) return refuse(portalMessages.unknownIntent, 400);
  // The clock decides, whatever the page the browser still shows.
  const closed = writeRefusal(participant);
  if (closed) return refuse(closed, 403);
  if (!(await clientAllowed(env, "portal", request, user.id, intent))) {
    return refuse(portalMessages.rateLimited, 429, { "Retry-After": "60" });
  }
  const bucket = env.SUBMISSION_FILES;
  let result: { ok: true; message: string } | { ok: false; message: string; status: number };
  let anchor = "";
  switch (intent) {
    case "save": {
      const project = participant.project ?? (await ensureProject(db, user, edition.id, now));
      result = await saveTextComponent(db, project, user, component!, values, now);
      anchor = `#${component}`;
      break;
    }
    case "submit": {
      if (!participant.project) {
        result = {
          ok: false,
          message: portalMessages.incomplete(missingComponents({ submission: null, files: {} })),
          status: 400,
        };
        break;
      }
      result = await submitProject(env, db, participant.project, user, edition, {
        now,
        origin: siteOrigin(request, env),
        requestId,
      });
      break;
    }
    case "delete-draft": {
      result = participant.project
        ? await deleteDraft(db, bucket, participant.project, user, now)
        : { ok: true, message: portalMessages.draftDeleted };
      break;
    }
  }
  log("info", "portal.submission_action", {
    requestId,
    userId: user.id,
    intent,
    component,
    outcome: result.ok ? "done" : "refused",
  });
  if (!result.ok) return refuse(result.message, result.status);
  const target = intent === "submit" || intent === "delete-draft" ? "/portal#project" : `/portal/submission${anchor}`;
  return redirectWithToast(
    env,
    target,
    { type: "success", title: intent === "submit" ? "Submitted" : "Saved", description: result.message },
    { status: 303 },
  );
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your submission", "Your project's five components in the Challenge Portal."),
  { name: "robots", content: "noindex" },
];

const card = "card p-6 sm:p-8";
const h2 = "text-xl font-bold text-brand-950";
const input = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-100";
const label = "block text-sm font-semibold text-slate-800";
const hint = "mt-1 text-sm text-slate-600";

type LoaderData = Route.ComponentProps["loaderData"];

export default function Submission({ loaderData, actionData }: Route.ComponentProps) {
  const { open, values, status } = loaderData;
  const failed = (component: TextComponent) =>
    actionData?.intent === "save" && actionData.component === component ? actionData.message : null;
  const typed = (name: keyof LoaderData["values"]) =>
    actionData?.values && name in actionData.values ? (actionData.values[name] ?? "") : String(values[name] ?? "");
  const missing = loaderData.checklist.filter((item) => !item.done);
  const generalError = actionData && actionData.intent !== "save" ? actionData.message : null;
  return (
    <>
      <PageHero
        eyebrow="Challenge Portal"
        title={loaderData.teamName ? `Team ${loaderData.teamName}: submission` : "Your submission"}
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl space-y-8">
          <p>
            <a href="/portal" className="font-semibold text-brand-700 underline">
              ← Back to the portal
            </a>
          </p>
          {loaderData.readOnlyReason ? (
            <p
              role="status"
              className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 font-medium text-amber-900"
              data-testid="read-only"
            >
              {loaderData.readOnlyReason}
            </p>
          ) : null}
          {actionData && actionData.intent === null ? <Alert message={actionData.message} /> : null}

          <section aria-labelledby="status-heading" className={card}>
            <h2 id="status-heading" className={h2}>
              Status
            </h2>
            <p className="mt-2 text-slate-800" data-testid="submission-status">
              {!status
                ? "Not started yet. Save any component to start your draft."
                : status.status === "submitted"
                  ? `Submitted ${status.submittedAt}; last changed ${status.updatedAt}. You can keep improving it until ${loaderData.deadline}: the latest version counts.`
                  : `Draft, last saved ${status.updatedAt}. Not submitted yet: submit before ${loaderData.deadline}.`}
            </p>
            {missing.length > 0 ? (
              <div className="mt-4" data-testid="missing">
                <p className="font-semibold text-slate-900">Still missing</p>
                <ul className="mt-1 list-disc pl-6 text-slate-800">
                  {missing.map((item) => (
                    <li key={item.id}>
                      <a href={`#${item.id}`} className="underline">
                        {item.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="mt-4 font-medium text-green-800">All five components are in.</p>
            )}
            {generalError ? <Alert message={generalError} /> : null}
            {open && status?.status !== "submitted" ? (
              <form method="post" className="mt-4">
                <input type="hidden" name="intent" value="submit" />
                <button type="submit" className="btn-primary">
                  Submit the project
                </button>
                <p className={hint}>
                  Submitting needs all five components. You can still edit afterwards, until the deadline.
                </p>
              </form>
            ) : null}
          </section>

          <TextForm
            id="prototype"
            component="prototype"
            title="1. Working prototype or workflow demo"
            open={open}
            error={failed("prototype")}
          >
            <label htmlFor="prototypeUrl" className={label}>
              Link to the prototype or workflow demo
            </label>
            <input
              id="prototypeUrl"
              name="prototypeUrl"
              type="url"
              inputMode="url"
              placeholder="https://"
              defaultValue={typed("prototypeUrl")}
              aria-invalid={failed("prototype") ? true : undefined}
              aria-describedby="prototype-hint"
              className={input}
            />
            <p id="prototype-hint" className={hint}>
              Show the AI solution working on your real workplace problem. The judges must be able to open the link.
            </p>
          </TextForm>

          <TextForm id="abstract" component="abstract" title="2. Abstract" open={open} error={failed("abstract")}>
            <label htmlFor="abstract-text" className={label}>
              Abstract
            </label>
            <textarea
              id="abstract-text"
              name="abstract"
              rows={12}
              data-words="abstract-count"
              defaultValue={typed("abstract")}
              aria-invalid={failed("abstract") ? true : undefined}
              aria-describedby="abstract-hint abstract-count"
              className={input}
            />
            <p id="abstract-hint" className={hint}>
              {`${formatRange(submissionLimits.abstractWords, "words")} summarizing the problem and your solution.`}
            </p>
            <p id="abstract-count" className="text-sm text-slate-600" aria-live="polite" />
          </TextForm>

          <FileForm id="pitch-deck" component="pitchDeck" title="3. Pitch deck" loaderData={loaderData}>
            {`A PDF of ${formatRange(submissionLimits.pitchDeckSlides, "slides")} (recommended), at most ${formatMegabytes(portalFileRules.pitchDeck.maxBytes)}.`}
          </FileForm>

          <TextForm id="demo-video" component="video" title="4. Demo video" open={open} error={failed("video")}>
            <label htmlFor="videoUrl" className={label}>
              Link to the video
            </label>
            <input
              id="videoUrl"
              name="videoUrl"
              type="url"
              inputMode="url"
              placeholder="https://"
              defaultValue={typed("videoUrl")}
              aria-invalid={failed("video") ? true : undefined}
              aria-describedby="video-hint"
              className={input}
            />
            <p id="video-hint" className={hint}>
              {`${formatRange(submissionLimits.demoVideoMinutes, "minutes")} (strictly enforced), at least ${submissionLimits.minVideoResolution}, on ${submissionLimits.videoHosts.join(", ")}. We can't check the video from here, so please confirm it.`}
            </p>
            <label className="mt-3 flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                name="videoConfirmed"
                defaultChecked={actionData?.values ? actionData.values.videoConfirmed === "on" : values.videoConfirmed}
                className="mt-1"
              />
              <span>{`The video runs ${formatRange(submissionLimits.demoVideoMinutes, "minutes")} and plays at ${submissionLimits.minVideoResolution} or more.`}</span>
            </label>
          </TextForm>

          <FileForm id="reflection-log" component="reflectionLog" title="5. Reflection log" loaderData={loaderData}>
            {`${formatRange(submissionLimits.reflectionLogWords, "words")} recommended, covering your impact and how you used AI; ${portalFileRules.reflectionLog.formats}, at most ${formatMegabytes(portalFileRules.reflectionLog.maxBytes)}.`}
          </FileForm>

          <TextForm
            id="ai-use-log"
            component="aiUseLog"
            title={`"How AI Was Used" log`}
            open={open}
            error={failed("aiUseLog")}
          >
            <label htmlFor="ai-use-log-text" className={label}>
              How AI was used
            </label>
            <textarea
              id="ai-use-log-text"
              name="aiUseLog"
              rows={7}
              data-words="ai-use-log-count"
              defaultValue={typed("aiUseLog")}
              aria-invalid={failed("aiUseLog") ? true : undefined}
              aria-describedby="ai-use-log-hint ai-use-log-count"
              className={input}
            />
            <p id="ai-use-log-hint" className={hint}>
              {`${formatRange(submissionLimits.aiUseLogWords, "words")}, as the contest rules require: the tools you used and what they did.`}
            </p>
            <p id="ai-use-log-count" className="text-sm text-slate-600" aria-live="polite" />
          </TextForm>

          {open && status && status.status === "draft" && loaderData.mayDeleteDraft ? (
            <details className={card}>
              <summary className="cursor-pointer font-semibold text-red-700">Delete this draft…</summary>
              <form method="post" className="mt-3">
                <p className="text-sm text-slate-700">
                  Everything saved here, files included, is deleted for the whole team.
                </p>
                <input type="hidden" name="intent" value="delete-draft" />
                <button
                  type="submit"
                  className="mt-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
                >
                  Yes, delete the draft
                </button>
              </form>
            </details>
          ) : null}
        </div>
      </section>
      {open ? <PortalEnhancements /> : null}
    </>
  );
}

function TextForm({
  id,
  component,
  title,
  open,
  error,
  children,
}: {
  id: string;
  component: TextComponent;
  title: string;
  open: boolean;
  error: string | null;
  children: React.ReactNode;
}) {
  return (
    <ComponentCard id={id} title={title}>
      <form method="post" className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="component" value={component} />
        <fieldset disabled={!open} className="space-y-2">
          <legend className="sr-only">{title}</legend>
          {children}
        </fieldset>
        {error ? <Alert message={error} /> : null}
        {open ? (
          <button type="submit" className="btn-secondary mt-2">
            Save
          </button>
        ) : null}
      </form>
    </ComponentCard>
  );
}

function FileForm({
  id,
  component,
  title,
  loaderData,
  children,
}: {
  id: string;
  component: PortalFileComponent;
  title: string;
  loaderData: LoaderData;
  children: React.ReactNode;
}) {
  const rule = portalFileRules[component];
  const current = loaderData.files[component];
  const error = loaderData.uploadError?.component === component ? loaderData.uploadError.message : null;
  return (
    <ComponentCard id={id} title={title}>
      <p className={hint}>{children}</p>
      {current ? (
        <p className="mt-3 text-slate-800" data-testid={`${id}-current`}>
          <a href={`/portal/files/${current.id}`} className="font-semibold text-brand-700 underline" download>
            {current.filename}
          </a>
          {` (${current.size}${current.pageCount ? `, ${current.pageCount} ${current.pageCount === 1 ? "page" : "pages"}` : ""}), uploaded ${current.uploadedAt}`}
        </p>
      ) : (
        <p className="mt-3 text-slate-700">No file uploaded yet.</p>
      )}
      {loaderData.open ? (
        <form
          method="post"
          action={`/portal/upload?component=${component}`}
          encType="multipart/form-data"
          className="mt-4 space-y-2"
          data-upload
          data-max-bytes={rule.maxBytes}
          data-too-large={portalMessages.fileTooLarge(component)}
        >
          <label htmlFor={`${id}-file`} className={label}>
            {current ? `Replace the ${rule.label.toLowerCase()}` : `Upload the ${rule.label.toLowerCase()}`}
          </label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept={rule.accept}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="block w-full text-sm"
          />
          <progress hidden className="w-full" aria-label={`${rule.label} upload progress`} />
          <p data-upload-status className="text-sm text-slate-700" aria-live="polite" />
          {error ? <Alert id={`${id}-error`} message={error} /> : null}
          <button type="submit" className="btn-secondary">
            Upload
          </button>
        </form>
      ) : null}
    </ComponentCard>
  );
}

/** One component's card; its id is the anchor the "Still missing" list links to. */
function ComponentCard({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={card}>
      <h2 id={`${id}-heading`} className={h2}>
        {title}
      </h2>
      {children}
    </section>
  );
}
