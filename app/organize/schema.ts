/**
 * The forms of the desk's own pages (issue 32): one schema per action, used
 * by the page (Conform, with JavaScript on or off), by the action itself and
 * by the organizer API. Client-safe: the pages import them.
 */
import * as z from "zod/mini";
import { deskMessages, deskRules, organizerRoleNames } from "~/content/organize";
import { emailField } from "~/forms/fields";

/** A hidden id a button posts: a missing one reads as "" and the action answers "not found". */
export const hiddenId = () => z._default(z.string().check(z.maxLength(64)), "");

export const GrantOrganizerSchema = z.object({
  email: emailField(),
  role: z.enum(organizerRoleNames, { error: "Choose a role." }),
});

export const RemoveOrganizerSchema = z.object({ email: emailField() });

export const CreateTokenSchema = z.object({
  name: z
    .string({ error: deskMessages.tokenNameRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: deskMessages.tokenNameRequired }),
      z.maxLength(deskRules.tokenNameMaxChars, { error: deskMessages.tokenNameTooLong }),
    ),
});

export const RevokeTokenSchema = z.object({ tokenId: hiddenId() });

/** The second factor, asked again to confirm a proposal: an authenticator code or a recovery code. */
export const ConfirmProposalSchema = z.object({
  code: z
    .string({ error: deskMessages.codeWrong })
    .check(z.trim(), z.minLength(1, { error: deskMessages.codeWrong }), z.maxLength(32)),
});
