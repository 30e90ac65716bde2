/**
 * The inputs of the people area (issue 33): the inbox's one form (mark a
 * message handled, or reopen it) and the queries' filters, as strings (a
 * form posts strings, the CLI sends the same). Client-safe: pages import them.
 */
import * as z from "zod/mini";
import { handledMessages, peopleRules } from "~/content/organize";
import { registrationStatuses, sponsorshipStatuses } from "~/db/payments-schema";
import { hiddenId } from "~/organize/schema";

/** One contact message or interest form, marked handled or reopened. */
export const HandleSchema = z.object({
  id: hiddenId(),
  state: z.enum(["handled", "open"], { error: handledMessages.stateRequired }),
});

/** An edition's id, or "all"; absent: the edition the clock is in. */
const editionFilter = z.optional(z.string().check(z.regex(/^[\w-]{1,32}$/)));
const pageNumber = z.optional(z.string().check(z.regex(/^\d{1,6}$/)));

export const SearchPeopleSchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(peopleRules.searchMaxChars)), ""),
  page: pageNumber,
});

export const PersonSchema = z.object({ id: hiddenId() });

export const RegistrationsFilterSchema = z.object({
  edition: editionFilter,
  plan: z.optional(z.enum(["individual", "workforce"])),
  status: z.optional(z.enum(registrationStatuses)),
});

export const SponsorshipsFilterSchema = z.object({
  edition: editionFilter,
  tier: z.optional(z.enum(["platinum", "gold", "silver", "bronze"])),
  status: z.optional(z.enum(sponsorshipStatuses)),
});

export const EditionFilterSchema = z.object({ edition: editionFilter });

export const NoInputSchema = z.object({});
