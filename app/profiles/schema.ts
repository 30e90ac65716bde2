/**
 * A public profile's fields (issue 54), posted with an invitation's
 * acceptance and from /account/profile. A schema bounds what a post may
 * carry and words the refusals; the photo's content is checked by the
 * server (./profile.server.ts).
 */
import * as z from "zod/mini";
import { profileDeskMessages, profileMessages as m, profileRules } from "~/content/profiles";
import { optionalText } from "~/forms/fields";
import { plainLines } from "~/lib/plain-text";

const flag = z.optional(z.string().check(z.maxLength(8)));

export const profileFields = {
  /** The consent box: a profile is saved only when it is ticked. */
  consent: flag,
  name: optionalText(profileRules.nameMax, m.nameTooLong),
  title: optionalText(profileRules.titleMax, m.titleTooLong),
  organization: optionalText(profileRules.organizationMax, m.organizationTooLong),
  /** Plain text: its lines kept, control characters dropped. */
  bio: z.pipe(
    z.optional(
      z.string().check(z.overwrite(plainLines), z.trim(), z.maxLength(profileRules.bioMax, { error: m.bioTooLong })),
    ),
    z.transform((value) => (value ? value : undefined)),
  ),
  photo: z.optional(z.file()),
  removePhoto: flag,
};

export const ProfileSchema = z.object(profileFields);
export type ProfileInput = z.output<typeof ProfileSchema>;

export const WithdrawProfileSchema = z.object({});

/** The desk's "Publish profiles" (and the API's, the CLI's) says so: a publication is never a stray post. */
export const PublishProfilesSchema = z.object({
  confirm: z.literal("publish", { error: profileDeskMessages.confirmRequired }),
});
