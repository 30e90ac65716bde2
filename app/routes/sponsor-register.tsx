import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CheckoutSubmit } from "~/components/checkout-handoff";
import { PayByInvoice } from "~/components/invoices/pay-by-invoice";
import {
  ErrorList,
  Field,
  firstInvalid,
  FormErrorSummary,
  PersonField,
  personSummary,
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
import { formHeaders } from "~/forms/action.server";
import { paymentToasts } from "~/content/registration";
import { SponsorshipSchema } from "~/payments/sponsorship-form";
import { requestClock } from "~/clock/page-clock.server";
import { gateDescriptions } from "~/auth/gate.server";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { sponsorshipClosedMessage, startSponsorship } from "~/payments/checkout.server";
import { checkoutAction } from "~/payments/checkout-action.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { LoginPrompt } from "~/components/login-prompt";
import type { Route } from "./+types/sponsor-register";
import { fieldLabels } from "~/content/fields";

export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta("Become a Sponsor", "Sponsor the Idaho AI Challenge: choose a tier and pay securely online.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requestSessionUser(request, context);
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

export function action(args: Route.ActionArgs) {
  return checkoutAction(args, {
    schema: () => SponsorshipSchema,
    gate: gateDescriptions.sponsor,
    failureEvent: "sponsor.failed",
    start: startSponsorship,
    handoffToast: paymentToasts.redirectingToPayment,
  });
}

// A refused checkout's Retry-After reaches the page.
export const headers = formHeaders;

export default function SponsorRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { user, tier: initialTier, closedMessage, nextEdition } = loaderData;
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
          {!user ? <LoginPrompt returnTo={returnPath} purpose="to become a sponsor" /> : null}
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
              <PersonField name="title" meta={fields.title} focusId={focusId} />
              <PersonField name="companyName" meta={fields.companyName} focusId={focusId} />
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
            <CheckoutSubmit handoff={actionData?.handoff} />
          </Form>
          <PayByInvoice purchase={selectedTier} />
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
