/**
 * The public showcase and the audience vote (issue 25) through the built
 * worker: the public face saved in the portal, consent (no consent: judged,
 * not shown), the gallery's filter and search without JavaScript, the page
 * before the opening, the vote's window a minute either side, one vote per
 * account with moves counted once, own-team and unverified refusals, the
 * review's burst and subnet flags on a stuffing attempt, the published ledger
 * and awards, the archive after the edition, and concurrent votes.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { edition2026 } from "../fixtures/edition-2026";
import { showcaseLimits, showcaseMessages, slugify } from "~/content/showcase";
import { runDataLifecycle } from "~/retention/records.server";
import { reviewVotes, tallyVotes } from "~/showcase/review";
import { showcaseOpensAt } from "~/showcase/window";
import { createLedgerEntry, createPublishedResult, createVote } from "./factories";
import { markEmailVerified } from "./auth-helpers";
import { countRows, seedRegistration } from "./account-helpers";
import { expectHtmlNotToContain, expectHtmlToContain, textOf } from "./html";
import { get, person, post } from "./portal-helpers";
import { SHOWCASE, submittedProject, vote, voteRows } from "./showcase-helpers";
import { fetchWithEnv } from "./worker";

/** Voting opens Mar 20, 2026, 00:00 MDT and closes Mar 31, 00:00 MDT (Mar 30 is the last day). */
const MINUTE_BEFORE_OPENING = { APP_NOW: "2026-03-19T23:59:00-06:00" };
const FIRST_MINUTE = { APP_NOW: "2026-03-20T00:00:30-06:00" };
const LAST_MINUTE = { APP_NOW: "2026-03-30T23:59:00-06:00" };
const MINUTE_AFTER_CLOSE = { APP_NOW: "2026-03-31T00:01:00-06:00" };
const AFTER_FINALS = { APP_NOW: "2026-11-23T12:00:00-07:00" };

/** What a visitor reads: each fragment in the page's text. */
function says(html: string, ...fragments: string[]) {
  const text = textOf(html);
  for (const fragment of fragments) expect(text, fragment).toContain(fragment);
}

