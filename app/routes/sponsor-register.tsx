import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import {
  CheckoutHandoff,
  EnhancedField,
  ENHANCED_FIELD,
  type CheckoutHandoffData,
} from "~/components/checkout-handoff";
import {
  ErrorList,
  Field,
  firstInvalid,
  FormErrorSummary,
  PersonField,
  personSummary,
  SubmitButton,
  useIsPending,
  useSchemaForm,
} from "~/components/forms";
import { NextEditionPlainForm } from "~/components/next-edition-plain-form";
import { nextEditionEmbed, type NextEditionEmbedData } from "~/next-edition/embed.server";
import { PageHero } from "~/components/page";
import {
  formatSponsorTierPrice,
  SPONSOR_TIER_PARAM,
  sponsorRegisterPath,
  sponsorTierFromParam,
  sponsorTiers,
} from "~/content/pricing";
import { requestContext } from "~/context";
import { parseSubmission } from "~/forms/parse.server";
import { paymentToasts } from "~/payments/registration-form";
import { SponsorshipSchema } from "~/payments/sponsorship-form";
import { clientKey } from "~/lib/client-limit.server";
import { requestClock, requestNow } from "~/clock/page-clock.server";
import { gateDescriptions, requireUserForForm } from "~/accounts/gate.server";
import { log } from "~/lib/log.server";
import { authPath } from "~/accounts/safe-redirect";
import { pageMeta, siteOrigin } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import type { Toast } from "~/lib/toast";
import {
  PaymentError,
  paymentErrorStatus,
  sponsorshipClosedMessage,
  startSponsorship,
} from "~/payments/checkout.server";
import { getSessionUser } from "~/accounts/session.server";
import type { Route } from "./+types/sponsor-register";
import { fieldLabels } from "~/forms/fields";

export const handle = { hydrate: true } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const user = await getSessionUser(request, env);
  // Tier cards link here with ?tier=<id>; the picker starts on that tier, in the server HTML too.
  const tier = sponsorTierFromParam(new URL(request.url).searchParams.get(SPONSOR_TIER_PARAM));
  const { now, edition } = requestClock(context);
  return {
    user: user ? { email: user.email } : null,
    tier,
    closedMessage: sponsorshipClosedMessage(now, edition),
    nextEdition: nextEditionEmbed("sponsor"),
  };
}

type ActionData = {
  result: SubmissionResult<string[]> | null;
  toast: Toast | null;
  handoff: CheckoutHandoffData | null;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<ActionData>({ result: null, toast: null, handoff: null }, { status: 400 });
  }
  const user = await requireUserForForm(request, context, { description: gateDescriptions.sponsor });
  const submission = parseSubmission(formData, { schema: SponsorshipSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ result: submission.reply(), toast: null, handoff: null }, { status: 400 });
  }
  let started;
  try {
    started = await startSponsorship(env, submission.value, {
      userId: user.id,
      origin: siteOrigin(request, env),
      now: requestNow(context),
      accountEmail: user.email,
      clientIp: clientKey(request),
      requestId,
    });
  } catch (error) {
    const known = error instanceof PaymentError;
    if (!known) log("error", "sponsor.failed", { requestId, error });
    return data<ActionData>(
      {
        result: submission.reply(known ? { formErrors: [error.message] } : {}),
        toast: { id: crypto.randomUUID(), ...paymentToasts.registrationFailed(known ? error.message : undefined) },
        handoff: null,
      },
      { status: known ? paymentErrorStatus[error.code] : 500 },
    );
  }
  if (started.type !== "checkout") throw new Error("a sponsorship always goes to checkout");
  if (formData.get(ENHANCED_FIELD) === "1") {
    return data<ActionData>({
      result: submission.reply({ resetForm: false }),
      toast: { id: crypto.randomUUID(), ...paymentToasts.redirectingToPayment },
      handoff: { id: crypto.randomUUID(), checkoutUrl: started.url },
    });
  }
  return redirect(started.url, 303);
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Become a Sponsor", "Sponsor the Idaho AI Challenge: choose a tier and pay securely online.");

