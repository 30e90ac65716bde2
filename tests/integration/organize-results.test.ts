/**
 * The publication of finalists and awards (issue 32, ADR 018) through the
 * built worker and real D1, with real authenticator codes: a director
 * proposes the top two on /organize/results as a browser without
 * JavaScript does, and the proposal's page previews exactly what will
 * appear on the site (names as each member chose), the e-mails and the
 * credentials; nothing is written before a confirmation; the proposer
 * cannot confirm; a second director confirms on the desk with their code;
 * the results appear, the e-mails are in the outbox, the credentials are
 * stored signed and verify, and serving one writes nothing. A preview made
 * stale by a changed ranking is refused. Awards go through the organizer
 * API (the CLI's door) from the finals on.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { deskMessages } from "~/content/organize";
import { finalistCredential } from "~/content/program";
import { publicationMessages } from "~/content/results";
import { verifyCredential } from "~/credentials/verify.server";
import { confirmProposal } from "~/organize/proposals.server";
import { organizerActions } from "~/desk/registry.server";
import type { NameDisplay } from "~/db/schema";
import { createMemberDisplay, createRegistration, createScores, createTeamMember } from "./factories";
import { totp } from "./account-helpers";
import { decodeEntities, mainOf, textOf } from "./html";
import { assignDirectly, bareUser, judge, submittedProject, type Account } from "./judging-helpers";
import {
  actionContext,
  api,
  auditSince,
  confirmOnDesk,
  deskGet,
  deskPost,
  directorWithAuthenticator,
  lastAuditId,
  organizer,
  type Organizer,
  personActor,
  tokenOf,
} from "./organize-helpers";
import { fetchWithEnv } from "./worker";

/** After the finalists' announcement (Apr 3, 9:00 AM MT) and after the finals' start (Apr 25, 9:00 AM MT). */
const ANNOUNCED = { APP_NOW: "2026-04-03T10:00:00-06:00" };
const FINALS = { APP_NOW: "2026-04-25T17:00:00-06:00" };
const at = (clock: { APP_NOW: string }) => new Date(clock.APP_NOW);

async function rows<T>(sql: string, ...values: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
}

async function scoreAll(teamId: string, judgeId: string, score: number) {
  await createScores({ teamId, judgeUserId: judgeId, score, updatedAt: "2026-04-01T12:00:00.000Z" });
}

async function registered(who: Account, first: string, last: string) {
  await createRegistration({
    id: `reg-${who.id}`,
    userId: who.id,
    pricingPhase: "regular",
    amountCents: 30000,
    firstName: first,
    lastName: last,
    email: who.email,
    companyName: "Snake River Co",
    paidAt: "2026-02-01T00:00:00.000Z",
  });
}

async function chose(teamId: string, who: Account, nameDisplay: NameDisplay, showOrganization: boolean) {
  await createMemberDisplay({
    teamId,
    userId: who.id,
    nameDisplay,
    showOrganization,
    updatedAt: "2026-03-15T00:00:00.000Z",
  });
}