const page = async (path: string, clock = SHOWCASE, cookie?: string) => {
  const response = await fetchWithEnv(path, clock, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { response, html: await response.text() };
};

describe("the project's public face and consent", { timeout: 60_000 }, () => {
  it("is saved from the portal, refuses consent without a title, summary and track, and gives a stable slug", async () => {
    const lead = await person("face");
    const refused = await post(
      "/portal/submission",
      { intent: "public-face", title: "Snow Day Planner", publicConsent: "on" },
      lead,
    );
    expect(refused.status).toBe(400);
    says(await refused.text(), showcaseMessages.consentNeedsFace);

    const twoSentences = await post(
      "/portal/submission",
      { intent: "public-face", title: "Snow Day Planner", summary: "It plans. It also plows.", track: "generative-ai" },
      lead,
    );
    expect(twoSentences.status).toBe(400);

    const saved = await post(
      "/portal/submission",
      {
        intent: "public-face",
        title: "Snow Day Planner",
        summary: "A planner that decides when to plow the lot.",
        track: "process-automation",
        publicConsent: "on",
        nameDisplay: "initial",
        showOrganization: "on",
      },
      lead,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/portal/submission#public-face");
    const row = await env.DB.prepare(
      "SELECT s.title, s.slug, s.track, s.public_consent, s.consent_by, d.name_display, d.show_organization FROM submissions s JOIN team_members m ON m.team_id = s.team_id LEFT JOIN showcase_member_display d ON d.team_id = s.team_id AND d.user_id = m.user_id WHERE m.user_id = ?",
    )
      .bind(lead.id)
      .first();
    expect(row).toMatchObject({
      title: "Snow Day Planner",
      slug: "snow-day-planner",
      track: "process-automation",
      public_consent: 1,
      consent_by: lead.id,
      name_display: "initial",
      show_organization: 1,
    });
    // A new title keeps the address: links to the project never break.
    await post("/portal/submission", { intent: "public-face", title: "Plow Planner", summary: "", track: "" }, lead);
    expect(
      await env.DB.prepare(
        "SELECT slug, public_consent FROM submissions s JOIN team_members m ON m.team_id = s.team_id WHERE m.user_id = ?",
      )
        .bind(lead.id)
        .first(),
    ).toEqual({ slug: "snow-day-planner", public_consent: 0 });
  });

  it("shows a consenting project and not one without consent, which stays submitted for the judges", async () => {
    const shown = await submittedProject("consent", { title: "Shown Harvest Planner" });
    const hidden = await submittedProject("noconsent", { title: "Hidden Harvest Planner", consent: false });
    const { html } = await page("/showcase");
    says(html, "Shown Harvest Planner");
    expectHtmlNotToContain(html, "Hidden Harvest Planner");
    expect((await page(`/showcase/${hidden.slug}`)).response.status).toBe(404);
    expect((await page(`/showcase/${shown.slug}`)).response.status).toBe(200);
    expect(
      await countRows(
        "SELECT count(*) AS n FROM submissions WHERE team_id = ? AND status = 'submitted'",
        hidden.teamId,
      ),
    ).toBe(1);
  });
});

describe("the gallery", { timeout: 60_000 }, () => {
  it("filters by track and searches by title with plain GET forms, with no script, cacheable for visitors", async () => {
    await submittedProject("gallery", { title: "Potato Yield Oracle", track: "data-analysis-visualization" });
    await submittedProject("gallery", { title: "Potato Email Sorter", track: "customer-experience-ai" });
    await submittedProject("gallery", { title: "Trout Stream Monitor", track: "data-analysis-visualization" });

    const all = await page("/showcase");
    expect(all.response.headers.get("cache-control")).toContain("s-maxage");
    expectHtmlNotToContain(all.html, "<script");
    expectHtmlToContain(all.html, 'method="get"', 'action="/showcase"', 'name="q"', 'name="track"');

    const track = await page("/showcase?track=data-analysis-visualization&q=");
    says(track.html, "Potato Yield Oracle", "Trout Stream Monitor");
    expectHtmlNotToContain(track.html, "Potato Email Sorter");

    const search = await page("/showcase?q=potato");
    says(search.html, "Potato Yield Oracle", "Potato Email Sorter");
    expectHtmlNotToContain(search.html, "Trout Stream Monitor");

    const both = await page("/showcase?q=potato&track=customer-experience-ai");
    says(both.html, "Potato Email Sorter");
    expectHtmlNotToContain(both.html, "Potato Yield Oracle");

    // A wildcard typed into the search matches itself only.
    says((await page("/showcase?q=%25")).html, "No project matches this search");
  });

  it("shows a page of projects at a time, with plain links to the others that keep the search and the track", async () => {
    const size = showcaseLimits.galleryPageSize;
    const titles = Array.from({ length: size + 3 }, (_, i) => `Paging Walrus ${String(i).padStart(2, "0")}`);
    for (const title of titles) await submittedProject("paging", { title, track: "process-automation" });
    const first = await page("/showcase?q=walrus&track=process-automation");
    says(first.html, `${titles.length} projects match.`, "Page 1 of 2", titles[0]!, titles[size - 1]!);
    expectHtmlNotToContain(first.html, titles[size]!);
    expectHtmlToContain(first.html, 'href="/showcase?q=walrus&amp;track=process-automation&amp;page=2#projects"');
    const second = await page("/showcase?q=walrus&track=process-automation&page=2");
    says(second.html, "Page 2 of 2", titles[size]!, titles.at(-1)!);
    expectHtmlNotToContain(second.html, titles[0]!);
    expectHtmlToContain(
      second.html,
      'href="/showcase?q=walrus&amp;track=process-automation#projects"',
      'aria-current="page"',
    );
    // A page past the last (a link from when there were more) shows the last; a page that is no number, the first.
    says((await page("/showcase?q=walrus&track=process-automation&page=9")).html, "Page 2 of 2", titles.at(-1)!);
    says((await page("/showcase?q=walrus&track=process-automation&page=x")).html, "Page 1 of 2", titles[0]!);
    // One page: no page links at all.
    expectHtmlNotToContain((await page("/showcase?q=walrus%2000")).html, 'data-testid="gallery-pages"');
    // The sitemap still lists every project, on every page of the gallery.
    const sitemap = (await page("/sitemap.xml")).html;
    for (const title of [titles[0]!, titles.at(-1)!]) expectHtmlToContain(sitemap, `/showcase/${slugify(title)}</loc>`);
  });

  it("says when it opens, with the calendar link, before the showcase starts", async () => {
    await submittedProject("early", { title: "Too Early Project" });
    const { html } = await page("/showcase", MINUTE_BEFORE_OPENING);
    says(html, "opens on March 20, 2026");
    expectHtmlToContain(html, "/timeline.ics?milestone=showcase-voting");
    expectHtmlNotToContain(html, "Too Early Project");
  });

  it("is linked from the home page and the timeline while voting is open, and listed in the sitemap with its projects", async () => {
    expectHtmlToContain((await page("/")).html, 'href="/showcase"');
    expectHtmlToContain((await page("/timeline")).html, 'href="/showcase"');
    expectHtmlNotToContain(
      (await page("/timeline", { APP_NOW: "2026-02-10T12:00:00-07:00" })).html,
      'data-testid="showcase-link"',
    );
    const listed = await submittedProject("sitemap", { title: "Sitemap Listed Project" });
    const unlisted = await submittedProject("sitemap", { title: "Sitemap Unlisted Project", consent: false });
    const sitemap = (await page("/sitemap.xml")).html;
    expectHtmlToContain(sitemap, "/showcase</loc>", `/showcase/${listed.slug}</loc>`);
    expectHtmlNotToContain(sitemap, `/showcase/${unlisted.slug}<`);
    // Before the showcase opens, no project page is listed.
    expectHtmlNotToContain((await page("/sitemap.xml", MINUTE_BEFORE_OPENING)).html, `/showcase/${listed.slug}<`);
  });

  it("shows the team as each member chose, the organization only when agreed, and the video as a plain link", async () => {
    const project = await submittedProject("credit", { title: "Credit Line Project", members: 2, display: "initial" });
    await seedRegistration(project.members[0]!.id, {
      companyName: "Sawtooth Analytics",
      email: project.members[0]!.email,
    });
    let { html } = await page(`/showcase/${project.slug}`);
    says(html, "Avery N.");
    expectHtmlNotToContain(html, "Avery Nguyen", "Sawtooth Analytics", "<iframe");
    expectHtmlToContain(html, 'href="https://www.loom.com/share/abc"');
    await env.DB.prepare(
      "UPDATE showcase_member_display SET name_display = 'team', show_organization = 1 WHERE team_id = ?",
    )
      .bind(project.teamId)
      .run();
    ({ html } = await page(`/showcase/${project.slug}`));
    expectHtmlNotToContain(html, "Avery N.");
    says(html, "Sawtooth Analytics");
  });
});

describe("one verified vote", { timeout: 60_000 }, () => {
  it("refuses a vote a minute before the opening and a minute after the close, and takes one in the first and last minutes", async () => {
    const project = await submittedProject("window");
    const voter = await person("window-voter", { enrolled: false });
    const early = await vote(project, voter, { clock: MINUTE_BEFORE_OPENING });
    // Before the opening no project is public: there is nothing to vote for.
    expect(early.status).toBe(404);
    const late = await vote(project, voter, { clock: MINUTE_AFTER_CLOSE });
    expect(late.status).toBe(403);
    says(await late.text(), showcaseMessages.closed);
    expect(await countRows("SELECT count(*) AS n FROM showcase_votes WHERE user_id = ?", voter.id)).toBe(0);

    expect((await vote(project, voter, { clock: FIRST_MINUTE })).status).toBe(303);
    const other = await person("window-voter2", { enrolled: false });
    expect((await vote(project, other, { clock: LAST_MINUTE })).status).toBe(303);
    expect(await countRows("SELECT count(*) AS n FROM showcase_votes WHERE team_id = ?", project.teamId)).toBe(2);
  });

  it("keeps one vote per account: a moved vote counts once, for the last project", async () => {
    const first = await submittedProject("move", { title: "Move First" });
    const second = await submittedProject("move", { title: "Move Second" });
    const voter = await person("mover", { enrolled: false });
    const cast = await vote(first, voter);
    expect(cast.status).toBe(303);
    expect(cast.headers.get("location")).toBe(`/showcase/${first.slug}#your-vote`);
    expect((await vote(second, voter)).status).toBe(303);
    expect((await vote(first, voter)).status).toBe(303);
    expect((await vote(second, voter)).status).toBe(303);
    const rows = (await voteRows()).filter((r) => r.userId === voter.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ teamId: second.teamId, moves: 3 });
    // "Your vote" on the project page and on /account; no e-mail.
    const mine = await page(`/showcase/${second.slug}`, SHOWCASE, voter.cookie);
    expect(mine.response.headers.get("cache-control")).toContain("no-store");
    says(mine.html, "Your vote is for this project");
    says((await page(`/showcase/${first.slug}`, SHOWCASE, voter.cookie)).html, "Your vote is for", "Move Second");
    const account = await get("/account", voter, SHOWCASE);
    says(await account.text(), "Your vote", "Move Second");
    const download = (await (await get("/account/data.json", voter, SHOWCASE)).json()) as {
      audienceVotes: { project: string; moves: number; ipAddress: string }[];
    };
    expect(download.audienceVotes).toEqual([expect.objectContaining({ project: "Move Second", moves: 3 })]);
    expect(await countRows("SELECT count(*) AS n FROM notifications WHERE recipient = ?", voter.email)).toBe(
      await countRows(
        "SELECT count(*) AS n FROM notifications WHERE recipient = ? AND kind NOT LIKE '%vote%'",
        voter.email,
      ),
    );
  });

  it("refuses a vote for the voter's own team, an unverified account, and sends a visitor to sign in", async () => {
    const project = await submittedProject("own", { members: 2 });
    const own = await vote(project, project.members[1]!);
    expect(own.status).toBe(403);
    says(await own.text(), showcaseMessages.ownProject);

    const unverified = await person("unverified-voter", { verified: false, enrolled: false });
    const refused = await vote(project, unverified);
    expect(refused.status).toBe(403);
    says(await refused.text(), "Verify your e-mail address to vote");
    await markEmailVerified(unverified.email);
    expect((await vote(project, unverified)).status).toBe(303);

    const anonymous = await fetchWithEnv(`/showcase/${project.slug}`, SHOWCASE, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost",
        "cf-connecting-ip": "10.9.9.9",
      },
      body: "intent=vote",
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain(
      `redirectTo=${encodeURIComponent(`/showcase/${project.slug}`)}`,
    );
    expect(await countRows("SELECT count(*) AS n FROM showcase_votes WHERE team_id = ?", project.teamId)).toBe(1);
    // No project, no vote: the browser cannot name a team.
    expect((await vote({ slug: "no-such-project" }, unverified)).status).toBe(404);
  });

  it("records the address, its network, the account's age and domain; the review flags a burst and a subnet", async () => {
    const target = await submittedProject("stuffed", { title: "Stuffed Ballot Box" });
    const honest = await submittedProject("honest", { title: "Honest Project" });
    // A stuffing attempt: twenty new accounts from one /24 within a minute.
    const stuffers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => person(`stuffer${i}`, { enrolled: false })),
    );
    for (const [i, stuffer] of stuffers.entries()) {
      const at = new Date(Date.parse("2026-03-29T21:00:00-06:00") + i * 2500).toISOString();
      expect((await vote(target, stuffer, { clock: { APP_NOW: at }, ip: `198.51.100.${10 + i}` })).status).toBe(303);
    }
    for (let i = 0; i < 3; i++) {
      const voter = await person(`honest${i}`, { enrolled: false });
      const at = new Date(Date.parse("2026-03-22T10:00:00-06:00") + i * 3_600_000).toISOString();
      await vote(honest, voter, { clock: { APP_NOW: at }, ip: `10.${40 + i}.0.1` });
    }
    const rows = await voteRows();
    const stuffed = rows.filter((r) => r.teamId === target.teamId);
    expect(stuffed[0]).toMatchObject({
      clientIp: "198.51.100.10",
      ipPrefix: "198.51.100.0/24",
      emailDomain: "example.com",
    });
    expect(Date.parse(stuffed[0]!.accountCreatedAt)).toBeGreaterThan(0);

    const flags = reviewVotes(rows, showcaseOpensAt(edition2026));
    const burst = flags.find((f) => f.kind === "burst" && f.id.includes(target.teamId));
    expect(burst?.voteIds.sort()).toEqual(stuffed.map((r) => r.id).sort());
    const subnet = flags.find((f) => f.id === "network:198.51.100.0/24");
    expect(subnet?.voteIds).toHaveLength(20);
    expect(flags.some((f) => f.kind === "burst" && f.id.includes(honest.teamId))).toBe(false);

    // Tallies stay off the site until publication.
    expectHtmlNotToContain((await page(`/showcase/${target.slug}`)).html, "Votes cast", 'data-testid="ledger"');
  }, 120_000);

  it("counts concurrent votes and moves exactly once per account", async () => {
    const a = await submittedProject("race", { title: "Race A" });
    const b = await submittedProject("race", { title: "Race B" });
    const voters = await Promise.all(Array.from({ length: 12 }, (_, i) => person(`racer${i}`, { enrolled: false })));
    // Each account votes for A and B at once, twice over; the last write wins, and only one row per account exists.
    await Promise.all(voters.flatMap((v) => [vote(a, v), vote(b, v), vote(a, v), vote(b, v)]));
    const rows = (await voteRows()).filter((r) => r.teamId === a.teamId || r.teamId === b.teamId);
    expect(rows).toHaveLength(voters.length);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(voters.length);
    const tallies = tallyVotes(rows);
    expect(tallies.reduce((sum, t) => sum + t.final, 0)).toBe(voters.length);
  }, 120_000);
});

