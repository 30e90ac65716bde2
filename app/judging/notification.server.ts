/**
 * Judging's e-mails (issue 24), sent through the outbox:
 * - "judge-invitation": written by the `judges.invite` organizer action (the
 *   desk's /organize/judges, the API, `npm run admin -- invite-judge`); the
 *   link carries the single-use token, only its SHA-256 is stored;
 * - "finalist-announced": one to each member of a finalist team, written by
 *   the `results.publish-finalists` organizer action once a second director
 *   confirms it (app/results/publication.server.ts);
 * - "judging-appeal": a team's appeal, to the organizers' mailbox;
 * - "appeal-decided": the committee's decision, to each member of the team,
 *   written by the `appeals.decide` organizer action (/organize/appeals, the
 *   API, `npm run admin -- decide-appeal`).
 */
import { z } from "zod";
import { site } from "~/content/site";
import { appeals } from "~/content/program";
import { invitationSubject, judgingRules } from "~/content/judging";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

const signOff = `— The ${site.name} team`;

export const FinalistAnnouncedPayload = z.object({
  editionName: z.string(),
  /** The name published for the team (a team's name, or a participant's own). */
  teamName: z.string(),
  /** The finals: "State Capital Finals, Apr 25, 2026 in Boise, Idaho". */
  finals: z.string(),
  /** For the link when BASE_URL is unset (locally): the origin the publication was confirmed on. */
  origin: z.string(),
  /** Filled in at send time from BASE_URL (always set in production), else `origin`. */
  portalUrl: z.string().optional(),
});

/** The site's origin for links: BASE_URL when set and well-formed, else the producer's fallback. */
function linkOrigin(env: Pick<Env, "BASE_URL">, fallback: string): string {
  try {
    return env.BASE_URL?.trim() ? new URL(env.BASE_URL.trim()).origin : fallback;
  } catch {
    return fallback;
  }
}

/** The link to /portal in a team's e-mail, on the site's own origin where one is configured. */
async function withPortalUrl<Payload extends { origin: string }>(payload: Payload, { env }: { env: Env }) {
  return { ...payload, portalUrl: `${linkOrigin(env, payload.origin)}/portal` };
}

export const finalistAnnounced = defineKind({
  kind: "finalist-announced",
  payload: FinalistAnnouncedPayload,
  prepare: withPortalUrl,
  subject: ({ editionName }) => oneLine(`Your project is a finalist in the ${site.name} (${editionName})`),
  render(payload) {
    const portalUrl = payload.portalUrl ?? `${payload.origin}/portal`;
    const text = [
      "Hello,",
      "",
      `Congratulations: the judges chose ${payload.teamName}'s project as a finalist of the ${payload.editionName}.`,
      "",
      `Finalists may present at the ${payload.finals}. The organizers will write with the details.`,
      `Your team's scores and the judges' comments are in the portal: ${portalUrl}`,
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(`A finalist of the ${payload.editionName}`, [
        ["Finalist", payload.teamName],
        ["Finals", payload.finals],
        ["Scores and comments", portalUrl],
      ]),
    };
  },
});

export const JudgingAppealPayload = z.object({
  appealId: z.string(),
  editionName: z.string(),
  teamName: z.string(),
  submittedBy: z.string(),
  /** When, in Mountain Time. */
  filedAt: z.string(),
  body: z.string(),
});

export const judgingAppeal = defineKind({
  kind: "judging-appeal",
  payload: JudgingAppealPayload,
  subject: ({ appealId }) => oneLine(`Judging appeal ${appealId}`),
  render(payload) {
    const fields: [string, string][] = [
      ["Appeal", payload.appealId],
      ["Edition", payload.editionName],
      ["Team", payload.teamName],
      ["Filed by", payload.submittedBy],
      ["Filed", payload.filedAt],
    ];
    const text = [
      `A team appealed its judging in the ${payload.editionName}.`,
      "",
      ...fields.map(([label, value]) => `${label}: ${value}`),
      "",
      "Appeal:",
      payload.body,
      "",
      `A committee of ${appeals.committeeSize} decides within ${appeals.decisionWithinBusinessDays} business days. Read and decide it on the organizers' desk at /organize/appeals, or with \`npm run admin -- decide-appeal ${payload.appealId} --decision "…"\`.`,
    ].join("\n");
    return {
      text,
      html: simpleHtml("A judging appeal", fields, ["Appeal", payload.body]),
      replyTo: payload.submittedBy,
    };
  },
});

