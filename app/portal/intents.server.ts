/**
 * What each form of the portal does (issues 15 and 21): the team's intents
 * on /portal and the project's on /portal/submission, each with its schema
 * and its handler, run by `handleIntentPost` after the layout's middleware
 * found the participant and their project.
 */
import type { RouterContextProvider } from "react-router";
import type * as z from "zod/mini";
import type { SessionUser } from "~/auth/session.server";
import { portalMessages } from "~/content/portal";
import { requestContext } from "~/context";
import { handleIntentPost, intent, type Intent, type IntentOutcome } from "~/forms/intent-action.server";
import { fileAppeal } from "~/judging/appeals.server";
import { AppealSchema } from "~/judging/schema";
import { siteOrigin } from "~/lib/meta";
import { participantContext, writeRefusal, type Participant } from "./guard.server";
import {
  CancelInvitationSchema,
  CreateTeamSchema,
  InviteMemberSchema,
  NothingSchema,
  PublicFaceSchema,
  RemoveMemberSchema,
  SaveComponentSchema,
  type TextComponent,
} from "./schema";
import { deleteDraft, missingComponents, saveTextComponent, submitProject } from "./submission.server";
import { savePublicFace } from "./submission-public.server";
import type { Refusal } from "~/lib/refusal";
import { cancelInvitation, createTeam, ensureProject, inviteMember, leaveTeam, removeMember } from "./team.server";

export interface PortalCtx {
  env: Env;
  user: SessionUser;
  participant: Participant;
  origin: string;
  requestId: string;
}

type Answer = { ok: true; message: string } | Refusal;

/** A service's answer as an intent's outcome: the toast, and where to go. */
function outcome(answer: Answer, title: string, redirectTo: string, field?: string): IntentOutcome {
  if (!answer.ok) return { ...answer, field };
  return { ok: true, toast: { type: "success", title, description: answer.message }, redirectTo };
}

/** A team action needs a team (or a project, for the lead's). */
function inProject(ctx: PortalCtx, act: (project: NonNullable<Participant["project"]>) => Promise<IntentOutcome>) {
  const { project } = ctx.participant;
  return project
    ? act(project)
    : Promise.resolve<IntentOutcome>({ ok: false, message: portalMessages.notInTeam, status: 409 });
}

export const teamIntents = {
  "create-team": intent({
    schema: CreateTeamSchema,
    async handle({ name }, ctx: PortalCtx) {
      const { db, edition, now } = ctx.participant;
      const created = await createTeam(db, ctx.user, edition.id, name, now);
      const answer: Answer = created.ok ? { ok: true, message: portalMessages.teamCreated(created.name) } : created;
      return outcome(answer, "Team", "/portal#team", "name");
    },
  }),
  invite: intent({
    schema: InviteMemberSchema,
    handle: ({ email }, ctx: PortalCtx) =>
      inProject(ctx, async (project) => {
        const { db, now } = ctx.participant;
        const answer = await inviteMember(ctx.env, db, project, ctx.user, email, {
          now,
          origin: ctx.origin,
          requestId: ctx.requestId,
        });
        return outcome(answer, "Team", "/portal#team", "email");
      }),
  }),
  "cancel-invitation": intent({
    schema: CancelInvitationSchema,
    handle: ({ invitationId }, ctx: PortalCtx) =>
      inProject(ctx, async (project) =>
        outcome(
          await cancelInvitation(ctx.participant.db, project, invitationId, ctx.participant.now),
          "Team",
          "/portal#team",
        ),
      ),
  }),
  "remove-member": intent({
    schema: RemoveMemberSchema,
    handle: ({ userId }, ctx: PortalCtx) =>
      inProject(ctx, async (project) =>
        outcome(
          await removeMember(ctx.participant.db, project, ctx.user, userId, ctx.participant.now),
          "Team",
          "/portal#team",
        ),
      ),
  }),
  // After the finalists are published (issue 24): open past the submission deadline, within its own window.
  appeal: intent({
    schema: AppealSchema,
    closable: false,
    handle: ({ body }, ctx: PortalCtx) =>
      inProject(ctx, async (project) => {
        const { db, edition, now } = ctx.participant;
        const answer = await fileAppeal(ctx.env, db, project, ctx.user, body, {
          edition,
          now,
          requestId: ctx.requestId,
        });
        // A refusal (not yet, too late, already filed) is the form's, not the text's.
        return outcome(answer, "Appeal", "/portal#results");
      }),
  }),
  "leave-team": intent({
    schema: NothingSchema,
    handle: (_, ctx: PortalCtx) =>
      inProject(ctx, async (project) =>
        outcome(await leaveTeam(ctx.participant.db, project, ctx.user, ctx.participant.now), "Team", "/portal"),
      ),
  }),
};

