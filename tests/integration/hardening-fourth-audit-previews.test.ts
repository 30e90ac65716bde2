/**
 * The fourth audit's findings about what the desk previews and what it then
 * does (issue 50): Low 4, a project hidden by moderation named in public
 * after it (the finalists on /timeline, the credentials' evidence) and not
 * flagged in the preview; Low 5, the completions import's fingerprint
 * optional on the API; and the informational finding, an announcement's
 * staleness checked by its head count only, and optional. Each test failed on
 * the code the audit read (`daeb6b3`).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { confirmProposal } from "~/organize/proposals.server";
import { organizerActions } from "~/desk/registry.server";
import { createPublishedResult, createTeamMember } from "./factories";
import { decodeEntities } from "./html";
import { bareUser, submittedProject } from "./judging-helpers";
import {
  actionContext,
  api,
  deskPost,
  lastAuditId,
  auditSince,
  organizer,
  personActor,
  tokenOf,
} from "./organize-helpers";
import { fetchWithEnv } from "./worker";

/** After the finalists' announcement (Apr 3, 9:00 AM MT). */
const ANNOUNCED = { APP_NOW: "2026-04-03T10:00:00-06:00" };
const HIDDEN_WORDING = "hidden by the organizers";
const text = async (response: Response) => decodeEntities(await response.text());

const one = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

/** A submitted project its team agreed to show, with a title and a page; hidden by a coordinator when told. */
async function shownProject(name: string, title: string, { hidden = false } = {}) {
  const member = await bareUser("member");
  const teamId = await submittedProject("2026", { name, members: [member] });
  const slug = `${title.toLowerCase().replace(/\W+/g, "-")}-${teamId.slice(0, 6)}`;
  await env.DB.prepare("UPDATE submissions SET title = ?, public_consent = 1, slug = ? WHERE team_id = ?")
    .bind(title, slug, teamId)
    .run();
  if (hidden) await hide(teamId);
  return { member, teamId, slug };
}

/** As `showcase.hide` leaves it (app/showcase/moderation.server.ts). */
async function hide(teamId: string) {
  await env.DB.prepare(
    "UPDATE submissions SET hidden_at = '2026-03-28T12:00:00.000Z', hidden_by = 'organizer:test', hidden_reason = 'The demo shows a private list.' WHERE team_id = ?",
  )
    .bind(teamId)
    .run();
}

