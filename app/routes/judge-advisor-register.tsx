import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useLocation } from "react-router";
import {
  ErrorList,
  Field,
  firstInvalid,
  FormErrorSummary,
  PersonFields,
  personSummary,
  SubmitButton,
  TextareaField,
  useIsPending,
  useSchemaForm,
} from "~/components/forms";
import { NextEditionPlainForm } from "~/components/next-edition-plain-form";
import { nextEditionEmbed } from "~/next-edition/embed.server";
import { PageHero } from "~/components/page";
import { requestContext } from "~/context";
import { JUDGE_ADVISOR_ROLES, JudgeAdvisorSchema } from "~/interests/schema";
import { judgeAdvisorRateLimitMessage, judgeAdvisorToasts, roleLabels } from "~/content/interests";
import { saveJudgeAdvisorInterest } from "~/interests/save.server";
import { formHeaders, handleFormPost, type FormActionData } from "~/forms/action.server";
import { parseSubmission } from "~/forms/parse.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { gateDescriptions, requireUserForForm } from "~/auth/gate.server";
import { pageMeta } from "~/lib/meta";
import { requestClock } from "~/clock/page-clock.server";
import { isJudgeInterestOpen } from "~/clock/schedule";
import { formatMountain } from "~/clock/format";
import { milestoneOf } from "~/content/editions";
import type { RouteHandle } from "~/lib/route-handle";
import { LoginPrompt } from "~/components/login-prompt";
import type { Route } from "./+types/judge-advisor-register";
import { fieldLabels } from "~/content/fields";

// The form validates in the browser with the same schema as the server.
export const handle = { hydrate: true } satisfies RouteHandle;

const PATH = "/judge-advisor-register";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requestSessionUser(request, context);
  return {
    email: user?.email ?? null,
    closedMessage: interestClosedMessage(context),
    nextEdition: nextEditionEmbed("judge"),
  };
}

