/**
 * The actions' form parsing: `parseWithSchema` whose `reply()` never sends
 * back more than the form could hold (issue 16). Conform's reply echoes every
 * submitted name and value (into the re-rendered fields and again into the
 * page's hydration data), so a large invalid post came back about twice its
 * size. Here the reply keeps only the schema's own fields, each cut to its
 * maximum length; names, state and intents a browser did not need are dropped.
 * Server only: in the browser Conform's own reply is what the form runs on.
 */
import type { SubmissionResult } from "@conform-to/dom";
import type * as z from "zod/mini";
import { parseWithSchema } from "./parse";

/** A field without a maxLength of its own is still never echoed longer than this. */
const FALLBACK_ECHO_LIMIT = 2048;
/** Conform's own control data (intent, state) is tiny when a real form sends it. */
const CONTROL_ECHO_LIMIT = 1024;

type SchemaNode = { _zod: { def: Record<string, unknown> } };

/** The maxLength a field's schema enforces, looking through pipes, optionals and defaults. */
function maximumOf(node: SchemaNode | undefined, depth = 0): number | undefined {
  if (!node || depth > 8) return undefined;
  const def = node._zod.def;
  const checks = (def.checks as SchemaNode[] | undefined) ?? [];
  for (const check of checks) {
    const { check: kind, maximum } = check._zod.def as { check?: string; maximum?: number };
    if (kind === "max_length" && typeof maximum === "number") return maximum;
  }
  for (const inner of [def.in, def.innerType, def.out]) {
    const found = maximumOf(inner as SchemaNode | undefined, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Each field of an object schema and the longest value it may echo. */
export function echoLimits(schema: z.ZodMiniObject): Map<string, number> {
  const limits = new Map<string, number>();
  for (const [name, field] of Object.entries(schema._zod.def.shape)) {
    limits.set(name, maximumOf(field as unknown as SchemaNode) ?? FALLBACK_ECHO_LIMIT);
  }
  return limits;
}

function small(value: unknown): boolean {
  return value === undefined || JSON.stringify(value).length <= CONTROL_ECHO_LIMIT;
}

/** A reply with only the schema's fields, each value no longer than the field allows. */
export function boundReply<FormError>(
  result: SubmissionResult<FormError>,
  limits: Map<string, number>,
): SubmissionResult<FormError> {
  const bounded: SubmissionResult<FormError> = { ...result };
  if (result.initialValue) {
    const initialValue: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.initialValue)) {
      const limit = limits.get(name);
      // Only single text values: a repeated or nested field is not one our forms have.
      if (limit !== undefined && typeof value === "string") initialValue[name] = value.slice(0, limit);
    }
    bounded.initialValue = initialValue;
  }
  if (result.fields) bounded.fields = result.fields.filter((name) => limits.has(name));
  if (result.error) {
    bounded.error = Object.fromEntries(
      Object.entries(result.error).filter(([name]) => name === "" || limits.has(name)),
    ) as typeof result.error;
  }
  if (!small(result.state)) delete bounded.state;
  if (!small(result.intent)) delete bounded.intent;
  return bounded;
}

/** parseWithSchema for an action: the same submission, with a bounded reply(). */
export function parseSubmission<Schema extends z.ZodMiniObject>(
  formData: FormData,
  { schema }: { schema: Schema },
): ReturnType<typeof parseWithSchema<Schema>> {
  const submission = parseWithSchema(formData, { schema });
  const limits = echoLimits(schema);
  const reply = submission.reply.bind(submission);
  return Object.assign(submission, {
    reply: (options?: Parameters<typeof reply>[0]) => boundReply(reply(options), limits),
  });
}