describe("Low 4: a project hidden by moderation is not named in public afterwards", { timeout: 120_000 }, () => {
  it("publishes a hidden project's finalist result without its title, says so in the preview, and signs its credential without evidence", async () => {
    const hidden = await shownProject("Quiet Otters", "Secret Ledger", { hidden: true });
    const shown = await shownProject("Loud Herons", "Open Ledger");
    const coordinator = await organizer("coordinator");
    const proposed = await api("POST", "/actions/results.publish-finalists", {
      token: await tokenOf(coordinator),
      body: { teamIds: `${hidden.teamId} ${shown.teamId}`, force: "true" },
      clock: ANNOUNCED,
    });
    expect(proposed.status, await proposed.clone().text()).toBe(202);
    const { proposalId, preview } = (await proposed.json()) as { proposalId: string; preview: unknown };
    const previewed = JSON.stringify(preview);
    expect(previewed).toContain(HIDDEN_WORDING);
    expect(previewed).not.toContain("Secret Ledger");
    expect(previewed).toContain("Open Ledger");

    const confirmed = await confirmProposal(
      organizerActions,
      proposalId,
      actionContext(personActor(await organizer("director")), new Date(ANNOUNCED.APP_NOW)),
      async () => "ok",
    );
    expect(confirmed, JSON.stringify(confirmed)).toMatchObject({ ok: true });

    expect(
      await one("SELECT team_name, project_title FROM published_results WHERE team_id = ?", hidden.teamId),
    ).toEqual({ team_name: "Quiet Otters", project_title: null });
    const timeline = await text(await fetchWithEnv("/timeline", ANNOUNCED));
    expect(timeline).toContain("Quiet Otters");
    expect(timeline).not.toContain("Secret Ledger");
    expect(timeline).toContain("Open Ledger");

    const credential = await one<{ signed_json: string }>(
      "SELECT signed_json FROM credentials WHERE user_id = ? AND achievement = 'finalist'",
      hidden.member.id,
    );
    const signed = JSON.parse(credential!.signed_json) as { evidence?: unknown };
    expect(signed.evidence).toBeUndefined();
    expect(credential!.signed_json).not.toContain(hidden.slug);
    expect(credential!.signed_json).not.toContain("Secret Ledger");
    // The project shown keeps its evidence: the rule is the hiding, not the publication.
    const visible = await one<{ signed_json: string }>(
      "SELECT signed_json FROM credentials WHERE user_id = ? AND achievement = 'finalist'",
      shown.member.id,
    );
    expect(visible!.signed_json).toContain(`/showcase/${shown.slug}`);
  });

  it("stops naming a published project on /timeline once it is hidden, and names it again when shown", async () => {
    const project = await shownProject("Bright Trout", "River Atlas");
    await createPublishedResult({ teamId: project.teamId, teamName: "Bright Trout", projectTitle: "River Atlas" });
    // Each look at its own instant: the edge cache never answers one for another.
    const at = (minute: number) => ({ APP_NOW: `2026-04-03T10:${String(minute).padStart(2, "0")}:00-06:00` });
    expect(await text(await fetchWithEnv("/timeline", at(11)))).toContain("River Atlas");
    await hide(project.teamId);
    const whileHidden = await text(await fetchWithEnv("/timeline", at(12)));
    expect(whileHidden).toContain("Bright Trout");
    expect(whileHidden).not.toContain("River Atlas");
    await env.DB.prepare(
      "UPDATE submissions SET hidden_at = NULL, hidden_by = NULL, hidden_reason = NULL WHERE team_id = ?",
    )
      .bind(project.teamId)
      .run();
    expect(await text(await fetchWithEnv("/timeline", at(13)))).toContain("River Atlas");
  });
});

describe("Low 5: the completions import runs only what its preview showed", { timeout: 120_000 }, () => {
  it("refuses an import without the preview's fingerprint, or with a stale one, on the API", async () => {
    const registrar = await organizer("registrar");
    const token = await tokenOf(registrar);
    const holder = await bareUser("certified");
    const csv = `email,certification,completion date\n${holder.email},AI Builder,2026-02-01\n`;
    const since = await lastAuditId();

    const bare = await api("POST", "/actions/credentials.import", { token, body: { csv } });
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { error: string }).error).toMatch(/preview/i);

    const stale = await api("POST", "/actions/credentials.import", { token, body: { csv, expected: "0".repeat(64) } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(/preview/i);
    expect(await one("SELECT count(*) AS n FROM credentials WHERE user_id = ?", holder.id)).toEqual({ n: 0 });
    expect(await auditSince(since)).toEqual([]);

    const preview = await api("POST", "/queries/credentials.import-preview", { token, body: { csv } });
    const { fingerprint } = ((await preview.json()) as { result: { fingerprint: string } }).result;
    const imported = await api("POST", "/actions/credentials.import", { token, body: { csv, expected: fingerprint } });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(await one("SELECT count(*) AS n FROM credentials WHERE user_id = ?", holder.id)).toEqual({ n: 1 });
  });

  it("changes the fingerprint when the account an address belongs to changes its address", async () => {
    const registrar = await organizer("registrar");
    const token = await tokenOf(registrar);
    const holder = await bareUser("renamed");
    const csv = `email,certification,completion date\n${holder.email},AI Builder,2026-02-01\n`;
    const fingerprintOf = async () =>
      (
        (await (await api("POST", "/queries/credentials.import-preview", { token, body: { csv } })).json()) as {
          result: { fingerprint: string };
        }
      ).result.fingerprint;
    const before = await fingerprintOf();
    // The same person, the same row: the credential's recipient is the address as it is now, in another case.
    await env.DB.prepare("UPDATE user SET email = ? WHERE id = ?").bind(holder.email.toUpperCase(), holder.id).run();
    expect(await fingerprintOf()).not.toBe(before);
  });
});

