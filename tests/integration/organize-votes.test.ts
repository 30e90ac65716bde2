/**
 * The vote review and the Audience Choice on the organizers' desk (issue
 * 33) through the built worker and real D1, with real votes and a real
 * authenticator code: twenty new accounts vote from one /24 within a
 * minute and the review flags them (never naming a voter); nothing is
 * excluded or proposed before the close; after it a coordinator excludes the
 * flag with a reason on /organize/votes as a browser without JavaScript
 * does, and one more vote by id through the organizer API; a director
 * proposes the Audience Choice, whose preview shows the ledger, the winner
 * and the credentials; the proposer cannot confirm; a second director
 * confirms with their code: the ledger, the published result on /showcase
 * and the winners' signed credentials exist, each step with its audit row,
 * and nothing changes afterwards.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { deskMessages } from "~/content/organize";
import { voteReviewMessages } from "~/content/vote-review";
import { verifyCredential } from "~/credentials/verify.server";
import { confirmProposal } from "~/organize/proposals.server";
import { organizerActions } from "~/desk/registry.server";
import { decodeEntities, mainOf, textOf } from "./html";
import {
  actionContext,
  api,
  auditSince,
  confirmOnDesk,
  deskGet,
  deskPost,
  directorWithAuthenticator,
  lastAuditId,
  type Organizer,
  organizer,
  personActor,
  tokenOf,
} from "./organize-helpers";
import { person, type Person } from "./portal-helpers";
import { SHOWCASE, submittedProject, vote, type TestProject } from "./showcase-helpers";
import { fetchWithEnv } from "./worker";

/** After the close (voting's last day is Mar 30, 2026; it closes Mar 31, 00:00 MDT). */
const AFTER_CLOSE = { APP_NOW: "2026-03-31T10:00:00-06:00" };
const at = (clock: { APP_NOW: string }) => new Date(clock.APP_NOW);
const SUBNET_FLAG = "network:198.51.100.0/24";
const REASON = "Twenty new accounts from one subnet within a minute";

async function rows<T>(sql: string, ...values: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
}

const pageText = async (response: Response) => textOf(mainOf(decodeEntities(await response.text())));

