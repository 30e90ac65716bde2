/**
 * The publication of results as organizer actions (issue 32, ADR 018): the
 * desk's /organize/results, the organizer API and `npm run admin --
 * publish-finalists | publish-awards` all PROPOSE these; each is one-way
 * (it e-mails teams and issues credentials), so it has a `preview` and
 * runs only when a different director confirms the proposal with their
 * second factor (app/organize/proposals.server.ts). What they write is
 * ./publication.server.ts.
 *
 * - results.publish-finalists: the top N of the judging report's ranking,
 *   or chosen teams; from the finalists' announcement on.
 * - results.publish-awards: each award's team(s); from the finals' start on.
 */
import { publicationMessages } from "~/content/results";
import { enqueueNotifications } from "~/notifications/outbox.server";
import type { Refusal } from "~/lib/refusal";
import { defineOrganizerAction, type ActionContext } from "~/organize/action.server";
import { finalistAnnounced } from "~/judging/notification.server";
import { awardsPlan, finalistsPlan, planPreview, planStatements, type PublicationPlan } from "./publication.server";
import { isSet, publicationAwards, PublishAwardsSchema, PublishFinalistsSchema, teamIdsOf } from "./schema";
import type * as z from "zod/mini";

function finalistsInput(input: z.output<typeof PublishFinalistsSchema>) {
  return {
    top: input.top ? Number(input.top) : undefined,
    teamIds: teamIdsOf(input.teamIds),
    force: isSet(input.force),
  };
}

function awardPairs(input: z.output<typeof PublishAwardsSchema>) {
  return publicationAwards.flatMap((award) =>
    teamIdsOf(input[award.id]).map((teamId) => ({ award: award.id, teamId })),
  );
}

/** Runs a confirmed plan: its writes, its audit facts, and the e-mails queued once committed. */
async function publish(plan: PublicationPlan | Refusal, ctx: ActionContext) {
  if ("ok" in plan) return plan;
  const fresh = plan.results.filter((r) => !r.already);
  if (fresh.length === 0 && plan.emails.length === 0 && plan.credentials.length === 0) {
    return { ok: false, status: 409, message: publicationMessages.nothingNew } as Refusal;
  }
  const { statements, holds, emailIds, credentialIds } = await planStatements(plan, ctx);
  const what = plan.kind === "finalists" ? "finalist(s)" : "award result(s)";
  const published = fresh.map((r) => ({ award: r.award, teamId: r.teamId, place: r.place, name: r.face.name }));
  return {
    ok: true as const,
    statements,
    holds,
    audit: {
      summary: `Published ${fresh.length} ${what} of the ${ctx.edition.name}`,
      targets: { editionId: ctx.edition.id, teamIds: [...new Set(plan.results.map((r) => r.teamId))] },
      after: { published, emails: emailIds.length, credentials: credentialIds },
    },
    message: `${fresh.length} new ${what} published, ${emailIds.length} e-mail(s) in the outbox, ${credentialIds.length} credential(s) issued and signed. ${publicationMessages.cached}`,
    result: { published, emails: emailIds.length, credentials: credentialIds.length },
    afterwards: async () => {
      if (emailIds.length === 0) return;
      await enqueueNotifications(ctx.env, emailIds, { requestId: ctx.requestId, kind: finalistAnnounced.kind });
    },
  };
}

/**
 * A publication as a one-way organizer action: its plan, read afresh when
 * proposed and when confirmed, is both the preview and the writes.
 */
function publication<Schema extends typeof PublishFinalistsSchema | typeof PublishAwardsSchema>(
  id: string,
  input: Schema,
  planOf: (value: z.output<Schema>, ctx: ActionContext) => Promise<PublicationPlan | Refusal>,
) {
  return defineOrganizerAction({
    id,
    permission: "propose:publication",
    input,
    async preview(value, ctx) {
      const plan = await planOf(value, ctx);
      return "ok" in plan ? plan : planPreview(plan, ctx.edition);
    },
    async run(value, ctx) {
      return publish(await planOf(value, ctx), ctx);
    },
  });
}

export const publishFinalists = publication("results.publish-finalists", PublishFinalistsSchema, (value, ctx) =>
  finalistsPlan(finalistsInput(value), ctx),
);

export const publishAwards = publication("results.publish-awards", PublishAwardsSchema, (value, ctx) =>
  awardsPlan(awardPairs(value), ctx),
);

export const resultsActions = [publishFinalists, publishAwards];
