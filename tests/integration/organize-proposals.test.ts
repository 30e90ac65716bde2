/**
 * The two-person rule (issue 32, ADR 018), on real D1 with real
 * authenticator codes, through a one-way action registered only here (this
 * wave has no publication yet; the next wave's finalists, awards, Audience
 * Choice and late-submission exceptions plug into the same two functions):
 * it publishes the teams of a made-up edition as finalists. Proposing
 * stores the preview and writes its audit row; the proposer cannot confirm,
 * nor can a coordinator or a token; a wrong code, a stale preview and an
 * expired proposal are refused and write nothing; a different director
 * with the right code confirms once, and the action's one audit row names
 * the proposal.
 */
import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { deskMessages } from "~/content/organize";
import { publishedResults, teams } from "~/db/schema";
import {
  actorLabel,
  defineOrganizerAction,
  executeAction,
  type ActionContext,
  type AnyOrganizerAction,
} from "~/organize/action.server";
import { confirmProposal, proposeAction } from "~/organize/proposals.server";
import { organizerActions } from "~/desk/registry.server";
import { createTeam } from "./factories";
import { totp, wrongTotp } from "./account-helpers";
import {
  actionContext,
  auditSince,
  directorWithAuthenticator,
  lastAuditId,
  organizer,
  personActor,
  tokenOf,
  api,
  type Organizer,
} from "./organize-helpers";

async function teamsOf(ctx: ActionContext, editionId: string) {
  return ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.editionId, editionId))
    .orderBy(asc(teams.id));
}

/** A one-way action for these tests only: the edition's teams become its finalists. */
const publishTeams = defineOrganizerAction({
  id: "test.publish-teams",
  permission: "propose:publication",
  input: z.object({ editionId: z.string() }),
  async preview({ editionId }, ctx) {
    const list = await teamsOf(ctx, editionId);
    return {
      summary: `Publish ${list.length} finalist(s) of ${editionId}`,
      tables: [{ caption: "Finalists", columns: ["Team"], rows: list.map((t) => [t.name]) }],
    };
  },
  async run({ editionId }, ctx) {
    const list = await teamsOf(ctx, editionId);
    const at = ctx.now.toISOString();
    return {
      ok: true,
      statements: list.map((t, i) =>
        ctx.db.insert(publishedResults).values({
          editionId,
          award: "finalist",
          teamId: t.id,
          place: i + 1,
          teamName: t.name ?? "",
          publishedAt: at,
          publishedBy: actorLabel(ctx.actor),
        }),
      ),
      audit: { summary: `Published ${list.length} finalist(s) of ${editionId}`, targets: { editionId } },
      message: `${list.length} finalist(s) published.`,
      result: { published: list.length },
    };
  },
});

const registry: Record<string, AnyOrganizerAction> = { ...organizerActions, [publishTeams.id]: publishTeams };

async function editionWithTeams(names: string[]) {
  const editionId = `test-${crypto.randomUUID().slice(0, 8)}`;
  for (const name of names) await addTeam(editionId, name);
  return editionId;
}

async function addTeam(editionId: string, name: string) {
  await createTeam({ editionId, name, createdAt: "2026-03-01T00:00:00.000Z" });
}

const publishedCount = async (editionId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM published_results WHERE edition_id = ?")
    .bind(editionId)
    .first<{ n: number }>())!.n;

const proposalStatus = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM organizer_proposals WHERE id = ?").bind(id).first<{ status: string }>())!
    .status;