/** Each text component's card on /portal/submission, and the field its message goes under. */
const componentAnchors: Record<TextComponent, { anchor: string; field: string }> = {
  prototype: { anchor: "prototype", field: "prototypeUrl" },
  abstract: { anchor: "abstract", field: "abstract" },
  video: { anchor: "demo-video", field: "videoUrl" },
  aiUseLog: { anchor: "ai-use-log", field: "aiUseLog" },
};

export const submissionIntents = {
  save: intent({
    schema: SaveComponentSchema,
    instanceField: "component",
    async handle({ component, ...values }, ctx: PortalCtx) {
      const { db, edition, now } = ctx.participant;
      const project = ctx.participant.project ?? (await ensureProject(db, ctx.user, edition.id, now));
      const answer = await saveTextComponent(db, project, ctx.user, component, values, now);
      const { anchor, field } = componentAnchors[component];
      return outcome(answer, "Saved", `/portal/submission#${anchor}`, field);
    },
  }),
  // The project's public face and this member's name in the showcase (issue 25).
  "public-face": intent({
    schema: PublicFaceSchema,
    async handle(values, ctx: PortalCtx) {
      const { db, edition, now } = ctx.participant;
      const project = ctx.participant.project ?? (await ensureProject(db, ctx.user, edition.id, now));
      const answer = await savePublicFace(db, project, ctx.user, values, now);
      return outcome(answer, "Saved", "/portal/submission#public-face", answer.ok ? undefined : answer.field);
    },
  }),
  submit: intent({
    schema: NothingSchema,
    async handle(_, ctx: PortalCtx) {
      const { db, deadline, now, project } = ctx.participant;
      const answer: Answer = project
        ? await submitProject(ctx.env, db, project, ctx.user, deadline, {
            now,
            origin: ctx.origin,
            requestId: ctx.requestId,
          })
        : {
            ok: false,
            message: portalMessages.incomplete(missingComponents({ submission: null, files: {} })),
            status: 400,
          };
      return outcome(answer, "Submitted", "/portal#project");
    },
  }),
  "delete-draft": intent({
    schema: NothingSchema,
    async handle(_, ctx: PortalCtx) {
      const { db, now, project } = ctx.participant;
      const answer: Answer = project
        ? await deleteDraft(db, ctx.env.SUBMISSION_FILES, project, ctx.user, now)
        : { ok: true, message: portalMessages.draftDeleted };
      return outcome(answer, "Saved", "/portal#project");
    },
  }),
};

/**
 * A portal page's action: its intents run for the participant the layout
 * found, refused once the portal is closed, counted per client, account and
 * intent (team invitations are e-mail: a script cannot send them in bulk).
 */
export function portalAction(
  intents: Record<string, Intent<z.ZodMiniObject, PortalCtx>>,
  { event, redirectTo }: { event: string; redirectTo: string },
) {
  return ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const { env, requestId } = context.get(requestContext);
    const participant = context.get(participantContext);
    const { user } = participant.access;
    return handleIntentPost({
      request,
      env,
      requestId,
      event,
      intents,
      ctx: { env, user, participant, origin: siteOrigin(request, env), requestId },
      redirectTo,
      rateLimit: { scope: "portal", keys: [user.id], message: portalMessages.rateLimited },
      // The clock decides, whatever the page the browser still shows.
      closed: () => writeRefusal(participant),
      unknownIntent: portalMessages.unknownIntent,
      logFields: { userId: user.id },
    });
  };
}