describe("publication and the archive", { timeout: 60_000 }, () => {
  it("shows the published counts, the ledger with exclusions by reason, and the award after the finals", async () => {
    const winner = await submittedProject("published", { title: "Published Winner" });
    const runnerUp = await submittedProject("published", { title: "Published Runner Up" });
    await createLedgerEntry({
      teamId: winner.teamId,
      projectTitle: "Published Winner",
      slug: winner.slug,
      votesCast: 41,
      votesExcluded: JSON.stringify({ burst: 20, network: 1 }),
      finalCount: 20,
    });
    await createLedgerEntry({
      teamId: runnerUp.teamId,
      projectTitle: "Published Runner Up",
      slug: runnerUp.slug,
      finalCount: 12,
    });
    await createPublishedResult({
      award: "audience-choice",
      teamId: winner.teamId,
      teamName: "Team published",
      projectTitle: "Published Winner",
      publishedAt: "2026-03-31T10:00:00Z",
      publishedBy: "organizer",
    });
    const { html } = await page("/showcase", { APP_NOW: "2026-04-01T12:00:00-06:00" });
    says(
      html,
      'Audience Choice: "Published Winner", with 20 votes.',
      "20: Burst of votes",
      "1: Many votes from one network",
    );
    expectHtmlToContain(html, 'data-testid="ledger"');
    // The award shows on the project's page after the finals, not before.
    expectHtmlNotToContain(
      (await page(`/showcase/${winner.slug}`, { APP_NOW: "2026-04-01T12:00:00-06:00" })).html,
      'data-testid="awards"',
    );
    says((await page(`/showcase/${winner.slug}`, AFTER_FINALS)).html, "Awards: Audience Choice");
  });

  it("shows no award and no ledger before their publication time, on the request's clock", async () => {
    const later = await submittedProject("published-later", { title: "Later Winner" });
    // Published after AFTER_FINALS: a page rehearsed at AFTER_FINALS is before it.
    const publishedAt = "2026-11-24T12:00:00.000Z";
    const afterPublication = { APP_NOW: "2026-11-25T12:00:00-07:00" };
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO showcase_ledger (edition_id, team_id, project_title, slug, votes_cast, votes_excluded, final_count, published_at, published_by)
         VALUES ('2026', ?, 'Later Winner', ?, 7, '{}', 7, ?, 'organizer')`,
      ).bind(later.teamId, later.slug, publishedAt),
      env.DB.prepare(
        `INSERT INTO published_results (edition_id, award, team_id, place, team_name, project_title, published_at, published_by)
         VALUES ('2026', 'audience-choice', ?, 1, 'Team later', 'Later Winner', ?, 'organizer')`,
      ).bind(later.teamId, publishedAt),
    ]);
    expectHtmlNotToContain((await page(`/showcase/${later.slug}`, AFTER_FINALS)).html, 'data-testid="awards"');
    says((await page(`/showcase/${later.slug}`, afterPublication)).html, "Awards: Audience Choice");

    // The gallery names the project anyway: read only the audience vote's result and its ledger.
    const audienceResult = async (clock: { APP_NOW: string }) => {
      const { html } = await page("/showcase", clock);
      const result = /data-testid="audience-choice"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
      const ledger = /data-testid="ledger"[\s\S]*?<\/table>/.exec(html)?.[0] ?? "";
      return { result: textOf(result), ledger: textOf(ledger) };
    };
    const before = await audienceResult(AFTER_FINALS);
    expect(before.result).not.toContain("Later Winner");
    expect(before.ledger).not.toContain("Later Winner");
    const after = await audienceResult(afterPublication);
    expect(after.result).toContain('"Later Winner"');
    expect(after.ledger).toContain("Later Winner");
  });

  it("keeps the edition's showcase as its archive after the edition, with voting closed", async () => {
    const project = await submittedProject("archive", { title: "Archived Project" });
    const voter = await person("archive-voter", { enrolled: false });
    const { html } = await page("/showcase", AFTER_FINALS);
    says(html, "Archived Project", "Voting ran from");
    const projectPage = await page(`/showcase/${project.slug}`, AFTER_FINALS, voter.cookie);
    says(projectPage.html, "Voting closed at the end of March 30, 2026.");
    expectHtmlNotToContain(projectPage.html, "Vote for this project");
    expect((await vote(project, voter, { clock: AFTER_FINALS })).status).toBe(403);
  });

  it("deletes votes, with their addresses, 12 months after they were cast (the privacy policy's rule)", async () => {
    await createVote({ id: "old-vote", teamId: "team", castAt: "2026-03-25T18:00:00.000Z" });
    await createVote({ id: "new-vote", teamId: "team", castAt: "2026-04-01T18:00:00.000Z" });
    await runDataLifecycle(env.DB, new Date("2027-03-28T12:00:00.000Z"));
    expect(await countRows("SELECT count(*) AS n FROM showcase_votes WHERE id IN ('old-vote', 'new-vote')")).toBe(1);
    expect(await countRows("SELECT count(*) AS n FROM showcase_votes WHERE id = 'new-vote'")).toBe(1);
  });
});
