import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CheckoutSubmit } from "~/components/checkout-handoff";
import { PayByInvoice } from "~/components/invoices/pay-by-invoice";
import {
  Field,
  firstInvalid,
  FormErrorSummary,
  PersonField,
  PersonFields,
  personSummary,
  useSchemaForm,
} from "~/components/forms";
import { NextEditionPlainForm } from "~/components/next-edition-plain-form";
import { nextEditionEmbed } from "~/next-edition/embed.server";
import { PageHero } from "~/components/page";
import { formatUsd, plans, pricingPhaseLabels, type PlanId } from "~/content/pricing";
import { formHeaders } from "~/forms/action.server";
import {
  IndividualRegistrationSchema,
  registerTab,
  WorkforceRegistrationSchema,
  type RegisterTab,
} from "~/payments/registration-form";
import { requestClock } from "~/clock/page-clock.server";
import { formatCompanyCode, prefilledCompanyCode } from "~/payments/company-code";
import { gateDescriptions } from "~/auth/gate.server";
import { pageMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { priceFor } from "~/clock/schedule";
import { enrollmentClosedMessage, startRegistration } from "~/payments/checkout.server";
import { checkoutAction, type CheckoutActionData } from "~/payments/checkout-action.server";
import { isEmailVerified } from "~/auth/session.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { VerifyEmailNotice } from "~/components/resend-verification";
import { LoginPrompt } from "~/components/login-prompt";
import type { Route } from "./+types/register";
import { fieldLabels } from "~/content/fields";

// The forms validate in the browser and open checkout in a new tab.
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Register",
    "Register for the Idaho AI Challenge as an individual or enroll your organization with the Workforce Package.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const { now, edition } = requestClock(context);
  const user = await requestSessionUser(request, context);
  const url = new URL(request.url);
  const tab = registerTab(url.searchParams.get("tab"));
  // An employee's invitation links here with its company code (issue 14): fill it in.
  const code = tab === "individual" ? prefilledCompanyCode(url.searchParams.get("code")) : null;
  const individual = priceFor("individual", now, edition);
  const workforce = priceFor("workforce", now, edition);
  return {
    tab,
    phase: individual.phase,
    prices: { individual: formatUsd(individual.cents), workforce: formatUsd(workforce.cents) },
    closedMessage: enrollmentClosedMessage(now, edition),
    nextEdition: nextEditionEmbed(tab === "workforce" ? "organization" : "participant"),
    user: user ? { email: user.email, emailVerified: isEmailVerified(user) } : null,
    code,
  };
}

export function action(args: Route.ActionArgs) {
  return checkoutAction(args, {
    schema: (formData: FormData) =>
      registerTab(String(formData.get("registrationType") ?? "")) === "workforce"
        ? WorkforceRegistrationSchema
        : IndividualRegistrationSchema,
    gate: gateDescriptions.registration,
    failureEvent: "register.failed",
    start: startRegistration,
  });
}

// A refused checkout's Retry-After reaches the page.
export const headers = formHeaders;

const tabs: { id: RegisterTab; label: string }[] = [
  { id: "individual", label: "Individual" },
  { id: "workforce", label: "Workforce Package" },
];

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, phase, prices, closedMessage, user, code } = loaderData;
  const here = `/register?tab=${tab}${code ? `&code=${encodeURIComponent(code)}` : ""}`;
  return (
    <>
      <PageHero
        eyebrow="Registration"
        title="Register for the Challenge"
        lead="Join as an individual, or enroll your whole organization with the Workforce Package."
      >
        {closedMessage ? null : (
          <p
            data-testid="pricing-badge"
            className="rounded-full bg-accent-300 px-4 py-1.5 text-sm font-bold uppercase tracking-wide text-brand-950"
          >
            {pricingPhaseLabels[phase]} pricing
          </p>
        )}
      </PageHero>
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          {closedMessage ? (
            <div className="card mb-6 border-l-4 border-amber-500 p-6" data-testid="enrollment-closed">
              <h2 className="text-xl font-bold text-brand-950">Enrollment is closed</h2>
              <p className="mt-2 text-slate-700">{closedMessage}</p>
              <div className="mt-4">
                <NextEditionPlainForm embed={loaderData.nextEdition} />
              </div>
              <p className="mt-4 text-slate-700">
                Questions?{" "}
                <Link to="/contact" className="font-medium text-brand-700 underline">
                  Contact us
                </Link>
                .
              </p>
            </div>
          ) : null}
          {!user && !closedMessage ? <LoginPrompt returnTo={here} purpose="to register" /> : null}
          {user && !user.emailVerified && !closedMessage ? (
            <VerifyEmailNotice
              email={user.email}
              redirectTo={`/register?tab=${tab}`}
              reason={
                tab === "workforce"
                  ? "The Workforce Package needs a verified e-mail address."
                  : "Enrolling with a company code needs a verified e-mail address (paying as an individual doesn't)."
              }
            />
          ) : null}
          <nav aria-label="Registration type" className="flex gap-2 border-b border-slate-300">
            {tabs.map((t) => (
              <Link
                key={t.id}
                to={`/register?tab=${t.id}`}
                aria-current={t.id === tab ? "page" : undefined}
                className={`-mb-px rounded-t-lg border px-4 py-2 font-semibold ${
                  t.id === tab
                    ? "border-slate-300 border-b-white bg-white text-brand-900"
                    : "border-transparent text-slate-600 hover:text-brand-800"
                }`}
              >
                {t.label}
              </Link>
            ))}
          </nav>
          <div className="card rounded-t-none p-6 sm:p-8">
            <PlanSummary plan={tab} price={closedMessage ? null : prices[tab]} phase={pricingPhaseLabels[phase]} />
            {closedMessage ? null : tab === "workforce" ? (
              <WorkforceForm key="workforce" actionData={actionData} email={user?.email} />
            ) : (
              <IndividualForm key="individual" actionData={actionData} email={user?.email} code={code} />
            )}
          </div>
        </div>
      </section>
    </>
  );
}

