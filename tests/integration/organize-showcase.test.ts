/**
 * Showcase moderation and late-submission exceptions on the organizers'
 * desk (issue 33), through the built worker and real D1:
 * - a coordinator hides a project with a reason: the gallery, the project's
 *   page, the sitemap and the vote act as if it were not there; the team
 *   reads the reason on /portal and /portal/submission; shown again, it is
 *   back; each step one audit row with before, after and the reason;
 * - an exception for one team is proposed with its preview (team, members,
 *   old and new deadline), cannot be confirmed by its proposer, is confirmed
 *   by a second director with their code, and then that team (only) submits
 *   after the edition's deadline, until its own; the API proposes it too.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMountain } from "~/clock/format";
import { edition2026 } from "../fixtures/edition-2026";
import { deskMessages } from "~/content/organize";
import { portalMessages } from "~/content/portal";
import { moderationMessages, moderationPortalText, moderationRules } from "~/content/showcase-moderation";
import { confirmProposal } from "~/organize/proposals.server";
import { organizerActions } from "~/desk/registry.server";
import { createDeadlineExtension, createSubmission, createSubmissionFile, createTeam } from "./factories";
import { totp } from "./account-helpers";
import {
  credentialIdsOf,
  importCertifications,
  plainUser,
  runDailyJob,
  teamWithSubmission,
} from "./credentials-helpers";
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
  organizer,
  personActor,
  tokenOf,
} from "./organize-helpers";
import { get, person, post, type Person } from "./portal-helpers";
import { SHOWCASE, submittedProject, vote } from "./showcase-helpers";
import { fetchWithEnv } from "./worker";

/** The evening of the deadline (Mar 18, 2026, 11:59 PM MT), the morning after, and after a 24-hour exception. */
const DEADLINE_EVENING = { APP_NOW: "2026-03-18T20:00:00-06:00" };
const MORNING_AFTER = { APP_NOW: "2026-03-19T10:00:00-06:00" };
const AFTER_EXCEPTION = { APP_NOW: "2026-03-20T00:30:00-06:00" };

const text = async (response: Response) => textOf(mainOf(decodeEntities(await response.text())));
const one = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

