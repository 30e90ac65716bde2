/**
 * The next-edition form (issue 11): e-mail (SPEC.md §5 rules and §8
 * messages), at least one interest, an optional name. One schema for the
 * browser (Conform) and the server (the action), written with zod/mini (ADR 004).
 */
import * as z from "zod/mini";
import { emailField, optionalNameField } from "~/forms/fields";
import {
  isNextEditionInterest,
  nextEditionInterestKeys,
  nextEditionLimits,
  nextEditionMessages,
  type NextEditionInterest,
} from "~/content/next-edition";

const m = nextEditionMessages;
const L = nextEditionLimits;

/** One checked box arrives as a string, several as an array, none as undefined; unknown keys are dropped. */
function toInterests(value: unknown): NextEditionInterest[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return [...new Set(values.filter(isNextEditionInterest))].sort();
}

export const NextEditionSchema = z.object({
  email: emailField(),
  interests: z.pipe(
    z.pipe(
      z.optional(z.union([z.string(), z.array(z.string())])),
      z.transform((value: string | string[] | undefined) => toInterests(value)),
    ),
    z.array(z.enum(nextEditionInterestKeys)).check(z.minLength(1, { error: m.interestRequired })),
  ),
  name: optionalNameField(),
  // Where the visitor was; checked with safeRedirectPath before use.
  returnTo: z.optional(z.string()),
});

export type NextEditionSignup = z.output<typeof NextEditionSchema>;

/** Form fields whose submitted value may be echoed back: only those within their maximum. */
export function overlongFields(formData: FormData): string[] {
  const maxima: Record<string, number> = { email: L.email.max, name: L.name.max, returnTo: 2048 };
  return Object.entries(maxima)
    .filter(([field, max]) => {
      const value = formData.get(field);
      return typeof value === "string" && value.length > max;
    })
    .map(([field]) => field);
}
