/** The second factor asked again on a desk form (ADR 021): a proposal's confirmation and every role change. */
import { ErrorList } from "../forms";
import { deskControlClass, deskLabelClass } from "./desk";

export function CodeAgainField({
  id,
  name = "code",
  errorId,
  errors,
  inputProps = {},
}: {
  id: string;
  name?: string;
  errorId?: string;
  errors?: string[];
  /** Conform's props for the field, where the form is a Conform form. */
  inputProps?: Record<string, unknown>;
}) {
  return (
    <div>
      <label htmlFor={id} className={deskLabelClass}>
        Your authenticator code or a recovery code
      </label>
      <input
        type="text"
        name={name}
        {...inputProps}
        id={id}
        required
        autoComplete="one-time-code"
        inputMode="text"
        className={`${deskControlClass} max-w-xs`}
      />
      {errorId ? <ErrorList id={errorId} errors={errors} /> : null}
    </div>
  );
}
