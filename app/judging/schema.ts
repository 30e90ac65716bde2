/** The appeal form on /portal (issue 24): 50–5,000 characters once trimmed, checked again on the server. */
import * as z from "zod/mini";
import { appealLimits, appealMessages } from "~/content/judging-results";

export const AppealSchema = z.object({
  body: z
    .string({ error: appealMessages.tooShort })
    .check(
      z.trim(),
      z.minLength(appealLimits.minCharacters, { error: appealMessages.tooShort }),
      z.maxLength(appealLimits.maxCharacters, { error: appealMessages.tooLong }),
    ),
});