/** The plan; its price only while it can be bought. */
function PlanSummary({ plan, price, phase }: { plan: PlanId; price: string | null; phase: string }) {
  const p = plans[plan];
  return (
    <div>
      <h2 className="text-2xl font-bold text-brand-950">{p.name}</h2>
      {price ? (
        <p className="mt-1 text-3xl font-extrabold text-brand-800">
          <span data-testid={`register-price-${plan}`}>{price}</span>{" "}
          <span className="text-base font-semibold text-slate-600">({phase})</span>
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">{p.description}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {p.includes.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

type FormProps = { actionData: CheckoutActionData | undefined; email: string | undefined };

function IndividualForm({ actionData, email, code }: FormProps & { code: string | null }) {
  const [form, fields] = useSchemaForm({
    id: "register-individual",
    schema: IndividualRegistrationSchema,
    lastResult: actionData?.result,
    defaultValue: { email, employerCode: code ?? undefined },
  });
  const summary = [
    ...personSummary(fields),
    { id: fields.companyName.id, label: fieldLabels.companyName, errors: fields.companyName.errors },
    { id: fields.employerCode.id, label: fieldLabels.companyCode, errors: fields.employerCode.errors },
  ];
  const focusId = actionData?.result?.status === "error" ? firstInvalid(summary)?.id : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
      <FormErrorSummary form={form} fields={summary} />
      <input type="hidden" name="registrationType" value="individual" />
      <PersonFields fields={fields} focusId={focusId} />
      <Field
        meta={fields.companyName}
        label={fieldLabels.companyName}
        optional
        autoComplete="organization"
        autoFocus={focusId === fields.companyName.id}
      />
      <Field
        meta={fields.employerCode}
        label={fieldLabels.companyCode}
        optional
        hint={`If your employer bought the Workforce Package, enter its code (for example ${formatCompanyCode("ABCDEFGHJKMN")}): you're enrolled at no charge.`}
        autoComplete="off"
        autoFocus={focusId === fields.employerCode.id}
      />
      <CheckoutSubmit handoff={actionData?.handoff} />
    </Form>
  );
}

function WorkforceForm({ actionData, email }: FormProps) {
  const [form, fields] = useSchemaForm({
    id: "register-workforce",
    schema: WorkforceRegistrationSchema,
    lastResult: actionData?.result,
    defaultValue: { email },
  });
  const summary = [
    ...personSummary(fields),
    { id: fields.companyName.id, label: fieldLabels.companyName, errors: fields.companyName.errors },
    { id: fields.title.id, label: fieldLabels.jobTitle, errors: fields.title.errors },
    { id: fields.employerWebsite.id, label: fieldLabels.employerWebsite, errors: fields.employerWebsite.errors },
  ];
  const focusId = actionData?.result?.status === "error" ? firstInvalid(summary)?.id : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-5">
      <FormErrorSummary form={form} fields={summary} />
      <input type="hidden" name="registrationType" value="workforce" />
      <PersonFields fields={fields} focusId={focusId}>
        <PersonField name="companyName" meta={fields.companyName} focusId={focusId} />
        <PersonField name="jobTitle" meta={fields.title} focusId={focusId} />
      </PersonFields>
      <Field
        meta={fields.employerWebsite}
        label={fieldLabels.employerWebsite}
        type="url"
        autoComplete="url"
        autoFocus={focusId === fields.employerWebsite.id}
      />
      <CheckoutSubmit handoff={actionData?.handoff} />
      <PayByInvoice purchase="workforce" />
    </Form>
  );
}
