/**
 * A judge's or advisor's public profile fields (issue 54), inside the form
 * that accepts an invitation and on /account/profile: the consent box, the
 * name, title, organization, a plain-text bio and an optional photo. The
 * form posts multipart (the photo), with JavaScript on or off. Fits 320 px.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { advisoryGroupName, profileMessages as m, profileRules } from "~/content/profiles";
import { ErrorList, Field, TextareaField } from "./forms";

type Meta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
type FileMeta = FieldMetadata<File | undefined, Record<string, unknown>, string[]>;

export interface ProfileFieldsMeta {
  consent: Meta;
  name: Meta;
  title: Meta;
  organization: Meta;
  bio: Meta;
  photo: FileMeta;
  removePhoto: Meta;
}

export function ProfileFields({
  fields,
  standing,
  advisoryGroup,
  photo,
}: {
  fields: ProfileFieldsMeta;
  standing: "judge" | "advisor";
  advisoryGroup: string | null;
  /** The photo saved already, shown privately to its owner. */
  photo: { src: string; width: number; height: number } | null;
}) {
  const { key: consentKey, ...consent } = getInputProps(fields.consent, { type: "checkbox", value: "on" });
  const { key: removeKey, ...removePhoto } = getInputProps(fields.removePhoto, { type: "checkbox", value: "on" });
  const photoHint = `${fields.photo.id}-hint`;
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-semibold text-brand-950">Public profile</legend>
      <p className="text-sm text-slate-700">{m.consentNote}</p>
      <div className="flex items-start gap-3">
        <input key={consentKey} {...consent} className="mt-1 h-5 w-5 shrink-0" />
        <label htmlFor={fields.consent.id} className="text-slate-900">
          {m.consentLabel}
        </label>
      </div>
      <ErrorList id={fields.consent.errorId} errors={fields.consent.errors} />
      <p className="text-slate-800">
        {standing === "advisor"
          ? `Shown among the advisors: ${advisoryGroupName(advisoryGroup)}.`
          : "Shown among the judges."}
      </p>
      <Field meta={fields.name} label="Name" autoComplete="name" />
      <Field meta={fields.title} label="Title" optional autoComplete="organization-title" />
      <Field meta={fields.organization} label="Organization" optional autoComplete="organization" />
      <TextareaField
        meta={fields.bio}
        label="Short bio"
        hint={`Plain text, at most ${profileRules.bioMax} characters.`}
        optional
        rows={4}
      />
      <div>
        <label htmlFor={fields.photo.id} className="block font-semibold text-slate-900">
          Photo <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <p id={photoHint} className="mt-1 text-sm text-slate-600">
          {`${profileRules.formats}, at least 64 pixels each way, at most 1 MB. Checked by its content.`}
        </p>
        {photo ? (
          <img
            src={photo.src}
            alt="Your current photo"
            width={photo.width}
            height={photo.height}
            className="mt-2 rounded border border-slate-200"
          />
        ) : null}
        <input
          id={fields.photo.id}
          name={fields.photo.name}
          type="file"
          accept={profileRules.accept}
          aria-describedby={fields.photo.errors ? `${photoHint} ${fields.photo.errorId}` : photoHint}
          aria-invalid={fields.photo.errors ? true : undefined}
          className="mt-2 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
        />
        <ErrorList id={fields.photo.errorId} errors={fields.photo.errors} />
        {photo ? (
          <div className="mt-2 flex items-center gap-2">
            <input key={removeKey} {...removePhoto} className="h-5 w-5" />
            <label htmlFor={fields.removePhoto.id}>Remove my photo</label>
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
