/**
 * /account/sponsor's forms (issue 54): the name, website and description
 * (an intent form, Conform with JavaScript on or off), and the logo (a
 * plain multipart post to /account/sponsor/logo, answered with a redirect
 * whose refusal code the page words). Both fit 320 px.
 */
import {
  sponsorLogoRules,
  sponsorPresenceMessages as m,
  sponsorPresencePaths as paths,
} from "~/content/sponsor-presence";
import type { IntentActionData } from "~/forms/intent-action.server";
import { SponsorDetailsSchema } from "~/sponsors/schema";
import { ErrorList, Field, TextareaField } from "../forms";
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
      <form
        method="post"
        action={paths.logoUpload}
        encType="multipart/form-data"
        className="space-y-3"
        aria-labelledby="logo-upload-label"
      >
        <div>
          <label id="logo-upload-label" htmlFor="logo-file" className="block font-semibold text-slate-900">
            {m.logoLabel}
          </label>
          <p id="logo-file-hint" className="mt-1 text-sm text-slate-600">
            {m.logoHint}
          </p>
          <input
            id="logo-file"
            name="logo"
            type="file"
            required
            accept={sponsorLogoRules.accept}
            aria-describedby={error ? "logo-file-hint logo-file-error" : "logo-file-hint"}
            aria-invalid={error ? true : undefined}
            className="mt-2 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
          />
          <ErrorList id="logo-file-error" errors={error ? [error] : []} />
        </div>
        <button type="submit" className="btn-primary">
          {m.uploadLogo}
        </button>
      </form>
    </Panel>
  );
}
