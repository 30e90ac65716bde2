/**
 * The portal's forms (issue 15), one schema per intent (issue 21). What a
 * text component must hold (https links, word counts) is checked by its
 * handler, which knows the component; a schema only bounds what a post may
 * carry, so the page never echoes back more than a form could hold.
 */
import * as z from "zod/mini";
import { portalLimits, portalMessages } from "~/content/portal";
import { showcaseLimits } from "~/content/showcase";

/** The components saved by a text form (the two files come through /portal/upload). */
export const textComponents = ["prototype", "abstract", "video", "aiUseLog"] as const;
export type TextComponent = (typeof textComponents)[number];

const hiddenId = z._default(z.string().check(z.maxLength(64)), "");
const token = z._default(z.string().check(z.maxLength(128)), "");
const link = z.optional(z.string().check(z.maxLength(2048)));
/** Twice a text's limit: the handler says "too long" with its own words; this only bounds the post. */
const longText = (max: number) => z.optional(z.string().check(z.maxLength(2 * max)));

export const CreateTeamSchema = z.object({
  name: z
    .string({ error: portalMessages.teamNameRequired })
    .check(z.maxLength(2 * portalLimits.teamNameMax, { error: portalMessages.teamNameTooLong })),
});

export const InviteMemberSchema = z.object({
  email: z.string({ error: portalMessages.inviteInvalidEmail }).check(z.maxLength(255)),
});

export const CancelInvitationSchema = z.object({ invitationId: hiddenId });
export const RemoveMemberSchema = z.object({ userId: hiddenId });
export const NothingSchema = z.object({});

export const SaveComponentSchema = z.object({
  component: z.enum(textComponents, { error: portalMessages.unknownIntent }),
  prototypeUrl: link,
  abstract: longText(portalLimits.abstractMaxCharacters),
  videoUrl: link,
  videoConfirmed: z.optional(z.string().check(z.maxLength(8))),
  aiUseLog: longText(portalLimits.aiUseLogMaxCharacters),
});

export const InvitationAnswerSchema = z.object({ token });

/** The project's public face (issue 25): what the team shows, and how this member is named. */
export const PublicFaceSchema = z.object({
  title: z.optional(z.string().check(z.maxLength(2 * showcaseLimits.titleMax))),
  summary: z.optional(z.string().check(z.maxLength(2 * showcaseLimits.summaryMax))),
  track: z.optional(z.string().check(z.maxLength(64))),
  publicConsent: z.optional(z.string().check(z.maxLength(8))),
  nameDisplay: z.optional(z.string().check(z.maxLength(16))),
  showOrganization: z.optional(z.string().check(z.maxLength(8))),
});
