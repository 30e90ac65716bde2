/**
 * A request refused, in the words the visitor, the organizers' desk, the API
 * and the CLI show: `status` for the HTTP answer, `field` the form field it
 * belongs to (else it shows above the form), `fieldErrors` for several.
 * One type for every concern's refusals; a concern may narrow the statuses it
 * answers with (`Refusal<400 | 404>`).
 */
export type Refusal<Status extends number = number> = {
  ok: false;
  message: string;
  status: Status;
  field?: string;
  fieldErrors?: Record<string, string[]>;
};

/** A refusal: the one constructor every concern calls (`field` and `fieldErrors` only when given). */
export function refusal<Status extends number>(
  message: string,
  status: Status,
  field?: string,
  fieldErrors?: Record<string, string[]>,
): Refusal<Status> {
  return {
    ok: false,
    message,
    status,
    ...(field === undefined ? {} : { field }),
    ...(fieldErrors === undefined ? {} : { fieldErrors }),
  };
}