export const AppealDecidedPayload = z.object({
  appealId: z.string(),
  editionName: z.string(),
  /** The team's name, or the member's own for a participant working alone. */
  teamName: z.string(),
  /** When the appeal was filed and decided, in Mountain Time. */
  filedAt: z.string(),
  decidedAt: z.string(),
  decision: z.string(),
  /** For the link when BASE_URL is unset (locally): the address the desk or the organizer API was reached at. */
  origin: z.string(),
  /** Filled in at send time from BASE_URL (always set in production), else `origin`. */
  portalUrl: z.string().optional(),
});

export const appealDecided = defineKind({
  kind: "appeal-decided",
  payload: AppealDecidedPayload,
  prepare: withPortalUrl,
  subject: ({ editionName }) => oneLine(`The decision on your appeal (${site.name}, ${editionName})`),
  render(payload) {
    const portalUrl = payload.portalUrl ?? `${payload.origin}/portal`;
    const text = [
      "Hello,",
      "",
      `The appeals committee decided ${payload.teamName}'s appeal of its judging in the ${payload.editionName}, filed ${payload.filedAt}.`,
      "",
      "Decision:",
      payload.decision,
      "",
      `Decided ${payload.decidedAt}. The decision is also in the portal: ${portalUrl}`,
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(
        `The decision on ${payload.teamName}'s appeal`,
        [
          ["Filed", payload.filedAt],
          ["Decided", payload.decidedAt],
          ["In the portal", portalUrl],
        ],
        ["Decision", payload.decision],
      ),
    };
  },
});

export const JudgeInvitationPayload = z.object({
  /** The invited person's name, if the organizers gave one. */
  name: z.string().nullable(),
  editionName: z.string(),
  /** /judging/invitation?token=… */
  path: z.string(),
  /** For the link when BASE_URL is unset (locally): the address the desk or the organizer API was reached at. */
  origin: z.string(),
  /** When the link stops working, in Mountain Time. */
  expires: z.string(),
  /** When scores are final, in Mountain Time. */
  scoresFinal: z.string(),
  /** An advisor's invitation (issue 54): the advisory group's name. Absent or null: a judge's. */
  advisoryGroup: z.string().nullable().optional(),
});

/** A judge's invitation, or an advisor's (an advisory group, no scoring): the same link and rules. */
function invitationMail(payload: z.infer<typeof JudgeInvitationPayload>, url: string) {
  const group = payload.advisoryGroup;
  const text = [
    payload.name ? `Hello ${payload.name},` : "Hello,",
    "",
    group
      ? `The organizers of the ${site.name} invite you to advise the ${payload.editionName}, with its ${group}.`
      : `The organizers of the ${site.name} invite you to judge the ${payload.editionName}.`,
    "",
    `Accept here: ${url}`,
    "",
    `The link works once, until ${payload.expires} (${judgingRules.invitationValidDays} days).`,
    group
      ? "To accept, sign in (or create an account) with this e-mail address, verify it, and turn on two-step sign-in on your account page."
      : "To accept, sign in (or create an account) with this e-mail address, verify it, and turn on two-step sign-in on your account page: a judge's account decides results, so it needs a second factor.",
    group
      ? "When you accept, you may choose to be introduced on the site with a short public profile."
      : `Scores are final ${payload.scoresFinal}.`,
    "If you did not expect this invitation, ignore this e-mail.",
    "",
    `— The ${site.name} team`,
  ].join("\n");
  const facts: [string, string][] = group
    ? [
        ["Accept the invitation", url],
        ["Advisory group", group],
        ["Link works until", payload.expires],
      ]
    : [
        ["Accept the invitation", url],
        ["Link works until", payload.expires],
        ["Scores final", payload.scoresFinal],
      ];
  return {
    text,
    html: simpleHtml(group ? `Advise the ${payload.editionName}` : `Judge the ${payload.editionName}`, facts, [
      "Before you accept",
      "Sign in with this e-mail address, verify it, and turn on two-step sign-in on your account page.",
    ]),
  };
}

export const judgeInvitation = defineKind({
  kind: "judge-invitation",
  payload: JudgeInvitationPayload,
  subject: (payload) => oneLine(invitationSubject(payload.editionName, payload.advisoryGroup)),
  async prepare(payload, context) {
    return { ...payload, origin: linkOrigin(context.env, payload.origin) };
  },
  render(payload) {
    return invitationMail(payload, `${payload.origin}${payload.path}`);
  },
});