describe("an announcement is sent only to the recipients its preview listed", { timeout: 120_000 }, () => {
  /** A team of two, and a message to it as the desk and the API compose it. */
  async function teamOfTwo() {
    const members = [await bareUser("first"), await bareUser("second")];
    const teamId = await submittedProject("2026", { members, name: "Two Pines" });
    const input = {
      segment: "team",
      teamId,
      subject: `Your demo ${crypto.randomUUID().slice(0, 8)}`,
      body: "It does not open.",
    };
    return { members, teamId, input };
  }

  async function previewOf(token: string, input: Record<string, string>) {
    const answer = await api("GET", `/queries/announcements.preview?${new URLSearchParams(input)}`, { token });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { result: { recipients: number; fingerprint: string } }).result;
  }

  it("refuses a send without the recipients' fingerprint, on the API", async () => {
    const registrar = await organizer("registrar");
    const token = await tokenOf(registrar);
    const { teamId, input } = await teamOfTwo();
    const since = await lastAuditId();
    const refused = await api("POST", "/actions/messages.team", {
      token,
      body: { teamId, subject: input.subject, body: input.body },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/preview/i);
    const segment = await api("POST", "/actions/announcements.send", {
      token,
      body: { segment: "judges", subject: input.subject, body: input.body, expectedRecipients: "1" },
    });
    expect(segment.status).toBe(400);
    expect(await auditSince(since)).toEqual([]);
  });

  it("refuses a send whose recipients changed since the preview although their number did not", async () => {
    const registrar = await organizer("registrar");
    const token = await tokenOf(registrar);
    const { members, teamId, input } = await teamOfTwo();
    const preview = await previewOf(token, input);
    expect(preview.recipients).toBe(2);
    expect(preview.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // One member leaves, another joins: still two people, not the two the organizer saw.
    const newcomer = await bareUser("newcomer");
    await env.DB.prepare("DELETE FROM team_members WHERE team_id = ? AND user_id = ?")
      .bind(teamId, members[1]!.id)
      .run();
    await createTeamMember({ teamId, userId: newcomer.id, joinedAt: "2026-03-20T00:00:00.000Z" });
    const stale = await api("POST", "/actions/messages.team", {
      token,
      body: {
        teamId,
        subject: input.subject,
        body: input.body,
        expected: preview.fingerprint,
        expectedRecipients: "2",
      },
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toMatch(/preview again/i);
    expect(await one("SELECT count(*) AS n FROM notifications WHERE subject = ?", input.subject)).toEqual({ n: 0 });

    const fresh = await previewOf(token, input);
    expect(fresh.fingerprint).not.toBe(preview.fingerprint);
    const sent = await api("POST", "/actions/messages.team", {
      token,
      body: { teamId, subject: input.subject, body: input.body, expected: fresh.fingerprint },
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
  });

  it("carries the fingerprint of the preview the desk showed in its send form, without JavaScript", async () => {
    const director = await organizer("director");
    const { input } = await teamOfTwo();
    const page = await text(await deskPost("/organize/messages", { intent: "preview-team", ...input }, director));
    const fingerprint = /name="expected" value="([0-9a-f]{64})"/.exec(page)?.[1];
    expect(fingerprint).toBeTruthy();
    const sent = await deskPost(
      "/organize/messages",
      { intent: "team", teamId: input.teamId, subject: input.subject, body: input.body, expected: fingerprint! },
      director,
    );
    expect(sent.status, await sent.clone().text()).toBe(303);
    expect(await one("SELECT count(*) AS n FROM notifications WHERE subject = ?", input.subject)).toEqual({ n: 2 });
  });
});
