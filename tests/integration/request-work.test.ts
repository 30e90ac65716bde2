/**
 * Every request does only its own work (issue 34), counted through the built
 * worker: its D1 binding is wrapped to count every statement and round trip
 * (workers/bench/counting-d1.ts, the bench's own counter), and nothing of
 * ours is replaced. A vote that goes in costs the session read and one
 * guarded upsert; a signed-in page reads the session once, however many of
 * its loaders and middleware ask who is signed in; the gallery's page costs
 * the same statements whatever the edition's size; the bench's floor route
 * is not in this (a normal) build.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countingD1, newTally, type D1Tally } from "../../workers/bench/counting-d1";
import { uniqueIp } from "./auth-helpers";
import { person, type Person } from "./portal-helpers";
import { SHOWCASE, submittedProject, voteRows } from "./showcase-helpers";
import { fetchSite, fetchWithEnv } from "./worker";

/** A request to the built worker with its statements counted. */
async function counted(path: string, init: RequestInit = {}): Promise<{ response: Response; tally: D1Tally }> {
  const tally = newTally();
  const response = await fetchWithEnv(
    path,
    { ...SHOWCASE, DB: countingD1(env.DB, tally) },
    { redirect: "manual", ...init },
  );
  await response.arrayBuffer();
  return { response, tally };
}

function votePost(who: Person) {
  return {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "cf-connecting-ip": uniqueIp(),
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
      cookie: who.cookie,
    },
    body: "intent=vote",
  } satisfies RequestInit;
}

/** The statements that look this browser's session up by its token (better-auth's session read). */
const sessionReads = (tally: D1Tally) => tally.sql.filter((sql) => sql.includes('"session"."token" = ?'));

describe("the vote at its floor", { timeout: 60_000 }, () => {
  it("casts and moves a vote in two statements and two round trips: the session read and one guarded upsert", async () => {
    const first = await submittedProject("floor", { title: "Floor First" });
    const second = await submittedProject("floor", { title: "Floor Second" });
    const voter = await person("floor-voter", { enrolled: false });

    const cast = await counted(`/showcase/${first.slug}`, votePost(voter));
    expect(cast.response.status).toBe(303);
    expect(cast.tally.statements, cast.tally.sql.join("\n")).toBe(2);
    expect(cast.tally.roundTrips).toBe(2);
    expect(sessionReads(cast.tally)).toHaveLength(1);

    const moved = await counted(`/showcase/${second.slug}`, votePost(voter));
    expect(moved.response.status).toBe(303);
    expect(moved.tally.statements, moved.tally.sql.join("\n")).toBe(2);

    const again = await counted(`/showcase/${second.slug}`, votePost(voter));
    expect(again.response.status).toBe(303);
    expect(again.tally.statements).toBe(2);

    const rows = (await voteRows()).filter((r) => r.userId === voter.id);
    expect(rows).toEqual([expect.objectContaining({ teamId: second.teamId, moves: 1 })]);
  });

  it("reads the project apart only to explain a refusal", async () => {
    const project = await submittedProject("floor-own", { members: 2 });
    const own = await counted(`/showcase/${project.slug}`, votePost(project.members[1]!));
    expect(own.response.status).toBe(403);
    // The session, the upsert that wrote nothing, and the read that says why; then the page again.
    expect(own.tally.sql.filter((sql) => /^insert into "showcase_votes"/i.test(sql))).toHaveLength(1);
    expect(sessionReads(own.tally)).toHaveLength(1);
  });
});

describe("one session read per request", { timeout: 60_000 }, () => {
  it("reads the session once on a signed-in project page, /account and the portal, whoever asks", async () => {
    const project = await submittedProject("one-read");
    const reader = await person("one-read");
    for (const path of [`/showcase/${project.slug}`, "/account", "/portal", "/register"]) {
      const { response, tally } = await counted(path, { headers: { cookie: reader.cookie } });
      expect(response.status, path).toBe(200);
      expect(sessionReads(tally), `${path}:\n${tally.sql.join("\n")}`).toHaveLength(1);
    }
  });

  it("reads no session without a session cookie", async () => {
    const project = await submittedProject("no-read");
    const { response, tally } = await counted(`/showcase/${project.slug}`);
    expect(response.status).toBe(200);
    expect(sessionReads(tally)).toHaveLength(0);
  });
});

describe("what better-auth still does itself", { timeout: 60_000 }, () => {
  const DAY = 86_400_000;
  const sessionOf = (userId: string) =>
    env.DB.prepare("SELECT expires_at AS expiresAt FROM session WHERE user_id = ?")
      .bind(userId)
      .first<{ expiresAt: number }>();

  it("refreshes a session a day old, and the page forwards its new cookie once", async () => {
    const reader = await person("refresh", { enrolled: false });
    // Seven days' life, due for its refresh after one (better-auth's defaults).
    await env.DB.prepare("UPDATE session SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() + 5 * DAY, reader.id)
      .run();
    const { response } = await counted("/account", { headers: { cookie: reader.cookie } });
    expect(response.status).toBe(200);
    const refreshed = response.headers.getSetCookie().filter((cookie) => cookie.includes("session_token="));
    expect(refreshed).toHaveLength(1);
    expect((await sessionOf(reader.id))!.expiresAt).toBeGreaterThan(Date.now() + 6 * DAY);
    // Fresh again: the next request is a read, with nothing to forward.
    const next = await counted("/account", { headers: { cookie: reader.cookie } });
    expect(next.response.headers.getSetCookie().filter((cookie) => cookie.includes("session_token="))).toEqual([]);
    expect(sessionReads(next.tally)).toHaveLength(1);
  });

  it("ends an expired session: signed out, the session deleted and its cookie cleared", async () => {
    const reader = await person("expired", { enrolled: false });
    await env.DB.prepare("UPDATE session SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, reader.id)
      .run();
    const { response } = await counted("/account", { headers: { cookie: reader.cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/auth");
    expect(await sessionOf(reader.id)).toBeNull();
    expect(response.headers.getSetCookie().some((cookie) => /session_token=;.*max-age=0/i.test(cookie))).toBe(true);
  });

  it("treats a session cookie with a forged signature as no session", async () => {
    const reader = await person("forged", { enrolled: false });
    const forged = reader.cookie.replace(
      /(better-auth\.session_token=[^.;]+\.)[^;]+/,
      "$1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D",
    );
    expect(forged).not.toBe(reader.cookie);
    const { response, tally } = await counted("/account", { headers: { cookie: forged } });
    expect(response.status).toBe(302);
    expect(sessionReads(tally)).toHaveLength(0);
  });
});

describe("the gallery a page at a time", { timeout: 120_000 }, () => {
  it("costs the same statements with one page of projects or several", async () => {
    const few = await counted("/showcase");
    for (let i = 0; i < 30; i++)
      await submittedProject("paged", { title: `Paged Project ${String(i).padStart(2, "0")}` });
    const many = await counted("/showcase");
    expect(many.response.status).toBe(200);
    expect(many.tally.statements).toBe(few.tally.statements);
  });
});

describe("the bench's floor route", () => {
  it("is not in a normal build: the path is an ordinary 404 and no response counts statements", async () => {
    const response = await fetchSite("/__bench/floor/some-project", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: "intent=vote",
      redirect: "manual",
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("x-bench-d1")).toBeNull();
  });
});