describe("showcase moderation", { timeout: 120_000 }, () => {
  it("hides a project from the gallery, its page, the sitemap and the vote; the team reads why; shown again, it is back", async () => {
    const coordinator = await organizer("coordinator");
    const project = await submittedProject("moderated", { title: "Moderated Grain Forecaster", members: 2 });
    const other = await submittedProject("unmoderated", { title: "Unmoderated Seed Counter" });
    const voter = await person("moderation-voter", { enrolled: false });
    const reason = "The demo link shows a customer's private records.\nPlease replace it.";

    // The desk lists it, shown.
    const listed = await text(await deskGet("/organize/showcase", coordinator, SHOWCASE));
    expect(listed).toContain("Moderated Grain Forecaster");
    expect(listed).toContain("Unmoderated Seed Counter");

    // A reason is required; nothing changes without one.
    const since = await lastAuditId();
    const noReason = await deskPost(
      "/organize/showcase",
      { intent: "hide", teamId: project.teamId, reason: " " },
      coordinator,
      SHOWCASE,
    );
    expect(noReason.status).toBe(400);
    expect(await text(noReason)).toContain(moderationMessages.reasonRequired);
    expect(await auditSince(since)).toEqual([]);

    const hidden = await deskPost(
      "/organize/showcase",
      { intent: "hide", teamId: project.teamId, reason },
      coordinator,
      SHOWCASE,
    );
    expect(hidden.status, await hidden.clone().text()).toBe(303);
    expect(hidden.headers.get("location")).toBe("/organize/showcase#projects");
    const hideRows = await auditSince(since);
    expect(hideRows).toHaveLength(1);
    expect(hideRows[0]).toMatchObject({ action: "showcase.hide", actor_user_id: coordinator.id, reason });
    expect(JSON.parse(hideRows[0]!.facts_before!)).toEqual({ hidden: false });
    expect(JSON.parse(hideRows[0]!.facts_after!)).toEqual({ hidden: true, reason });

    // Hiding twice is refused, and writes nothing.
    const again = await deskPost(
      "/organize/showcase",
      { intent: "hide", teamId: project.teamId, reason: "Again" },
      coordinator,
      SHOWCASE,
    );
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(moderationMessages.alreadyHidden);

    // The public gallery acts as if it were not there.
    const gallery = await (await fetchWithEnv("/showcase", SHOWCASE)).text();
    expect(gallery).not.toContain("Moderated Grain Forecaster");
    expect(gallery).toContain("Unmoderated Seed Counter");
    expect((await fetchWithEnv(`/showcase/${project.slug}`, SHOWCASE)).status).toBe(404);
    const sitemap = await (await fetchWithEnv("/sitemap.xml", SHOWCASE)).text();
    expect(sitemap).not.toContain(`/showcase/${project.slug}<`);
    expect(sitemap).toContain(`/showcase/${other.slug}<`);
    const refusedVote = await vote(project, voter);
    expect(refusedVote.status).toBe(404);
    expect(await one("SELECT count(*) AS n FROM showcase_votes WHERE team_id = ?", project.teamId)).toEqual({ n: 0 });

    // The team reads it, with the reason, on its portal and its submission page; the desk shows who hid it.
    const member = project.members[1]!;
    const home = await text(await get("/portal", member, SHOWCASE));
    expect(home).toContain(moderationPortalText.hiddenTitle);
    expect(home).toContain("The demo link shows a customer's private records.");
    const submission = await text(await get("/portal/submission", member, SHOWCASE));
    expect(submission).toContain(moderationPortalText.hiddenTitle);
    expect(submission).toContain("Please replace it.");
    // No link to the page that now answers 404.
    expect(submission).not.toContain(`/showcase/${project.slug}`);
    const desk = await text(await deskGet("/organize/showcase", coordinator, SHOWCASE));
    expect(desk).toContain(`by organizer:${coordinator.email}`);
    // Each row links to its form; the page holds none until one is followed, then that row's only.
    const moderate = `/organize/showcase?q=Moderated&moderate=${project.teamId}`;
    const searched = await (await deskGet("/organize/showcase?q=Moderated", coordinator, SHOWCASE)).text();
    expect(searched).toContain(`href="${moderate.replace("&", "&amp;")}#project-${project.teamId}"`);
    expect(searched).not.toContain('name="intent" value="show"');
    const opened = await (await deskGet(moderate, coordinator, SHOWCASE)).text();
    expect(opened.match(/name="intent" value="(hide|show)"/g)).toEqual(['name="intent" value="show"']);
    expect(opened).toContain(`name="teamId" value="${project.teamId}"`);

    // Shown again, with its reason, from that form: back everywhere, and the portal's notice gone; the desk goes
    // back to the same search, the form closed.
    const showSince = await lastAuditId();
    const shown = await deskPost(
      moderate,
      { intent: "show", teamId: project.teamId, reason: "The team replaced the link." },
      coordinator,
      SHOWCASE,
    );
    expect(shown.status, await shown.clone().text()).toBe(303);
    expect(shown.headers.get("location")).toBe("/organize/showcase?q=Moderated#projects");
    const showRows = await auditSince(showSince);
    expect(showRows).toHaveLength(1);
    expect(showRows[0]).toMatchObject({ action: "showcase.show", reason: "The team replaced the link." });
    expect(JSON.parse(showRows[0]!.facts_before!)).toMatchObject({ hidden: true, reason });
    expect(JSON.parse(showRows[0]!.facts_after!)).toEqual({ hidden: false });
    expect((await fetchWithEnv(`/showcase/${project.slug}`, SHOWCASE)).status).toBe(200);
    expect(await (await fetchWithEnv("/sitemap.xml", SHOWCASE)).text()).toContain(`/showcase/${project.slug}<`);
    expect((await vote(project, voter)).status).toBe(303);
    expect(await text(await get("/portal", member, SHOWCASE))).not.toContain(moderationPortalText.hiddenTitle);
  });

  it("is refused to a registrar and a viewer, and through the API answers like the desk", async () => {
    const project = await submittedProject("api-moderated", { title: "API Moderated Route Planner" });
    for (const role of ["registrar", "viewer"] as const) {
      const who = await organizer(role);
      const response = await deskPost(
        "/organize/showcase",
        { intent: "hide", teamId: project.teamId, reason: "No" },
        who,
        SHOWCASE,
      );
      expect(response.status).toBe(404);
      const refused = await api("POST", "/actions/showcase.hide", {
        token: await tokenOf(who),
        body: { teamId: project.teamId, reason: "No" },
        clock: SHOWCASE,
      });
      expect(refused.status).toBe(403);
    }
    const coordinator = await organizer("coordinator");
    const token = await tokenOf(coordinator);
    const done = await api("POST", "/actions/showcase.hide", {
      token,
      body: { teamId: project.teamId, reason: "Broken video link." },
      clock: SHOWCASE,
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const listed = (await (await api("GET", "/queries/showcase.projects", { token, clock: SHOWCASE })).json()) as {
      result: { projects: { teamId: string; hidden: { reason: string } | null }[] };
    };
    expect(listed.result.projects.find((p) => p.teamId === project.teamId)?.hidden?.reason).toBe("Broken video link.");
    const unknown = await api("POST", "/actions/showcase.show", {
      token,
      body: { teamId: "no-such-team", reason: "x" },
      clock: SHOWCASE,
    });
    expect(unknown.status).toBe(404);
  });
});

/** A team of one participant with a complete draft (every component in), not yet submitted. */
async function completeDraft(tag: string): Promise<{ teamId: string; lead: Person; name: string }> {
  const lead = await person(tag);
  const teamId = crypto.randomUUID();
  const name = `Team ${tag} ${teamId.slice(0, 4)}`;
  await createTeam({ id: teamId, name, members: [lead.id] });
  await createSubmission({
    teamId,
    status: "draft",
    abstract: "An abstract.",
    videoUrl: "https://www.loom.com/share/abc",
    aiUseLog: "How AI was used.",
    updatedBy: lead.id,
  });
  for (const component of ["pitchDeck", "reflectionLog"] as const) {
    await createSubmissionFile({
      teamId,
      component,
      objectKey: `submissions/2026/${teamId}/${component}/x`,
      filename: "file.pdf",
      uploadedBy: lead.id,
    });
  }
  return { teamId, lead, name };
}

const statusOf = async (teamId: string) =>
  (await one<{ status: string }>("SELECT status FROM submissions WHERE team_id = ?", teamId))?.status;

describe("a late-submission exception", { timeout: 120_000 }, () => {
  let late: Awaited<ReturnType<typeof completeDraft>>;
  let onTime: Awaited<ReturnType<typeof completeDraft>>;
  beforeAll(async () => {
    late = await completeDraft("late");
    onTime = await completeDraft("ontime");
  });

  it("is proposed with its preview, not confirmed by its proposer, confirmed by a second director, and lets that team only submit late", async () => {
    const proposer = await directorWithAuthenticator();
    const second = await directorWithAuthenticator();
    const reason = "The lead was in hospital on the last day.";

    // Bounded, and a team is required: the form says so.
    const tooLong = await deskPost(
      "/organize/showcase",
      { intent: "extend", teamId: late.teamId, hours: String(moderationRules.extensionMaxHours + 1), reason },
      proposer.who,
      DEADLINE_EVENING,
    );
    expect(tooLong.status).toBe(400);
    expect(await text(tooLong)).toContain(moderationMessages.hoursRequired);

    const posted = await deskPost(
      "/organize/showcase",
      { intent: "extend", teamId: late.teamId, hours: "24", reason },
      proposer.who,
      DEADLINE_EVENING,
    );
    expect(posted.status, await posted.clone().text()).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/organize\/proposals\/[\w-]+$/);
    const proposalId = location.split("/").at(-1)!;
    // Nothing granted yet.
    expect(await one("SELECT * FROM deadline_extensions WHERE team_id = ?", late.teamId)).toBeNull();

    // The preview: the team, its members, its deadline now and the new one.
    const preview = await text(await deskGet(location, second.who, DEADLINE_EVENING));
    expect(preview).toContain(late.name);
    expect(preview).toContain(late.lead.email);
    expect(preview).toContain(formatMountain(edition2026.submissionDeadline.due, "dateTime"));
    expect(preview).toContain("Mar 19, 2026, 11:59 PM MT");
    expect(preview).toContain(reason);

    // Its proposer cannot confirm it, even with a good code.
    const own = await deskPost(
      location,
      { intent: "confirm", code: await totp(proposer.secret) },
      proposer.who,
      DEADLINE_EVENING,
    );
    expect(own.status).toBe(403);
    expect(await text(own)).toContain(deskMessages.proposalOwn);
    expect(await one("SELECT * FROM deadline_extensions WHERE team_id = ?", late.teamId)).toBeNull();

    // A second director confirms it on the desk with their code: one audit row, naming the proposal.
    const rows = await confirmOnDesk(location, second, DEADLINE_EVENING);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "deadlines.extend",
      actor_user_id: second.who.id,
      proposal_id: proposalId,
      reason,
    });
    expect(JSON.parse(rows[0]!.facts_before!)).toEqual({ closesAt: "2026-03-19T06:00:00.000Z", extended: false });
    expect(JSON.parse(rows[0]!.facts_after!)).toEqual({ closesAt: "2026-03-20T06:00:00.000Z", hours: 24 });
    expect(
      await one("SELECT until, granted_by, proposal_id FROM deadline_extensions WHERE team_id = ?", late.teamId),
    ).toEqual({
      until: "2026-03-20T06:00:00.000Z",
      granted_by: `organizer:${second.who.email}`,
      proposal_id: proposalId,
    });

    // The desk lists it.
    const desk = await text(await deskGet("/organize/showcase", second.who, DEADLINE_EVENING));
    expect(desk).toContain("Mar 19, 2026, 11:59 PM MT (still open)");

    // The morning after the edition's deadline: the team with the exception sees its own deadline and submits…
    const portal = await text(await get("/portal", late.lead, MORNING_AFTER));
    expect(portal).toContain(moderationPortalText.extended("Mar 19, 2026, 11:59 PM MT"));
    const submitted = await post("/portal/submission", { intent: "submit" }, late.lead, MORNING_AFTER);
    expect(submitted.status, await submitted.clone().text()).toBe(303);
    expect(await statusOf(late.teamId)).toBe("submitted");

    // …while another team cannot.
    const otherPortal = await text(await get("/portal", onTime.lead, MORNING_AFTER));
    expect(otherPortal).toContain(
      portalMessages.deadlinePassed(formatMountain(edition2026.submissionDeadline.due, "dateTime")),
    );
    const refused = await post("/portal/submission", { intent: "submit" }, onTime.lead, MORNING_AFTER);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await statusOf(onTime.teamId)).toBe("draft");

    // Once the team's own deadline has passed, it is read-only too.
    const over = await post(
      "/portal/submission",
      { intent: "save", component: "abstract", abstract: "Changed after the exception." },
      late.lead,
      AFTER_EXCEPTION,
    );
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(await text(over)).toContain(portalMessages.deadlinePassed("Mar 19, 2026, 11:59 PM MT"));
  });

  it("through the API is a proposal (202) a second director confirms; an exception never moves a deadline earlier", async () => {
    const coordinator = await organizer("coordinator");
    const token = await tokenOf(coordinator);
    const team = await completeDraft("api-late");
    const proposed = await api("POST", "/actions/deadlines.extend", {
      token,
      body: { teamId: team.teamId, hours: "12", reason: "Power cut in their town." },
      clock: DEADLINE_EVENING,
    });
    expect(proposed.status, await proposed.clone().text()).toBe(202);
    const { proposalId } = (await proposed.json()) as { proposalId: string };
    // The coordinator is no director: they could not confirm it even on the desk.
    const byCoordinator = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(coordinator), new Date(DEADLINE_EVENING.APP_NOW)),
      async () => "ok",
    );
    expect(byCoordinator).toMatchObject({ ok: false, status: 403 });
    // Confirming through the API is refused: an API token is one factor.
    const viaApi = await api("POST", `/proposals/${proposalId}/confirm`, { token, clock: DEADLINE_EVENING });
    expect(viaApi.status).toBe(403);
    const director = await organizer("director");
    const confirmed = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(director), new Date(DEADLINE_EVENING.APP_NOW)),
      async () => "ok",
    );
    expect(confirmed, JSON.stringify(confirmed)).toMatchObject({ ok: true });
    expect(await one("SELECT until FROM deadline_extensions WHERE team_id = ?", team.teamId)).toEqual({
      until: "2026-03-19T18:00:00.000Z",
    });

    // A shorter one afterwards is refused before anything is proposed.
    const shorter = await api("POST", "/actions/deadlines.extend", {
      token,
      body: { teamId: team.teamId, hours: "6", reason: "Less" },
      clock: DEADLINE_EVENING,
    });
    expect(shorter.status).toBe(409);
    expect(((await shorter.json()) as { error: string }).error).toContain("can only move it later");
  });

  it("counts a project submitted within the team's exception as in time for AI Innovator, and no other late one", async () => {
    const within = await plainUser("within-exception");
    const without = await plainUser("late-without");
    for (const who of [within, without]) await importCertifications(who.id);
    // Both submitted the morning after the edition's deadline; only the first team had an exception until the next midnight.
    const excepted = await teamWithSubmission([within.id], "2026-03-19T16:00:00.000Z");
    await teamWithSubmission([without.id], "2026-03-19T16:00:00.000Z");
    await createDeadlineExtension({
      teamId: excepted,
      until: "2026-03-20T06:00:00.000Z",
      grantedAt: "2026-03-18T20:00:00.000Z",
    });
    await runDailyJob("2026-03-21T16:00:00Z");
    expect((await credentialIdsOf(within.id)).map((c) => c.achievement)).toContain("ai-innovator");
    expect((await credentialIdsOf(without.id)).map((c) => c.achievement)).not.toContain("ai-innovator");
  });
});