describe("the two-person rule", { timeout: 90_000 }, () => {
  let coordinator: Organizer;
  let proposer: Organizer;
  let second: Awaited<ReturnType<typeof directorWithAuthenticator>>;
  beforeAll(async () => {
    coordinator = await organizer("coordinator");
    proposer = await organizer("director");
    second = await directorWithAuthenticator();
  });

  it("a one-way action is never run directly, only proposed", async () => {
    const editionId = await editionWithTeams(["Alpha"]);
    const done = await executeAction(publishTeams, { editionId }, actionContext(personActor(proposer)));
    expect(done).toMatchObject({ ok: false, status: 409, message: deskMessages.proposedOnly });
    expect(await publishedCount(editionId)).toBe(0);
  });

  it("proposing stores the preview and its hash and writes one audit row", async () => {
    const editionId = await editionWithTeams(["Alpha", "Beta"]);
    const since = await lastAuditId();
    const proposed = await proposeAction(publishTeams, { editionId }, actionContext(personActor(coordinator)));
    if (!proposed.ok) throw new Error(proposed.message);
    expect(proposed.preview.tables[0]!.rows.flat().sort()).toEqual(["Alpha", "Beta"]);
    const row = await env.DB.prepare("SELECT * FROM organizer_proposals WHERE id = ?")
      .bind(proposed.proposalId)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ action: "test.publish-teams", status: "open", proposed_by: coordinator.id });
    expect(row!.preview_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expires_at).toBe("2026-03-26T18:00:00.000Z");
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "proposals.propose", actor_user_id: coordinator.id });
    expect(await publishedCount(editionId)).toBe(0);
  });

  it("the proposer, a coordinator and an API token cannot confirm; a wrong code is refused; nothing is written", async () => {
    const editionId = await editionWithTeams(["Alpha"]);
    const proposed = await proposeAction(publishTeams, { editionId }, actionContext({ ...personActor(second.who) }));
    if (!proposed.ok) throw new Error(proposed.message);
    const since = await lastAuditId();
    const own = await confirmProposal(
      registry,
      proposed.proposalId,
      actionContext(personActor(second.who)),
      second.code(await totp(second.secret)),
    );
    expect(own).toMatchObject({ ok: false, status: 403, message: deskMessages.proposalOwn });
    const notDirector = await confirmProposal(
      registry,
      proposed.proposalId,
      actionContext(personActor(coordinator)),
      async () => "ok",
    );
    expect(notDirector).toMatchObject({ ok: false, status: 403, message: deskMessages.notAllowed });
    const token = await confirmProposal(
      registry,
      proposed.proposalId,
      actionContext({ kind: "token", userId: proposer.id, email: proposer.email, role: "director", tokenId: "t" }),
      async () => "ok",
    );
    expect(token).toMatchObject({ ok: false, status: 403, message: deskMessages.proposalDeskOnly });
    const apiConfirm = await api("POST", `/proposals/${proposed.proposalId}/confirm`, {
      token: await tokenOf(proposer),
      body: {},
    });
    expect(apiConfirm.status).toBe(403);

    // The other director, with a wrong code.
    const proposedByCoordinator = await proposeAction(
      publishTeams,
      { editionId },
      actionContext(personActor(coordinator)),
    );
    if (!proposedByCoordinator.ok) throw new Error(proposedByCoordinator.message);
    const sinceWrong = await lastAuditId();
    const wrong = await confirmProposal(
      registry,
      proposedByCoordinator.proposalId,
      actionContext(personActor(second.who)),
      second.code(await wrongTotp(second.secret)),
    );
    expect(wrong).toMatchObject({ ok: false, status: 400, field: "code", message: deskMessages.codeWrong });
    expect(await publishedCount(editionId)).toBe(0);
    expect(await proposalStatus(proposedByCoordinator.proposalId)).toBe("open");
    expect((await auditSince(since)).filter((r) => r.id > sinceWrong)).toEqual([]);
  });

  it("a preview that changed since it was proposed is refused (stale), and so is an expired proposal", async () => {
    const editionId = await editionWithTeams(["Alpha"]);
    const proposed = await proposeAction(publishTeams, { editionId }, actionContext(personActor(coordinator)));
    if (!proposed.ok) throw new Error(proposed.message);
    await addTeam(editionId, "Late Gamma");
    const since = await lastAuditId();
    const stale = await confirmProposal(
      registry,
      proposed.proposalId,
      actionContext(personActor(second.who)),
      second.code(await totp(second.secret)),
    );
    expect(stale).toMatchObject({ ok: false, status: 409, message: deskMessages.proposalStale });
    expect(await publishedCount(editionId)).toBe(0);

    const fresh = await proposeAction(publishTeams, { editionId }, actionContext(personActor(coordinator)));
    if (!fresh.ok) throw new Error(fresh.message);
    const dayAndAnHourLater = new Date(new Date("2026-03-25T18:00:00.000Z").getTime() + 25 * 3_600_000);
    const expired = await confirmProposal(
      registry,
      fresh.proposalId,
      actionContext(personActor(second.who), dayAndAnHourLater),
      second.code(await totp(second.secret)),
    );
    expect(expired).toMatchObject({ ok: false, status: 410, message: deskMessages.proposalExpired });
    expect(await publishedCount(editionId)).toBe(0);
    expect((await auditSince(since)).filter((r) => r.action !== "proposals.propose")).toEqual([]);
  });

  it("a different director with the right code confirms it once: the action runs with one audit row naming the proposal", async () => {
    const editionId = await editionWithTeams(["Alpha", "Beta"]);
    const proposed = await proposeAction(publishTeams, { editionId }, actionContext(personActor(coordinator)));
    if (!proposed.ok) throw new Error(proposed.message);
    const since = await lastAuditId();
    const confirmed = await confirmProposal(
      registry,
      proposed.proposalId,
      actionContext(personActor(second.who)),
      second.code(await totp(second.secret)),
    );
    expect(confirmed).toMatchObject({ ok: true, result: { published: 2 } });
    expect(await publishedCount(editionId)).toBe(2);
    expect(await proposalStatus(proposed.proposalId)).toBe("confirmed");
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "test.publish-teams",
      actor_user_id: second.who.id,
      actor_role: "director",
      proposal_id: proposed.proposalId,
    });
    const again = await confirmProposal(
      registry,
      proposed.proposalId,
      actionContext(personActor(second.who)),
      second.code(await totp(second.secret)),
    );
    expect(again).toMatchObject({ ok: false, status: 409, message: deskMessages.proposalDecided });
    expect(await publishedCount(editionId)).toBe(2);
  });
});
