/**
 * The forms of the desk's own pages (issue 32): one schema per action, used
 * by the page (Conform, with JavaScript on or off), by the action itself and
 * by the organizer API. Client-safe: the pages import them.
 */
import * as z from "zod/mini";
import { deskMessages, deskRules, organizerRoleNames, type OrganizerRoleName } from "~/content/organize";
import { emailField } from "~/forms/fields";

/** A hidden id a button posts: a missing one reads as "" and the action answers "not found". */
export const hiddenId = () => z._default(z.string().check(z.maxLength(64)), "");

/** The roles one director grants alone; the director role takes two (ADR 021). */
export const singleGrantRoles = organizerRoleNames.filter((r) => r !== "director") as [
  Exclude<OrganizerRoleName, "director">,
  ...Exclude<OrganizerRoleName, "director">[],
];

export const GrantOrganizerSchema = z.object({
  email: emailField(),
  role: z.enum(singleGrantRoles, { error: "Choose a role." }),
});

export const RemoveOrganizerSchema = z.object({ email: emailField() });

/** Proposing to grant or remove the director role (the two-person rule). */
export const DirectorSchema = z.object({ email: emailField() });

/** The second factor, asked again: an authenticator code or a recovery code. */
const secondFactorCode = () =>
  z
    .string({ error: deskMessages.codeWrong })
    .check(z.trim(), z.minLength(1, { error: deskMessages.codeWrong }), z.maxLength(32));

/** A desk form whose action asks for the code again: the action's own schema and the code beside it. */
export function withSecondFactorCode<Shape extends z.core.$ZodLooseShape>(schema: z.ZodMiniObject<Shape>) {
  return z.extend(schema, { code: secondFactorCode() });
}

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
export const ConfirmProposalSchema = z.object({ code: secondFactorCode() });
