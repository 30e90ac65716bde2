/**
 * The forms of /organize/messages (issue 33), which are also the organizer
 * API's inputs (`announcements.preview`, `announcements.test`,
 * `announcements.send`, `messages.team`) and what `npm run admin -- announce`
 * sends: strings only, as a form posts them. The subject is one line; the
 * body keeps its lines; both lose control characters (they reach inboxes,
 * the audit log and terminals).
 */
import * as z from "zod/mini";
import { messageErrors, messageRules, messageSegments } from "~/content/organize";
import { requiredText } from "~/forms/fields";
import { plainLines } from "~/lib/plain-text";

const subject = () =>
  requiredText(messageErrors.subjectRequired, messageRules.subjectMaxChars, messageErrors.subjectTooLong);

const body = () =>
  z
    .string({ error: messageErrors.bodyRequired })
    .check(
      z.overwrite(plainLines),
      z.trim(),
      z.minLength(1, { error: messageErrors.bodyRequired }),
      z.maxLength(messageRules.bodyMaxChars, { error: messageErrors.bodyTooLong }),
    );

const teamId = () => z._default(z.string().check(z.trim(), z.maxLength(64)), "");

/**
 * The recipients' fingerprint the preview gave (issue 50), required: a send
 * to an audience that changed since, whoever joined or left, is refused.
 */
const expected = () =>
  z
    .string({ error: messageErrors.previewFirst })
    .check(z.trim(), z.regex(/^[0-9a-f]{64}$/, { error: messageErrors.previewFirst }));

/** Keeps an earlier send's id after the text was corrected mid-way (the CLI's --id, the desk's "continue"). */
const announcementId = () =>
  z.optional(z.string().check(z.trim(), z.regex(/^([0-9a-f]{16})?$/, { error: messageErrors.badId })));

/** Who: a segment, or "team" with the team's id. */
export const audienceSegments = [...messageSegments, "team"] as const;

export const ComposeSchema = z.object({
  segment: z.enum(audienceSegments, { error: messageErrors.segmentRequired }),
  teamId: teamId(),
  subject: subject(),
  body: body(),
  announcementId: announcementId(),
});

export const SendAnnouncementSchema = z.object({
  segment: z.enum(messageSegments, { error: messageErrors.segmentRequired }),
  subject: subject(),
  body: body(),
  expected: expected(),
  announcementId: announcementId(),
});

export const TeamMessageSchema = z.object({
  teamId: teamId(),
  subject: subject(),
  body: body(),
  expected: expected(),
});
