/**
 * A judge's invitation (issue 24), written to the outbox by
 * `npm run admin -- invite-judge` and sent by the queue consumer. The link
 * carries the single-use token; only its SHA-256 is stored with the
 * invitation. The link points at BASE_URL when set (always, in production),
 * else at the origin the command was given (locally).
 */
import { z } from "zod";
import { site } from "~/content/site";
import { judgeInvitationSubject, judgingRules } from "~/content/judging";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

export const JudgeInvitationPayload = z.object({
  /** The invited person's name, if the organizers gave one. */
  name: z.string().nullable(),
  editionName: z.string(),
  /** /judging/invitation?token=… */
  path: z.string(),
  /** For the link when BASE_URL is unset (locally): the command's --base-url. */
  origin: z.string(),
  /** When the link stops working, in Mountain Time. */
  expires: z.string(),
  /** When scores are final, in Mountain Time. */
  scoresFinal: z.string(),
});

function linkOrigin(env: Pick<Env, "BASE_URL">, fallback: string): string {
  const configured = env.BASE_URL?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      // A malformed BASE_URL: fall back rather than send a broken link.
    }
  }
  return fallback;
}

export const judgeInvitation = defineKind({
  kind: "judge-invitation",
  payload: JudgeInvitationPayload,
  subject: (payload) => oneLine(judgeInvitationSubject(payload.editionName)),
  async prepare(payload, context) {
    return { ...payload, origin: linkOrigin(context.env, payload.origin) };
  },
  render(payload) {
    const url = `${payload.origin}${payload.path}`;
    const text = [
      payload.name ? `Hello ${payload.name},` : "Hello,",
      "",
      `The organizers of the ${site.name} invite you to judge the ${payload.editionName}.`,
      "",
      `Accept here: ${url}`,
      "",
      `The link works once, until ${payload.expires} (${judgingRules.invitationValidDays} days).`,
      "To accept, sign in (or create an account) with this e-mail address, verify it, and turn on two-step sign-in on your account page: a judge's account decides results, so it needs a second factor.",
      `Scores are final ${payload.scoresFinal}.`,
      "If you did not expect this invitation, ignore this e-mail.",
      "",
      `— The ${site.name} team`,
    ].join("\n");
    return {
      text,
      html: simpleHtml(
        `Judge the ${payload.editionName}`,
        [
          ["Accept the invitation", url],
          ["Link works until", payload.expires],
          ["Scores final", payload.scoresFinal],
        ],
        [
          "Before you accept",
          "Sign in with this e-mail address, verify it, and turn on two-step sign-in on your account page.",
        ],
      ),
    };
  },
});
