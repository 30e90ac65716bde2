import { sponsorLogoRules } from "~/content/sponsor-presence";
import { ErrorList } from "./forms";

/**
 * A logo's upload (issue 54): a plain multipart POST, so it works without JavaScript; the server checks the
 * file by its content (app/sponsors/logo.server.ts) for sponsors and recognized organizations alike.
 */
export function LogoUploadForm({
  action,
  id,
  labelId,
  labelledBy = labelId,
  label,
  hint,
  submitLabel,
  error,
  buttonClassName,
  className,
}: {
  action: string;
  /** The file field's id; its hint and error take it as a prefix. */
  id: string;
  labelId: string;
  /** What names the form: its field's label unless said otherwise. */
  labelledBy?: string;
  label: string;
  hint: string;
  submitLabel: string;
  error: string | null | undefined;
  buttonClassName: string;
  className: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form
      method="post"
      action={action}
      encType="multipart/form-data"
      className={className}
      aria-labelledby={labelledBy}
    >
      <div>
        <label id={labelId} htmlFor={id} className="block font-semibold text-slate-900">
          {label}
        </label>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
        <input
          id={id}
          name="logo"
          type="file"
          required
          accept={sponsorLogoRules.accept}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="mt-2 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
        />
        <ErrorList id={errorId} errors={error ? [error] : []} />
      </div>
      <button type="submit" className={buttonClassName}>
        {submitLabel}
      </button>
    </form>
  );
}
