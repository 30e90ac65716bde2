import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { ErrorList, Field, firstInvalid, FormErrorSummary, useSchemaForm } from "~/components/forms";
import { PageHero } from "~/components/page";
import { LoginPrompt } from "~/components/login-prompt";
import { invoiceFieldLabels as labels } from "~/content/invoices";
import { formatUsd, sponsorPaymentTerms } from "~/content/pricing";
import { requestClock, requestNow } from "~/clock/page-clock.server";
import { formatMountain } from "~/clock/format";
import { requestContext } from "~/context";
import { parseSubmission } from "~/forms/parse.server";
import { requestSessionUser } from "~/auth/request-session.server";
import { gateDescriptions, requireUserForForm } from "~/auth/gate.server";
import { isEmailVerified } from "~/auth/session.server";
import { clientKey, retryAfterHeaders } from "~/lib/client-limit.server";
import { log } from "~/lib/log.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { invoicePurchase, InvoiceRequestSchema } from "~/payments/invoice-form";
import { invoiceClosedMessage, priceOfPurchase, requestInvoice } from "~/payments/invoices.server";
import { PaymentError, paymentErrorStatus } from "~/payments/start";
import type { Route } from "./+types/request-invoice";

/**
 * Request an invoice (issue 53, ADR 025): a Workforce Package or a
 * sponsorship, invoiced to an organization with its purchase order, due in
 * the agreement's 30 days. The page names the purchase (`?for=workforce` or a
 * tier); the server prices it. The form carries a key minted here, so a
 * double submit makes one invoice. Works without JavaScript.
 */
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () =>
  pageMeta("Request an invoice", "Pay the Workforce Package or a sponsorship by invoice, with your purchase order.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const purchase = invoicePurchase(url.searchParams.get("for"));
  if (!purchase) throw data(null, { status: 404 });
  const user = await requestSessionUser(request, context);
  const { now, edition } = requestClock(context);
  const { env } = context.get(requestContext);
  const price = priceOfPurchase(env, purchase, now, edition);
  return {
    purchase,
    user: user ? { email: user.email } : null,
    requestKey: crypto.randomUUID(),
    item: price.item,
    amount: formatUsd(price.amountCents),
    dueDays: sponsorPaymentTerms.dueDaysFromInvoice,
    validUntil: formatMountain(price.validUntil, "longDate"),
    closedMessage: invoiceClosedMessage(purchase, now, edition),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const formData = await request.formData();
  const user = await requireUserForForm(request, context, {
    description: formData.get("purchase") === "workforce" ? gateDescriptions.registration : gateDescriptions.sponsor,
  });
  const submission = parseSubmission(formData, { schema: InvoiceRequestSchema });
  if (submission.status !== "success" || submission.value === undefined) {
    return data({ result: submission.reply() }, { status: 400 });
  }
  try {
    const requested = await requestInvoice(env, submission.value, {
      userId: user.id,
      origin: siteOrigin(request, env),
      now: requestNow(context),
      accountEmail: user.email,
      emailVerified: isEmailVerified(user),
      clientIp: clientKey(request),
      requestId,
    });
    return redirect(`/account/invoices/${requested.invoiceId}`, 303);
  } catch (error) {
    if (!(error instanceof PaymentError)) {
      log("error", "invoice.request_failed", { requestId, error });
      throw error;
    }
    const status = paymentErrorStatus[error.code];
    return data(
      { result: submission.reply({ formErrors: [error.message] }) },
      { status, headers: status === 429 ? retryAfterHeaders() : undefined },
    );
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function RequestInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { purchase, user, requestKey, item, amount, dueDays, validUntil, closedMessage } = loaderData;
  const [form, fields] = useSchemaForm({
    id: "invoice",
    schema: InvoiceRequestSchema,
    lastResult: actionData?.result,
    defaultValue: { purchase, requestKey, billingEmail: user?.email },
  });
  const text = [
    ["firstName", "given-name"],
    ["lastName", "family-name"],
    ["title", "organization-title"],
    ["phone", "tel"],
    ["billingName", "name"],
    ["billingEmail", "email"],
    ["legalName", "organization"],
    ["website", "url"],
    ["addressLine1", "address-line1"],
    ["addressLine2", "address-line2"],
    ["city", "address-level2"],
    ["state", "address-level1"],
    ["postalCode", "postal-code"],
    ["poNumber", "off"],
  ] as const;
  const summary = text.map(([name]) => ({ id: fields[name].id, label: labels[name], errors: fields[name].errors }));
  const focusId = actionData?.result?.status === "error" ? firstInvalid(summary)?.id : undefined;
  const back = purchase === "workforce" ? "/register?tab=workforce" : `/sponsor-register?tier=${purchase}`;
  return (
    <>
      <PageHero
        eyebrow="Pay by invoice"
        title="Request an invoice"
        lead={`${item}: ${amount}. We e-mail the invoice to your billing contact, due ${dueDays} days after it is issued; pay it by bank transfer (ACH), check or card.`}
      />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          {closedMessage ? (
            <p className="card border-l-4 border-amber-500 p-6" data-testid="invoice-closed">
              {closedMessage}
            </p>
          ) : (
            <>
              {!user ? (
                <LoginPrompt returnTo={`/request-invoice?for=${purchase}`} purpose="to request an invoice" />
              ) : null}
              <p className="mb-4 text-slate-700">
                This price holds until {validUntil}.{" "}
                <Link to={`/quote?for=${purchase}`} className="font-medium text-brand-700 underline">
                  Get a printable quote first
                </Link>{" "}
                or{" "}
                <Link to={back} className="font-medium text-brand-700 underline">
                  pay now by card
                </Link>
                .
              </p>
              <Form method="post" {...getFormProps(form)} className="card space-y-6 p-6 sm:p-8">
                <FormErrorSummary form={form} fields={summary} />
                <input {...getInputProps(fields.purchase, { type: "hidden" })} key={undefined} />
                <input {...getInputProps(fields.requestKey, { type: "hidden" })} key={undefined} />
                <div className="grid gap-5 sm:grid-cols-2">
                  {text.map(([name, autoComplete]) => (
                    <Field
                      key={name}
                      meta={fields[name]}
                      label={labels[name]}
                      type={
                        name === "billingEmail"
                          ? "email"
                          : name === "website"
                            ? "url"
                            : name === "phone"
                              ? "tel"
                              : "text"
                      }
                      autoComplete={autoComplete}
                      autoFocus={focusId === fields[name].id}
                    />
                  ))}
                </div>
                <div className="flex items-start gap-3">
                  <input
                    {...getInputProps(fields.taxExempt, { type: "checkbox" })}
                    key={undefined}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <label htmlFor={fields.taxExempt.id} className="text-slate-800">
                    {labels.taxExempt}
                  </label>
                  <ErrorList id={fields.taxExempt.errorId} errors={fields.taxExempt.errors} />
                </div>
                <button type="submit" className="btn-primary">
                  Request the invoice
                </button>
              </Form>
            </>
          )}
        </div>
      </section>
    </>
  );
}