describe("the vote review and the Audience Choice", { timeout: 180_000 }, () => {
  let coordinator: Organizer;
  let proposer: Organizer;
  let second: Awaited<ReturnType<typeof directorWithAuthenticator>>;
  let stuffed: TestProject;
  let honest: TestProject;
  let stuffers: Person[];
  let honestVoters: Person[];

  beforeAll(async () => {
    coordinator = await organizer("coordinator");
    proposer = await organizer("director");
    second = await directorWithAuthenticator();
    stuffed = await submittedProject("stuffed", { title: "Stuffed Ballot Box" });
    honest = await submittedProject("honest", { title: "Honest Project", members: 2 });
    // One of the winners' members has not verified their address: no credential for them.
    await env.DB.prepare("UPDATE user SET email_verified = 0 WHERE id = ?").bind(honest.members[1]!.id).run();
    stuffers = [];
    for (let i = 0; i < 20; i++) stuffers.push(await person(`stuffer${i}`, { enrolled: false }));
    for (const [i, stuffer] of stuffers.entries()) {
      const when = new Date(Date.parse("2026-03-29T21:00:00-06:00") + i * 2500).toISOString();
      expect((await vote(stuffed, stuffer, { clock: { APP_NOW: when }, ip: `198.51.100.${10 + i}` })).status).toBe(303);
    }
    honestVoters = [];
    for (let i = 0; i < 3; i++) {
      const voter = await person(`honest${i}`, { enrolled: false });
      honestVoters.push(voter);
      expect((await vote(honest, voter, { ip: `10.${40 + i}.0.1` })).status).toBe(303);
    }
  });

  it("flags the twenty votes from one subnet, and shows no voter", async () => {
    const page = await deskGet("/organize/votes", coordinator, AFTER_CLOSE);
    expect(page.status).toBe(200);
    const text = await pageText(page);
    expect(text).toContain("23 votes cast, 0 excluded");
    expect(text).toContain("20 votes from the network 198.51.100.0/24");
    expect(text).toContain(SUBNET_FLAG);
    expect(text).toContain("Exclude this flag");
    expect(text).toContain("Propose the Audience Choice");

    const answer = await api("GET", "/queries/votes.review", { token: await tokenOf(coordinator), clock: AFTER_CLOSE });
    expect(answer.status).toBe(200);
    const body = await answer.text();
    const { result } = JSON.parse(body) as {
      result: { voting: string; flags: { id: string; kind: string; voteIds: string[] }[] };
    };
    expect(result.voting).toBe("closed");
    expect(result.flags.find((f) => f.id === SUBNET_FLAG)?.voteIds).toHaveLength(20);
    expect(result.flags.some((f) => f.kind === "burst")).toBe(true);
    // Who voted never leaves the database: no voter's id or address, on the page or in the API.
    for (const voter of [...stuffers, ...honestVoters]) {
      expect(body).not.toContain(voter.id);
      expect(body).not.toContain(voter.email);
      expect(text).not.toContain(voter.email);
    }
  });

  it("refuses to exclude or propose before the close, and writes nothing", async () => {
    // Others: a desk session that went back in time would then look idle for days at the close.
    const early = await organizer("coordinator");
    const earlyDirector = await organizer("director");
    const since = await lastAuditId();
    const desk = await deskPost(
      "/organize/votes",
      { intent: "exclude-flag", flagId: SUBNET_FLAG, reason: REASON, category: "network" },
      early,
      SHOWCASE,
    );
    expect(desk.status).toBe(409);
    expect(decodeEntities(await desk.text())).toContain("Voting closes Mar 31, 2026, 12:00 AM MT");
    const viaApi = await api("POST", "/actions/votes.exclude", {
      token: await tokenOf(early),
      body: { flagId: SUBNET_FLAG, reason: REASON },
      clock: SHOWCASE,
    });
    expect(viaApi.status).toBe(409);
    const proposed = await deskPost("/organize/votes", { intent: "propose-audience-choice" }, earlyDirector, SHOWCASE);
    expect(proposed.status).toBe(409);
    expect(decodeEntities(await proposed.text())).toContain("Voting closes Mar 31, 2026, 12:00 AM MT");
    expect(await auditSince(since)).toEqual([]);
    expect(await rows("SELECT id FROM showcase_votes WHERE excluded_at IS NOT NULL")).toEqual([]);
    expect(await rows("SELECT * FROM organizer_proposals")).toEqual([]);
  });

  it("excludes the flag with a reason on the desk (a reason is required), and votes by id through the API", async () => {
    const noReason = await deskPost(
      "/organize/votes",
      { intent: "exclude-flag", flagId: SUBNET_FLAG, reason: " ", category: "network" },
      coordinator,
      AFTER_CLOSE,
    );
    expect(noReason.status).toBe(400);
    expect(decodeEntities(await noReason.text())).toContain(voteReviewMessages.reasonRequired);

    const since = await lastAuditId();
    const excluded = await deskPost(
      "/organize/votes",
      { intent: "exclude-flag", flagId: SUBNET_FLAG, reason: REASON, category: "network" },
      coordinator,
      AFTER_CLOSE,
    );
    expect(excluded.status, await excluded.clone().text()).toBe(303);
    expect(excluded.headers.get("location")).toBe("/organize/votes#flags");
    const stuffedIds = (
      await rows<{ id: string }>("SELECT id FROM showcase_votes WHERE team_id = ? ORDER BY id", stuffed.teamId)
    ).map((r) => r.id);
    expect(
      await rows(
        "SELECT DISTINCT excluded_at, excluded_by, excluded_reason, excluded_category FROM showcase_votes WHERE team_id = ?",
        stuffed.teamId,
      ),
    ).toEqual([
      {
        excluded_at: at(AFTER_CLOSE).toISOString(),
        excluded_by: `organizer:${coordinator.email}`,
        excluded_reason: REASON,
        excluded_category: "network",
      },
    ]);
    const audit = await auditSince(since);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "votes.exclude",
      actor_user_id: coordinator.id,
      reason: REASON,
      summary: "Excluded 20 votes of the 2026 Challenge",
    });
    const targets = JSON.parse(audit[0]!.targets) as { flagId: string; voteIds: string[] };
    expect(targets.flagId).toBe(SUBNET_FLAG);
    expect([...targets.voteIds].sort()).toEqual(stuffedIds);

    // The page now says so: the flag's votes all excluded, the exclusion with its reason, the tally.
    const text = await pageText(await deskGet("/organize/votes", coordinator, AFTER_CLOSE));
    expect(text).toContain("23 votes cast, 20 excluded");
    expect(text).toContain("20 votes, 20 excluded");
    expect(text).toContain(REASON);

    // Through the API (the CLI's door): once more is refused; one honest vote by id, with its category.
    const token = await tokenOf(coordinator);
    const again = await api("POST", "/actions/votes.exclude", {
      token,
      body: { flagId: SUBNET_FLAG, reason: REASON },
      clock: AFTER_CLOSE,
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe(voteReviewMessages.alreadyExcluded);
    const unknown = await api("POST", "/actions/votes.exclude", {
      token,
      body: { voteIds: "no-such-vote", reason: "x", category: "other" },
      clock: AFTER_CLOSE,
    });
    expect(unknown.status).toBe(400);
    const [oneHonest] = await rows<{ id: string }>(
      "SELECT id FROM showcase_votes WHERE team_id = ? ORDER BY id LIMIT 1",
      honest.teamId,
    );
    const noCategory = await api("POST", "/actions/votes.exclude", {
      token,
      body: { voteIds: oneHonest!.id, reason: "The voter asked us to withdraw it" },
      clock: AFTER_CLOSE,
    });
    expect(noCategory.status).toBe(400);
    const sinceApi = await lastAuditId();
    const byId = await api("POST", "/actions/votes.exclude", {
      token,
      body: { voteIds: oneHonest!.id, reason: "The voter asked us to withdraw it", category: "other" },
      clock: AFTER_CLOSE,
    });
    expect(byId.status, await byId.clone().text()).toBe(200);
    const apiAudit = await auditSince(sinceApi);
    expect(apiAudit).toHaveLength(1);
    expect(apiAudit[0]).toMatchObject({ action: "votes.exclude", actor_kind: "token", actor_user_id: coordinator.id });
  });

  it("is proposed with its preview; the proposer cannot confirm; a second director confirms and it is published", async () => {
    const posted = await deskPost("/organize/votes", { intent: "propose-audience-choice" }, proposer, AFTER_CLOSE);
    expect(posted.status, await posted.clone().text()).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/organize\/proposals\/[\w-]+$/);
    const proposalId = location.split("/").at(-1)!;

    const preview = await pageText(await deskGet(location, second.who, AFTER_CLOSE));
    expect(preview).toContain(
      'Publish the Audience Choice of the 2026 Challenge: the ledger of 2 projects, won by "Honest Project", and issue 1 credential',
    );
    // The ledger: cast, excluded by reason, counted; the winner; the credential's holder.
    expect(preview).toMatch(/Honest Project\s*3\s*1 Other reason\s*2\s*winner/);
    expect(preview).toMatch(/Stuffed Ballot Box\s*20\s*20 Many votes from one network\s*0/);
    expect(preview).toContain(honest.members[0]!.email);
    expect(preview).not.toContain(honest.members[1]!.email);
    expect(preview).toContain("1 member(s) receive no credential: account not verified.");
    expect(await rows("SELECT * FROM showcase_ledger")).toEqual([]);
    expect(await rows("SELECT * FROM published_results WHERE award = 'audience-choice'")).toEqual([]);

    const own = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(proposer), at(AFTER_CLOSE)),
      async () => "ok",
    );
    expect(own).toMatchObject({ ok: false, status: 403, message: deskMessages.proposalOwn });

    const audit = await confirmOnDesk(location, second, AFTER_CLOSE);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "votes.publish-audience-choice",
      actor_user_id: second.who.id,
      proposal_id: proposalId,
    });

    const by = `organizer:${second.who.email}`;
    expect(
      await rows(
        "SELECT team_id, project_title, votes_cast, votes_excluded, final_count, published_by FROM showcase_ledger ORDER BY final_count DESC",
      ),
    ).toEqual([
      {
        team_id: honest.teamId,
        project_title: "Honest Project",
        votes_cast: 3,
        votes_excluded: '{"other":1}',
        final_count: 2,
        published_by: by,
      },
      {
        team_id: stuffed.teamId,
        project_title: "Stuffed Ballot Box",
        votes_cast: 20,
        votes_excluded: '{"network":20}',
        final_count: 0,
        published_by: by,
      },
    ]);
    expect(
      await rows(
        "SELECT team_id, place, project_title, published_by FROM published_results WHERE award = 'audience-choice'",
      ),
    ).toEqual([{ team_id: honest.teamId, place: 1, project_title: "Honest Project", published_by: by }]);
    const issued = await rows<{ user_id: string; signed_json: string }>(
      "SELECT user_id, signed_json FROM credentials WHERE achievement = 'audience-choice'",
    );
    expect(issued.map((c) => c.user_id)).toEqual([honest.members[0]!.id]);
    const report = await verifyCredential(env, JSON.parse(issued[0]!.signed_json), "http://localhost", at(AFTER_CLOSE));
    expect(report.outcome, JSON.stringify(report)).toBe("valid");

    const showcase = await fetchWithEnv("/showcase", AFTER_CLOSE);
    expect(textOf(await showcase.text())).toContain('Audience Choice: "Honest Project", with 2 votes.');

    // Published: the review no longer changes, and the Audience Choice is not proposed twice.
    const sinceAfter = await lastAuditId();
    const [counted] = await rows<{ id: string }>(
      "SELECT id FROM showcase_votes WHERE team_id = ? AND excluded_at IS NULL LIMIT 1",
      honest.teamId,
    );
    const late = await api("POST", "/actions/votes.exclude", {
      token: await tokenOf(coordinator),
      body: { voteIds: counted!.id, reason: "late", category: "other" },
      clock: AFTER_CLOSE,
    });
    expect(late.status).toBe(409);
    const twice = await deskPost("/organize/votes", { intent: "propose-audience-choice" }, proposer, AFTER_CLOSE);
    expect(twice.status).toBe(409);
    expect(await auditSince(sinceAfter)).toEqual([]);
    expect(await pageText(await deskGet("/organize/votes", coordinator, AFTER_CLOSE))).toContain(
      "The Audience Choice was published Mar 31, 2026",
    );
  });
});