/** Why interest is no longer taken (judging has begun), or null while it is. */
function interestClosedMessage(context: Route.LoaderArgs["context"]): string | null {
  const { now, edition } = requestClock(context);
  if (isJudgeInterestOpen(now, edition)) return null;
  const judging = milestoneOf(edition, "judging").start;
  return `Judging for the ${edition.name} began on ${formatMountain(judging, "longDate")}, so we are no longer taking judge and advisor interest for it. Leave your address to hear when the next edition needs judges and advisors.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  // Whatever the browser sends: nothing is taken for an edition already being judged.
  const closedMessage = interestClosedMessage(context);
  if (closedMessage) {
    return data<FormActionData>(
      { result: null, toast: { id: crypto.randomUUID(), ...judgeAdvisorToasts.failure, description: closedMessage } },
      { status: 403 },
    );
  }
  // Signed out: the 'Authentication Required' toast and /auth, back here afterwards.
  const user = await requireUserForForm(request, context, {
    description: gateDescriptions.judgeAdvisor,
    returnTo: PATH,
  });
  return handleFormPost({
    request,
    env,
    requestId,
    event: "judge_advisor",
    parse: (formData) => parseSubmission(formData, { schema: JudgeAdvisorSchema }),
    rateLimit: { scope: "judge-advisor", message: judgeAdvisorRateLimitMessage },
    save: (interest) => saveJudgeAdvisorInterest(env, interest, { userId: user.id, requestId }),
    // A fresh, empty form follows (the loader fills in the account's email again).
    redirectTo: PATH,
    successToast: judgeAdvisorToasts.success,
    failureToast: judgeAdvisorToasts.failure,
  });
}

export const headers = formHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Judge & Advisor Interest",
    "Offer your expertise to the Idaho AI Challenge as a judge or an advisor: tell the organizers about your background.",
  );

export default function JudgeAdvisorRegister({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <>
      <PageHero
        eyebrow="Judges & Advisors"
        title="Express Your Interest"
        lead="Help Idaho's workforce put AI to work: judge capstone projects or advise participants and organizers."
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          {loaderData.closedMessage ? (
            <div className="card border-l-4 border-amber-500 p-6" data-testid="interest-closed">
              <h2 className="text-xl font-bold text-brand-950">Interest for this edition is closed</h2>
              <p className="mt-2 text-slate-700">{loaderData.closedMessage}</p>
              <div className="mt-4">
                <NextEditionPlainForm embed={loaderData.nextEdition} />
              </div>
              <p className="mt-4 text-slate-700">
                Something to tell us now?{" "}
                <Link to="/contact" className="font-medium text-brand-700 underline">
                  Contact us
                </Link>
                .
              </p>
            </div>
          ) : null}
          {loaderData.email || loaderData.closedMessage ? null : (
            <LoginPrompt returnTo={PATH} purpose="to express your interest" />
          )}
          {loaderData.closedMessage ? null : (
            <JudgeAdvisorForm
              key={location.key}
              signedInEmail={loaderData.email}
              lastResult={actionData?.result ?? undefined}
            />
          )}
          <p className="mt-6 text-slate-600">
            Want to know more first?{" "}
            <Link to="/judges-advisors" className="font-medium text-brand-700 underline hover:no-underline">
              Read about judges and advisors
            </Link>
            .
          </p>
        </div>
      </section>
    </>
  );
}

function JudgeAdvisorForm({
  signedInEmail,
  lastResult,
}: {
  signedInEmail: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "judge-advisor",
    schema: JudgeAdvisorSchema,
    lastResult,
    defaultValue: { role: "judge", email: signedInEmail ?? "" },
  });
  const roleId = `${fields.role.id}-${JUDGE_ADVISOR_ROLES[0]}`;
  const summary = [
    { id: roleId, label: "Role", errors: fields.role.errors },
    ...personSummary(fields),
    { id: fields.organization.id, label: fieldLabels.organization, errors: fields.organization.errors },
    { id: fields.title.id, label: fieldLabels.title, errors: fields.title.errors },
    { id: fields.linkedIn.id, label: "LinkedIn", errors: fields.linkedIn.errors },
    { id: fields.expertise.id, label: "Expertise", errors: fields.expertise.errors },
    { id: fields.experience.id, label: "Experience", errors: fields.experience.errors },
    { id: fields.motivation.id, label: "Motivation", errors: fields.motivation.errors },
  ];
  const focusId = lastResult?.status === "error" ? firstInvalid(summary)?.id : undefined;
  const selectedRole = String(fields.role.initialValue ?? "judge");
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-6 p-6 sm:p-8">
      <FormErrorSummary form={form} fields={summary} />
      <fieldset aria-describedby={fields.role.errors ? fields.role.errorId : undefined}>
        <legend className="text-sm font-semibold text-slate-800">I am interested in serving as</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {JUDGE_ADVISOR_ROLES.map((role) => {
            const id = `${fields.role.id}-${role}`;
            const { key: _key, ...radio } = getInputProps(fields.role, { type: "radio", value: role });
            return (
              <label
                key={role}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-2 rounded-lg border-2 border-slate-200 bg-white px-4 py-2.5 font-semibold text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  {...radio}
                  id={id}
                  defaultChecked={selectedRole === role}
                  autoFocus={focusId === id}
                  className="size-4 accent-brand-700"
                />
                {roleLabels[role]}
              </label>
            );
          })}
        </div>
        <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
      </fieldset>
      <PersonFields fields={fields} focusId={focusId}>
        <Field
          meta={fields.organization}
          label={fieldLabels.organization}
          autoComplete="organization"
          autoFocus={focusId === fields.organization.id}
        />
        <Field
          meta={fields.title}
          label={fieldLabels.title}
          autoComplete="organization-title"
          autoFocus={focusId === fields.title.id}
        />
      </PersonFields>
      <Field
        meta={fields.linkedIn}
        label={fieldLabels.linkedIn}
        type="url"
        optional
        hint="The full address, e.g. https://www.linkedin.com/in/your-name"
        autoComplete="url"
        autoFocus={focusId === fields.linkedIn.id}
      />
      <TextareaField
        meta={fields.expertise}
        label={fieldLabels.expertise}
        rows={4}
        autoFocus={focusId === fields.expertise.id}
      />
      <TextareaField
        meta={fields.experience}
        label={fieldLabels.experience}
        rows={4}
        autoFocus={focusId === fields.experience.id}
      />
      <TextareaField
        meta={fields.motivation}
        label={fieldLabels.motivation}
        rows={4}
        autoFocus={focusId === fields.motivation.id}
      />
      <SubmitButton pending={pending} pendingLabel="Submitting...">
        Submit Interest
      </SubmitButton>
    </Form>
  );
}
