/**
 * The Challenge Portal's e-mails (issue 15), written to the outbox in the same
 * db.batch() as the change they report and sent by the queue consumer: a team
 * invitation (a single-use link) and the confirmation of a submitted project,
 * one to each team member (SPEC.md §4: "an email confirmation follows").
 */
import { z } from "zod";
import { site } from "~/content/site";
import { portalLimits } from "~/content/portal";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

const signOff = `— The ${site.name} team`;

export const TeamInvitationPayload = z.object({
  teamName: z.string(),
  inviterEmail: z.string(),
  acceptUrl: z.string(),
  /** When the link stops working, in Mountain Time. */
  expires: z.string(),
});

export const teamInvitation = defineKind({
  kind: "portal-team-invitation",
  payload: TeamInvitationPayload,
  // No team name here: it is typed by the inviter, and a subject is what a mail client shows unasked (issue 22).
  subject: () => oneLine(`You're invited to join a team in the ${site.name}`),
  render(payload) {
    const text = [
      "Hello,",
      "",
      `${payload.inviterEmail} invites you to join team ${payload.teamName} in the ${site.name} portal.`,
      "",
      `Accept or decline here: ${payload.acceptUrl}`,
      "",
      `The link works once, until ${payload.expires} (${portalLimits.teamInvitationDays} days). Every team member must be enrolled in the Challenge: if you aren't yet, register first, then open the link.`,
      "If you don't know the sender, ignore this e-mail.",
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(
        `Join team ${payload.teamName}`,
        [
          ["Invited by", payload.inviterEmail],
          ["Accept or decline", payload.acceptUrl],
          ["Link works until", payload.expires],
        ],
        [
          "Every member enrolled",
          "Every team member must be enrolled in the Challenge. Register first if you haven't.",
        ],
      ),
    };
  },
});

export const SubmissionConfirmationPayload = z.object({
  /** The team's name, or null for a participant working alone. */
  teamName: z.string().nullable(),
  submittedBy: z.string(),
  /** When, in Mountain Time. */
  submittedAt: z.string(),
  deadline: z.string(),
  components: z.array(z.string()),
  portalUrl: z.string(),
});

export const submissionConfirmation = defineKind({
  kind: "portal-submission-confirmation",
  payload: SubmissionConfirmationPayload,
  subject: () => oneLine(`Your ${site.name} project is submitted`),
  render(payload) {
    const whose = payload.teamName ? `Team ${payload.teamName}'s project` : "Your project";
    const text = [
      "Hello,",
      "",
      `${whose} was submitted by ${payload.submittedBy} on ${payload.submittedAt}.`,
      "",
      "It has all five components:",
      ...payload.components.map((name) => `- ${name}`),
      "",
      `You can keep improving it until the deadline, ${payload.deadline}; the latest version is the one judged. After the deadline it is read-only.`,
      `See its status in the portal: ${payload.portalUrl}`,
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(
        "Your project is submitted",
        [
          ["Project", whose],
          ["Submitted by", payload.submittedBy],
          ["Submitted", payload.submittedAt],
          ["Editable until", payload.deadline],
          ["Status", payload.portalUrl],
        ],
        ["Components", payload.components.join("\n")],
      ),
    };
  },
});
