/**
 * Our replacement for `parseWithZod` and `getZodConstraint` of
 * `@conform-to/zod/v4`, for schemas written with `zod/mini` (ADR 004).
 *
 * Why not theirs: its parse module imports its coercion module, which imports
 * `zod/v4` (classic zod, about 23 KB gzip with its English locale) into every
 * page that validates in the browser, whatever the schema is written with.
 * Our forms need one coercion only, done here explicitly; everything else a
 * field needs (trimming, numbers, optional → NULL) is in its schema.
 *
 * The result is Conform's own Submission (built by its `parse`), so
 * `useForm({ onValidate })`, `submission.reply()` and `lastResult` work as before.
 * It comes from `@conform-to/dom` (installed with, and pinned by,
 * `@conform-to/react`, which re-exports `parse`) so this module stays free of
 * React: the server and the worker tests import it too.
 */
import { parse, type Submission } from "@conform-to/dom";
import type * as z from "zod/mini";

type FormSchema = z.ZodMiniType;

/**
 * A browser submits an empty input as "": read as a missing value, as Conform's
 * zod coercion did, so a required field says its "required" message and an
 * optional one is absent (stored as NULL). Whitespace is left to the schema's trim.
 */
function withoutEmptyStrings(value: unknown): unknown {
  if (value === "") return undefined;
  if (Array.isArray(value)) return value.map(withoutEmptyStrings);
  if (value && typeof value === "object" && !(value instanceof File)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutEmptyStrings(entry)]));
  }
  return value;
}

/** A zod path as the field name Conform uses: ["links", 0, "url"] → "links[0].url"; [] → "" (the form). */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, segment) =>
      typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${String(segment)}` : String(segment),
    "",
  );
}

/** Parses a form submission with a schema, in the browser (onValidate) and in the action alike. */
export function parseWithSchema<Schema extends FormSchema>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parse<z.output<Schema>, string[]>(payload, {
    resolve(value) {
      const result = schema.safeParse(withoutEmptyStrings(value));
      if (result.success) return { value: result.data as z.output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = fieldName(issue.path);
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
}

/**
 * Which fields are required, for `useForm({ constraint })`: Conform then sets
 * `required` (announced by screen readers) on those controls. Nothing else:
 * minlength, maxlength and pattern would let the browser cut or block input
 * instead of showing our messages (SPEC.md §8; the forms carry noValidate).
 * A field may be left out when its schema accepts undefined (optional, default).
 */
export function requiredFields(schema: z.ZodMiniObject): Record<string, { required: boolean }> {
  const constraint: Record<string, { required: boolean }> = {};
  for (const [name, field] of Object.entries(schema._zod.def.shape)) {
    constraint[name] = { required: field._zod.optin !== "optional" };
  }
  return constraint;
}
