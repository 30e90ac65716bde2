/**
 * /account/sponsor's forms (issue 54): the name, website and description
 * (an intent form, Conform with JavaScript on or off), and the logo (a
 * plain multipart post to /account/sponsor/logo, answered with a redirect
 * whose refusal code the page words). Both fit 320 px.
 */
import { sponsorPresenceMessages as m, sponsorPresencePaths as paths } from "~/content/sponsor-presence";
import type { IntentActionData } from "~/forms/intent-action.server";
import { SponsorDetailsSchema } from "~/sponsors/schema";
import { Field, TextareaField } from "../forms";
import { LogoUploadForm } from "../logo-upload-form";
import { IntentForm, useIntentForm } from "../intent-form";
import { fittedSize } from "../sponsor-logo";
import { Panel } from "./panel";

export function SponsorDetailsForm({
  details,
  actionData,
}: {
  details: { displayName: string; website: string; description: string };
  actionData: IntentActionData | undefined;
}) {
  const [form, fields] = useIntentForm("details", SponsorDetailsSchema, actionData, { defaultValue: details });
  return (
    <Panel id="details" title={m.detailsTitle}>
      <IntentForm intent="details" form={form} labelledBy="details-title" className="space-y-4">
        <Field meta={fields.displayName} label={m.displayNameLabel} autoComplete="organization" />
        <Field
          meta={fields.website}
          label={m.websiteLabel}
          hint={m.websiteHint}
          optional
          type="url"
          autoComplete="url"
        />
        <TextareaField
          meta={fields.description}
          label={m.descriptionLabel}
          hint={m.descriptionHint}
          optional
          rows={3}
        />
        <button type="submit" className="btn-primary">
          {m.saveDetails}
        </button>
      </IntentForm>
    </Panel>
  );
}

type Logo = { src: string; width: number; height: number } | null;

function LogoPreview({ logo, label, name }: { logo: Logo; label: string; name: string }) {
  return (
    <figure>
      <figcaption className="text-sm font-semibold text-slate-800">{label}</figcaption>
      {logo ? (
        <img
          src={logo.src}
          alt={name || label}
          {...fittedSize(logo, { width: 240, height: 96 })}
          className="mt-2 h-auto max-w-full rounded border border-slate-200 bg-white p-2"
        />
      ) : (
        <p className="mt-2 text-slate-700">{m.noLogo}</p>
      )}
    </figure>
  );
}

export function SponsorLogoForm({
  given,
  shown,
  name,
  error,
}: {
  given: Logo;
  shown: Logo;
  name: string;
  /** The refusal of the last upload, worded. */
  error: string | null;
}) {
  return (
    <Panel id="logo" title={m.logoTitle}>
      <div className="flex flex-wrap gap-6">
        <LogoPreview logo={given} label={m.currentLogo} name={name} />
        {shown && shown.src !== given?.src ? <LogoPreview logo={shown} label={m.shownLogo} name={name} /> : null}
      </div>
      <LogoUploadForm
        action={paths.logoUpload}
        id="logo-file"
        labelId="logo-upload-label"
        label={m.logoLabel}
        hint={m.logoHint}
        submitLabel={m.uploadLogo}
        error={error}
        buttonClassName="btn-primary"
        className="space-y-3"
      />
    </Panel>
  );
}