export default function SponsorRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { user, tier: initialTier, closedMessage, nextEdition } = loaderData;
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "sponsor",
    schema: SponsorshipSchema,
    lastResult: actionData?.result,
    defaultValue: { sponsorshipTier: initialTier, email: user?.email },
  });
  const summary = [
    { id: `${fields.sponsorshipTier.id}-${sponsorTiers[0]?.id}`, label: "Tier", errors: fields.sponsorshipTier.errors },
    ...personSummary(fields, ["firstName", "lastName"]),
    { id: fields.title.id, label: fieldLabels.title, errors: fields.title.errors },
    { id: fields.companyName.id, label: fieldLabels.companyName, errors: fields.companyName.errors },
    { id: fields.companyUrl.id, label: fieldLabels.companyUrl, errors: fields.companyUrl.errors },
    ...personSummary(fields, ["email", "phone"]),
  ];
  const focusId = actionData?.result?.status === "error" ? firstInvalid(summary)?.id : undefined;
  const selectedTier = fields.sponsorshipTier.value ?? initialTier;
  // Signing in from here comes back to the same tier.
  const returnPath = sponsorRegisterPath(initialTier);
  if (closedMessage) return <SponsorshipClosed message={closedMessage} nextEdition={nextEdition} />;
  return (
    <>
      <PageHero
        eyebrow="Sponsorship"
        title="Become a Sponsor"
        lead="Invest in Idaho's AI-ready workforce. Choose a tier, tell us about your company, and pay securely online."
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          {!user ? (
            <p data-testid="login-prompt" className="card mb-6 p-4 text-slate-800">
              Please{" "}
              <Link to={authPath(returnPath, "signin")} className="font-semibold text-brand-700 underline">
                log in
              </Link>{" "}
              or{" "}
              <Link to={authPath(returnPath)} className="font-semibold text-brand-700 underline">
                create an account
              </Link>{" "}
              to become a sponsor.
            </p>
          ) : null}
          <Form method="post" {...getFormProps(form)} className="card space-y-6 p-6 sm:p-8">
            <FormErrorSummary form={form} fields={summary} />
            <fieldset aria-describedby={fields.sponsorshipTier.errors ? fields.sponsorshipTier.errorId : undefined}>
              <legend className="text-lg font-bold text-brand-950">Sponsorship tier</legend>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {sponsorTiers.map((tier) => {
                  const id = `${fields.sponsorshipTier.id}-${tier.id}`;
                  const { key: _key, ...radio } = getInputProps(fields.sponsorshipTier, {
                    type: "radio",
                    value: tier.id,
                  });
                  return (
                    <label
                      key={tier.id}
                      htmlFor={id}
                      className="flex cursor-pointer gap-3 rounded-lg border-2 border-slate-200 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    >
                      <input
                        {...radio}
                        id={id}
                        defaultChecked={selectedTier === tier.id}
                        autoFocus={focusId === id}
                        className="mt-1 size-4 accent-brand-700"
                      />
                      <span>
                        <span className="block font-bold text-brand-950">
                          {tier.name} <span className="text-brand-700">{formatSponsorTierPrice(tier)}</span>
                          {tier.badge ? (
                            <span className="ml-2 rounded bg-accent-300 px-1.5 py-0.5 text-xs font-bold text-brand-950">
                              {tier.badge}
                            </span>
                          ) : null}
                        </span>
                        <span className="mt-1 block text-sm text-slate-600">{tier.benefits.join(" · ")}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
              <ErrorList id={fields.sponsorshipTier.errorId} errors={fields.sponsorshipTier.errors} />
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              <PersonField name="firstName" meta={fields.firstName} focusId={focusId} />
              <PersonField name="lastName" meta={fields.lastName} focusId={focusId} />
              <Field
                meta={fields.title}
                label={fieldLabels.title}
                autoComplete="organization-title"
                autoFocus={focusId === fields.title.id}
              />
              <Field
                meta={fields.companyName}
                label={fieldLabels.companyName}
                autoComplete="organization"
                autoFocus={focusId === fields.companyName.id}
              />
              <Field
                meta={fields.companyUrl}
                label={fieldLabels.companyUrl}
                type="url"
                autoComplete="url"
                autoFocus={focusId === fields.companyUrl.id}
              />
              <PersonField name="email" meta={fields.email} focusId={focusId} />
              <PersonField name="phone" meta={fields.phone} focusId={focusId} />
            </div>
            <EnhancedField />
            <CheckoutHandoff handoff={actionData?.handoff} />
            <SubmitButton pending={pending} pendingLabel="Processing...">
              Continue to Payment
            </SubmitButton>
          </Form>
        </div>
      </section>
    </>
  );
}

/** After the finals: no form that the server would refuse, but a way to hear about the next edition. */
function SponsorshipClosed({ message, nextEdition }: { message: string; nextEdition: NextEditionEmbedData }) {
  return (
    <>
      <PageHero
        eyebrow="Sponsorship"
        title="Become a Sponsor"
        lead="Invest in Idaho's AI-ready workforce: sponsors back the next edition of the Challenge."
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          <div className="card border-l-4 border-amber-500 p-6" data-testid="sponsorship-closed">
            <h2 className="text-xl font-bold text-brand-950">Sponsorships are closed</h2>
            <p className="mt-2 text-slate-700">{message}</p>
            <div className="mt-4">
              <NextEditionPlainForm embed={nextEdition} />
            </div>
            <p className="mt-4 text-slate-700">
              Want to talk about a sponsorship now?{" "}
              <Link to="/contact" className="font-medium text-brand-700 underline">
                Contact us
              </Link>
              .
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