describe("publishing finalists and awards", { timeout: 120_000 }, () => {
  let proposer: Organizer;
  let second: Awaited<ReturnType<typeof directorWithAuthenticator>>;
  let lead: Account;
  let unverified: Account;
  let solo: Account;
  let third: Account;
  let trout: string;
  let alone: string;
  let last: string;
  let judgeIds: string[];

  beforeAll(async () => {
    proposer = await organizer("director");
    second = await directorWithAuthenticator();
    judgeIds = [(await judge("a", "2026")).id, (await judge("b", "2026")).id, (await judge("c", "2026")).id];
    lead = await bareUser("lead");
    unverified = await bareUser("late");
    await env.DB.prepare("UPDATE user SET email_verified = 0 WHERE id = ?").bind(unverified.id).run();
    trout = await submittedProject("2026", { name: "Trout Tech", members: [lead, unverified] });
    await env.DB.prepare(
      "UPDATE submissions SET title = 'Permit Pal', public_consent = 1, slug = 'permit-pal' WHERE team_id = ?",
    )
      .bind(trout)
      .run();
    // A participant alone, shown by initial with their organization, as they chose.
    solo = await bareUser("solo");
    alone = await submittedProject("2026", { members: [solo] });
    await env.DB.prepare("UPDATE teams SET name = NULL WHERE id = ?").bind(alone).run();
    await registered(solo, "Avery", "Nguyen");
    await chose(alone, solo, "initial", true);
    third = await bareUser("third");
    last = await submittedProject("2026", { name: "Third Place", members: [third] });
    for (const [team, score] of [
      [trout, 9],
      [alone, 7],
      [last, 5],
    ] as const) {
      for (const judgeId of judgeIds) {
        await assignDirectly(team, judgeId);
        await scoreAll(team, judgeId, score);
      }
    }
  });

  it("is refused before the finalists' announcement, whatever else is right", async () => {
    // Someone else: a desk session idle from the judging window to the announcement would have ended.
    const early = await deskPost(
      "/organize/results",
      { intent: "publish-finalists", top: "2" },
      await organizer("coordinator"),
    );
    expect(early.status).toBe(409);
    expect(decodeEntities(await early.text())).toContain(
      "The 2026 Challenge's finalists are announced Apr 3, 2026, 9:00 AM MT",
    );
    expect(await rows("SELECT * FROM organizer_proposals")).toEqual([]);
  });

  it("is proposed with a preview, confirmed by a second director with their code, and publishes, e-mails and issues signed credentials", async () => {
    const posted = await deskPost("/organize/results", { intent: "publish-finalists", top: "2" }, proposer, ANNOUNCED);
    expect(posted.status, await posted.clone().text()).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/organize\/proposals\/[\w-]+$/);
    const proposalId = location.split("/").at(-1)!;

    // The preview: exactly what will appear, be sent and be issued; nothing written yet.
    const page = textOf(mainOf(decodeEntities(await (await deskGet(location, second.who, ANNOUNCED)).text())));
    expect(page).toContain("Publish 2 finalist(s) of the 2026 Challenge, send 3 e-mail(s) and issue 2 credential(s)");
    expect(page).toContain("Trout Tech");
    expect(page).toContain("Permit Pal");
    expect(page).toContain("Avery N.");
    expect(page).toContain("Snake River Co");
    expect(page).toContain(unverified.email);
    // The credential by the name its holders see, not the result's "Finalist".
    expect(page).toContain(finalistCredential.name);
    expect(page).toContain(publicationMessages.notHeld(1, "account not verified"));
    expect(await rows("SELECT * FROM published_results WHERE edition_id = '2026'")).toEqual([]);
    expect(await rows("SELECT * FROM notifications WHERE kind = 'finalist-announced'")).toEqual([]);
    expect(await rows("SELECT * FROM credentials")).toEqual([]);

    // The proposer cannot confirm their own proposal.
    const own = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(proposer), at(ANNOUNCED)),
      async () => "ok",
    );
    expect(own).toMatchObject({ ok: false, status: 403, message: deskMessages.proposalOwn });

    // A second director confirms on the desk, giving the code again.
    const audit = await confirmOnDesk(location, second, ANNOUNCED);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "results.publish-finalists",
      actor_user_id: second.who.id,
      proposal_id: proposalId,
    });

    expect(
      await rows(
        "SELECT team_id, place, team_name, project_title, organization, published_by FROM published_results WHERE edition_id = '2026' ORDER BY place",
      ),
    ).toEqual([
      {
        team_id: trout,
        place: 1,
        team_name: "Trout Tech",
        project_title: "Permit Pal",
        organization: null,
        published_by: `organizer:${second.who.email}`,
      },
      {
        team_id: alone,
        place: 2,
        team_name: "Avery N.",
        project_title: null,
        organization: "Snake River Co",
        published_by: `organizer:${second.who.email}`,
      },
    ]);
    const emails = await rows<{ recipient: string; payload: string }>(
      "SELECT recipient, payload FROM notifications WHERE kind = 'finalist-announced' ORDER BY recipient",
    );
    expect(emails.map((e) => e.recipient)).toEqual([lead.email, unverified.email, solo.email].sort());
    expect(JSON.parse(emails.find((e) => e.recipient === solo.email)!.payload)).toMatchObject({
      teamName: "Avery N.",
      editionName: "2026 Challenge",
    });

    // Signed when issued, for the verified members only, and they verify.
    const issued = await rows<{ id: string; user_id: string; signed_json: string | null; signed_at: string }>(
      "SELECT id, user_id, signed_json, signed_at FROM credentials WHERE achievement = 'finalist' ORDER BY user_id",
    );
    expect(issued.map((c) => c.user_id).sort()).toEqual([lead.id, solo.id].sort());
    for (const credential of issued) {
      expect(credential.signed_json).toBeTruthy();
      expect(credential.signed_at).toBe(at(ANNOUNCED).toISOString());
      const report = await verifyCredential(
        env,
        JSON.parse(credential.signed_json!),
        "http://localhost",
        at(ANNOUNCED),
      );
      expect(report.outcome, JSON.stringify(report)).toBe("valid");
    }

    // Serving a credential writes nothing.
    const before = await rows("SELECT * FROM credentials ORDER BY seq");
    const served = await fetchWithEnv(`/credentials/${issued[0]!.id}/credential.json`, ANNOUNCED);
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual(JSON.parse(issued[0]!.signed_json!));
    expect(await rows("SELECT * FROM credentials ORDER BY seq")).toEqual(before);

    // Proposing the same again: nothing new.
    const again = await deskPost("/organize/results", { intent: "publish-finalists", top: "2" }, proposer, ANNOUNCED);
    expect(again.status).toBe(409);
    expect(decodeEntities(await again.text())).toContain(publicationMessages.nothingNew);
  });

  it("refuses a preview the ranking changed since it was proposed, and writes nothing", async () => {
    const proposed = await api("POST", "/actions/results.publish-finalists", {
      token: await tokenOf(proposer),
      body: { top: "3" },
      clock: ANNOUNCED,
    });
    expect(proposed.status, await proposed.clone().text()).toBe(202);
    const { proposalId } = (await proposed.json()) as { proposalId: string };
    // The last project's scores are corrected: it now ranks first.
    for (const judgeId of judgeIds) await scoreAll(last, judgeId, 10);
    const since = await lastAuditId();
    const stale = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(second.who), at(ANNOUNCED)),
      async () => "ok",
    );
    expect(stale).toMatchObject({ ok: false, status: 409, message: deskMessages.proposalStale });
    expect(await auditSince(since)).toEqual([]);
    expect(await rows("SELECT * FROM published_results WHERE team_id = ?", last)).toEqual([]);
  });

  it("awards: refused before the finals; proposed through the API and confirmed, with the award's signed credential", async () => {
    const token = await tokenOf(proposer);
    const early = await api("POST", "/actions/results.publish-awards", {
      token,
      body: { "grand-champion": trout },
      clock: ANNOUNCED,
    });
    expect(early.status).toBe(409);
    // Six more members join the participant's team (more credentials than one insert binds).
    const joined: Account[] = [];
    for (let i = 0; i < 6; i++) joined.push(await bareUser(`joined${i}`));
    for (const who of joined) {
      await createTeamMember({ teamId: alone, userId: who.id, joinedAt: "2026-03-11T00:00:00.000Z" });
    }
    const proposed = await api("POST", "/actions/results.publish-awards", {
      token,
      body: { "grand-champion": trout, "most-creative-ai-use": alone },
      clock: FINALS,
    });
    expect(proposed.status, await proposed.clone().text()).toBe(202);
    const { proposalId, preview } = (await proposed.json()) as {
      proposalId: string;
      preview: { tables: { caption: string; rows: unknown[][] }[] };
    };
    expect(preview.tables[0]!.rows.map((r) => [r[0], r[2]])).toEqual([
      ["Grand Champion", "Trout Tech"],
      ["Most Creative AI Use", "Avery N."],
    ]);
    const done = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(second.who), at(FINALS)),
      second.code(await totp(second.secret)),
    );
    expect(done).toMatchObject({ ok: true });
    expect(
      await rows("SELECT award, team_id, place FROM published_results WHERE award != 'finalist' ORDER BY award"),
    ).toEqual([
      { award: "grand-champion", team_id: trout, place: 1 },
      { award: "most-creative-ai-use", team_id: alone, place: 1 },
    ]);
    const awarded = await rows<{ user_id: string; signed_json: string | null }>(
      "SELECT user_id, signed_json FROM credentials WHERE achievement = 'grand-champion'",
    );
    expect(awarded).toEqual([{ user_id: lead.id, signed_json: expect.any(String) }]);
    const creative = await rows<{ user_id: string; signed: number }>(
      "SELECT user_id, signed_json IS NOT NULL AS signed FROM credentials WHERE achievement = 'most-creative-ai-use' ORDER BY user_id",
    );
    expect(creative).toEqual(
      [solo, ...joined]
        .map((who) => ({ user_id: who.id, signed: 1 }))
        .sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
    const report = await verifyCredential(env, JSON.parse(awarded[0]!.signed_json!), "http://localhost", at(FINALS));
    expect(report.outcome).toBe("valid");
  });
});
