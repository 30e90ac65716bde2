/**
 * The dashboard's public recognition section (issue 54): whether the
 * organization is listed on /employer-recognition and where its review
 * stands, the name and website to show (an intent form, Conform with
 * JavaScript on or off), the logo (a plain multipart post to
 * /organization/:id/listing-logo, answered with a redirect whose refusal
 * code the dashboard words) and unlisting. Fits 320 px.
 */
import { organizationListingMessages as m, organizationListingPaths as paths } from "~/content/organization-listing";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ListingView } from "~/organization/listing-intents.server";
import { ListingSchema } from "~/organization/listing-schema";
import type { DashboardView } from "~/organization/dashboard-view.server";
import { Field } from "../forms";
import { LogoUploadForm } from "../logo-upload-form";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";
import { fittedSize } from "../sponsor-logo";

export function ListingSection({
  organizationId,
  view,
  tier,
  actionData,
}: {
  organizationId: string;
  view: ListingView;
  tier: DashboardView["tier"];
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("listing", ListingSchema, actionData, { defaultValue: view.details });
  return (
    <SectionCard id="listing" title={m.sectionTitle} testId="listing">
      <p className="mt-2 text-sm text-slate-600">{m.sectionLead}</p>
      <p className="mt-4 font-semibold text-slate-900" data-testid="listing-status">
        {view.status ? m.status[view.status] : m.notListed}
        {view.status === "returned" && view.returnReason ? (
          <>
            {" "}
            <span className="whitespace-pre-line break-words">{view.returnReason}</span>
          </>
        ) : null}
      </p>
      {view.approved && view.status !== "approved" ? <p className="mt-1 text-slate-700">{m.stillShown}</p> : null}
      {view.listed ? (
        <p className="mt-1 text-slate-700" data-testid="listing-tier">
          {tier.current
            ? m.shownAs(tier.current.name)
            : tier.next
              ? m.belowFirstTier(tier.next.name, tier.toNext)
              : null}
        </p>
      ) : null}
      <IntentForm intent="listing" form={form} className="mt-4 space-y-4">
        <Field meta={fields.displayName} label={m.displayNameLabel} autoComplete="organization" />
        <Field
          meta={fields.website}
          label={m.websiteLabel}
          hint={m.websiteHint}
          optional
          type="url"
          autoComplete="url"
        />
        <button type="submit" className="btn-primary">
          {view.listed ? m.update : m.list}
        </button>
      </IntentForm>
      {view.listed ? <LogoForm organizationId={organizationId} view={view} /> : null}
      {view.listed ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-semibold text-red-700">{m.unlist}…</summary>
          <IntentForm intent="unlist" className="mt-3" errors={[]}>
            <button type="submit" className={dangerButtonClass}>
              {m.unlist}
            </button>
          </IntentForm>
        </details>
      ) : null}
      <Refusals messages={intentErrors(actionData, "unlist")} />
    </SectionCard>
  );
}

function LogoForm({ organizationId, view }: { organizationId: string; view: ListingView }) {
  const error = view.logoError;
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 id="listing-logo-title" className="font-semibold text-slate-900">
        {m.logoTitle}
      </h3>
      <figure className="mt-2">
        <figcaption className="text-sm text-slate-700">{m.currentLogo}</figcaption>
        {view.logo ? (
          <img
            src={view.logo.src}
            alt={view.details.displayName}
            {...fittedSize(view.logo, { width: 240, height: 96 })}
            className="mt-2 h-auto max-w-full rounded border border-slate-200 bg-white p-2"
          />
        ) : (
          <p className="mt-1 text-slate-700">{m.noLogo}</p>
        )}
      </figure>
      <LogoUploadForm
        action={paths.logo(organizationId)}
        id="listing-logo"
        labelId="listing-logo-label"
        labelledBy="listing-logo-title"
        label={m.logoLabel}
        hint={m.logoHint}
        submitLabel={m.uploadLogo}
        error={error}
        buttonClassName="btn-outline"
        className="mt-3 space-y-3"
      />
    </div>
  );
}
