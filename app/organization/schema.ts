/**
 * The organization dashboard's forms (issue 14), one schema per intent
 * (issue 21). Addresses and ids are checked by the handlers, which know the
 * organization: a schema only bounds what a post may carry.
 */
import * as z from "zod/mini";
import { organizationLimits, organizationMessages } from "~/content/organization";

/** A hidden id a button posts: a missing one reads as "" and the handler answers "not found". */
const hiddenId = z._default(z.string().check(z.maxLength(64)), "");

export const RegenerateSchema = z.object({});

export const InviteEmployeesSchema = z.object({
  addresses: z
    .string({ error: organizationMessages.invitationsEmpty })
    .check(z.maxLength(organizationLimits.pasteMaxCharacters, { error: organizationMessages.invitationsTooLong })),
});

export const RemoveEmployeeSchema = z.object({ registrationId: hiddenId });

export const InviteAdminSchema = z.object({
  email: z.string({ error: organizationMessages.adminInviteInvalidEmail }).check(z.maxLength(255)),
});

export const CancelAdminInvitationSchema = z.object({ invitationId: hiddenId });

export const RemoveAdminSchema = z.object({ userId: hiddenId });
