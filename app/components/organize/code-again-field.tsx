/** The second factor asked again on a desk form (ADR 021): a proposal's confirmation and every role change. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ErrorList } from "../forms";
import { deskControlClass, deskLabelClass } from "./desk";

/** The code field: a Conform form's `field`, or a plain field with its `id` (a form repeated per row). */
export function CodeAgainField(props: { field: FieldMetadata<string> } | { field?: undefined; id: string }) {
  const { field } = props;
  const id = field ? field.id : props.id;
  const { key, ...conformProps } = field ? getInputProps(field, { type: "text" }) : { key: undefined };
  return (
    <div>
      <label htmlFor={id} className={deskLabelClass}>
        Your authenticator code or a recovery code
      </label>
      <input
        key={key}
        type="text"
        name="code"
        required
        {...conformProps}
        id={id}
        autoComplete="one-time-code"
        inputMode="text"
        className={`${deskControlClass} max-w-xs`}
      />
      {field ? <ErrorList id={field.errorId} errors={field.errors} /> : null}
    </div>
  );
}

/** The address of the account a role change is about. */
export function AccountEmailField({ field }: { field: FieldMetadata<string> }) {
  const { key, ...props } = getInputProps(field, { type: "email" });
  return (
    <div>
      <label htmlFor={field.id} className={deskLabelClass}>
        Their account&apos;s e-mail
      </label>
      <input key={key} {...props} autoComplete="off" className={deskControlClass} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
