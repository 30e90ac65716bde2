/**
 * Judges' and advisors' profiles (issue 54): an advisor is invited from an
 * interest form on the desk with the judges' one invitation, accepts as a
 * judge does and is never a judge (never assigned, never let into
 * /judging); a judge opts in to a public profile while accepting; a bio too
 * long and a photo the logos' checks refuse are refused with clear words;
 * nothing shows on /judges-advisors before a coordinator publishes (a
 * registrar may not); the page then groups the profiles; withdrawing
 * consent removes one on the next request; deleting the account deletes it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { profileRules } from "~/content/profiles";
import { uniqueIp } from "./auth-helpers";
import { createJudgeAdvisorInterest } from "./factories";
import { account, invitation, judge, JUDGING, judgingGet, submittedProject, type Account } from "./judging-helpers";
import { api, auditSince, deskGet, deskPost, lastAuditId, organizer, tokenOf } from "./organize-helpers";
import { png, svg } from "./sponsor-helpers";
import { fetchWithEnv } from "./worker";
import { profilesPageData } from "~/profiles/shown.server";

const text = (response: Response) => response.text();

/** A multipart post as the page's form sends it (with a file). */
function multipart(path: string, fields: Record<string, string | File>, who: Account) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetchWithEnv(path, JUDGING, {
    method: "POST",
    headers: {
      "cf-connecting-ip": uniqueIp(),
      cookie: who.cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: form,
    redirect: "manual",
  });
}

const photoFile = async (width = 200, height = 240) =>
  new File([await png(width, height)], "me.png", { type: "image/png" });

/** The token in the invitation e-mail the desk queued for `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT payload FROM notifications WHERE recipient = ? AND kind = 'judge-invitation' ORDER BY created_at DESC LIMIT 1",
  )
    .bind(email.toLowerCase())
    .first<{ payload: string }>();
  const path = (JSON.parse(row!.payload) as { path: string }).path;
  return new URL(path, "http://localhost").searchParams.get("token")!;
}

const page = () => judgingGet("/judges-advisors").then(text);

describe("judges' and advisors' profiles", { timeout: 120_000 }, () => {
  let advisor: Account;
  let judgeWho: Account;

  it("invites an advisor from an interest form on the desk, who accepts with a profile and is never a judge", async () => {
    advisor = await account("advisor");
    const interestId = await createJudgeAdvisorInterest({
      role: "advisor",
      firstName: "Avery",
      lastName: "Adviser",
      email: advisor.email,
    });
    const coordinator = await organizer("coordinator");
    // The offers to advise are a tab of the judges' page; the invitation posts from it.
    const desk = await text(await deskGet("/organize/judges?view=advisor-interests", coordinator));
    expect(desk).toContain("Offers to advise");
    expect(desk).toContain("Invite as advisor");

    const invited = await deskPost(
      "/organize/judges?view=advisor-interests",
      { intent: "invite", interestId: String(interestId), standing: "advisor", advisoryGroup: "academic-leaders" },
      coordinator,
    );
    expect(invited.status).toBe(303);
    const stored = await env.DB.prepare(
      "SELECT standing, advisory_group AS advisoryGroup, interest_id AS interestId FROM judge_invitations WHERE email = ?",
    )
      .bind(advisor.email)
      .first();
    expect(stored).toEqual({ standing: "advisor", advisoryGroup: "academic-leaders", interestId });
    const token = await tokenMailedTo(advisor.email);
    const mail = await env.DB.prepare(
      "SELECT subject FROM notifications WHERE recipient = ? AND kind = 'judge-invitation'",
    )
      .bind(advisor.email)
      .first<{ subject: string }>();
    expect(mail?.subject).toContain("advise");

    const invitationPage = await text(await judgingGet(`/judging/invitation?token=${token}`, advisor));
    expect(invitationPage).toContain("Accept and become an advisor");
    expect(invitationPage).toContain("Academic Leaders");
    expect(invitationPage.toLowerCase()).toContain('enctype="multipart/form-data"');

    const accepted = await multipart(
      `/judging/invitation?token=${token}`,
      {
        intent: "accept",
        token,
        consent: "on",
        name: "Avery Adviser",
        title: "Dean of Engineering",
        organization: "Boise State University",
        bio: "Teaches machine learning.\nAdvises on the training.",
        photo: await photoFile(),
      },
      advisor,
    );
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/account/profile");
    const row = await env.DB.prepare("SELECT advisory_group AS advisoryGroup FROM advisors WHERE user_id = ?")
      .bind(advisor.id)
      .first();
    expect(row).toEqual({ advisoryGroup: "academic-leaders" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM judges WHERE user_id = ?").bind(advisor.id).first()).toEqual(
      { n: 0 },
    );
    const profile = await env.DB.prepare(
      "SELECT standing, name, bio, photo_key AS photoKey, published_at AS publishedAt FROM public_profiles WHERE user_id = ?",
    )
      .bind(advisor.id)
      .first<{ standing: string; name: string; bio: string; photoKey: string; publishedAt: string | null }>();
    expect(profile).toMatchObject({
      standing: "advisor",
      name: "Avery Adviser",
      bio: "Teaches machine learning.\nAdvises on the training.",
      publishedAt: null,
    });
    expect(profile?.photoKey).toMatch(/^profile-photos\/[0-9a-f]{64}\.png$/);

    // Never a judge: /judging says judging is by invitation, its pages answer 404, no assignment names them.
    expect(await text(await judgingGet("/judging", advisor))).toContain("Judging is by invitation");
    expect((await judgingGet("/judging/projects/any-team", advisor)).status).toBe(404);
    await submittedProject("2026");
    await judge("run-judge", "2026");
    const director = await organizer("director");
    const run = await api("POST", "/actions/assignments.run", {
      token: await tokenOf(director),
      body: { confirm: "run" },
    });
    expect(run.status).toBe(200);
    const assigned = await env.DB.prepare("SELECT count(*) AS n FROM judging_assignments WHERE judge_user_id = ?")
      .bind(advisor.id)
      .first<{ n: number }>();
    expect(assigned!.n).toBe(0);
    const anyAssigned = await env.DB.prepare("SELECT count(*) AS n FROM judging_assignments").first<{ n: number }>();
    expect(anyAssigned!.n).toBeGreaterThan(0);
  });

  it("lets a judge opt in while accepting, and refuses a bio too long or a photo the logos' checks refuse, leaving the link unused", async () => {
    judgeWho = await account("judge-profile");
    const token = await invitation(judgeWho.email, { name: "Jordan Judge" });

    const longBio = await multipart(
      `/judging/invitation?token=${token}`,
      { intent: "accept", token, consent: "on", name: "Jordan Judge", bio: "x".repeat(profileRules.bioMax + 1) },
      judgeWho,
    );
    expect(longBio.status).toBe(400);
    expect(await text(longBio)).toContain(`The bio must be ${profileRules.bioMax} characters or fewer`);

    const scripted = await multipart(
      `/judging/invitation?token=${token}`,
      {
        intent: "accept",
        token,
        consent: "on",
        name: "Jordan Judge",
        photo: new File([svg('<script>alert(1)</script><rect width="10" height="10"/>')], "me.svg"),
      },
      judgeWho,
    );
    expect(scripted.status).toBe(400);
    const refusal = await text(scripted);
    expect(refusal).toContain("The SVG contains a script. Photos are shown as pictures only");
    const unused = await env.DB.prepare("SELECT accepted_at AS acceptedAt FROM judge_invitations WHERE email = ?")
      .bind(judgeWho.email)
      .first();
    expect(unused).toEqual({ acceptedAt: null });

    const accepted = await multipart(
      `/judging/invitation?token=${token}`,
      {
        intent: "accept",
        token,
        consent: "on",
        name: "Jordan Judge",
        title: "Chief Data Officer",
        organization: "Gem State Analytics",
        bio: "Scores projects.",
        photo: await photoFile(300, 300),
      },
      judgeWho,
    );
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/judging");
    const profile = await env.DB.prepare("SELECT standing, title FROM public_profiles WHERE user_id = ?")
      .bind(judgeWho.id)
      .first();
    expect(profile).toEqual({ standing: "judge", title: "Chief Data Officer" });
  });

  it("shows nothing before a coordinator publishes; a registrar may not; publishing is audited and the page groups the profiles", async () => {
    const before = await page();
    expect(before).toContain("Judge Profiles Coming Soon");
    expect(before).not.toContain("Avery Adviser");
    expect(before).not.toContain("Jordan Judge");
    const photoKey = await env.DB.prepare("SELECT photo_key AS k FROM public_profiles WHERE user_id = ?")
      .bind(advisor.id)
      .first<{ k: string }>();
    const photoPath = `/profile-photos/${photoKey!.k.slice("profile-photos/".length)}`;
    expect((await judgingGet(photoPath)).status).toBe(404);

    const registrar = await organizer("registrar");
    // The judges' page is not a registrar's (a 404, as for any desk page not theirs), nor is the action.
    expect(
      (await deskPost("/organize/judges", { intent: "publish-profiles", confirm: "publish" }, registrar)).status,
    ).toBe(404);
    const refused = await api("POST", "/actions/profiles.publish", {
      token: await tokenOf(registrar),
      body: { confirm: "publish" },
    });
    expect(refused.status).toBe(403);
    expect(await page()).toContain("Judge Profiles Coming Soon");

    const coordinator = await organizer("coordinator");
    const since = await lastAuditId();
    const published = await deskPost(
      "/organize/judges",
      { intent: "publish-profiles", confirm: "publish" },
      coordinator,
    );
    expect(published.status).toBe(303);
    const audit = await auditSince(since);
    expect(audit.map((row) => row.action)).toEqual(["profiles.publish"]);
    expect(audit[0]!.summary).toContain("Published 2");

    const after = await page();
    expect(after).not.toContain("Judge Profiles Coming Soon");
    const judgesAt = after.indexOf('id="profiles-judges"');
    const academicAt = after.indexOf('id="profiles-academic-leaders"');
    expect(judgesAt).toBeGreaterThan(-1);
    expect(academicAt).toBeGreaterThan(judgesAt);
    expect(after.indexOf("Jordan Judge")).toBeGreaterThan(judgesAt);
    expect(after.indexOf("Jordan Judge")).toBeLessThan(academicAt);
    expect(after.indexOf("Avery Adviser")).toBeGreaterThan(academicAt);
    // Groups without profiles do not appear.
    expect(after).not.toContain('id="profiles-industry-experts"');
    // The photo: fixed size, the name as its alt text, served while published.
    expect(after).toMatch(new RegExp(`<img src="${photoPath}" alt="Avery Adviser" width="80" height="96"`));
    const served = await judgingGet(photoPath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // The visitor's browser may keep it a while, no shared cache: a withdrawn photo is gone from its address at once.
    expect(served.headers.get("cache-control")).toBe("private, max-age=300");
    // No script on the page.
    expect(after).not.toMatch(/<script[^>]+src=/);
  });

  it("removes a profile from the next request when its person withdraws consent", async () => {
    const photoKey = await env.DB.prepare("SELECT shown_photo_key AS k FROM public_profiles WHERE user_id = ?")
      .bind(advisor.id)
      .first<{ k: string }>();
    const accountPage = await text(await judgingGet("/account", advisor));
    expect(accountPage).toContain("/account/profile");
    const profilePage = await text(await judgingGet("/account/profile", advisor));
    expect(profilePage).toContain("Published on /judges-advisors.");

    const withdrawn = await multipart("/account/profile", { intent: "withdraw" }, advisor);
    expect(withdrawn.status).toBe(303);
    const after = await page();
    expect(after).not.toContain("Avery Adviser");
    expect(after).not.toContain('id="profiles-academic-leaders"');
    expect(after).toContain("Jordan Judge");
    expect((await judgingGet(`/profile-photos/${photoKey!.k.slice("profile-photos/".length)}`)).status).toBe(404);
    expect(await env.SUBMISSION_FILES.get(photoKey!.k)).toBeNull();
  });

  it("shows a withdrawal written by another isolate on the next view: no copy is kept, and no shared cache keeps the page", async () => {
    const elsewhere = await account("elsewhere");
    const at = "2026-03-20T00:00:00.000Z";
    await env.DB.prepare(
      "INSERT INTO public_profiles (edition_id, user_id, standing, name, consented_at, updated_at, shown_name, published_at) VALUES ('2026', ?, 'judge', 'Robin Elsewhere', ?, ?, 'Robin Elsewhere', ?)",
    )
      .bind(elsewhere.id, at, at, at)
      .run();
    const names = async () =>
      ((await profilesPageData(env as Env, "2026"))?.judges ?? []).map((profile) => profile.name);
    expect(await names()).toContain("Robin Elsewhere");
    // Withdrawn through another isolate: this one was told nothing.
    await env.DB.prepare("DELETE FROM public_profiles WHERE user_id = ?").bind(elsewhere.id).run();
    expect(await names()).not.toContain("Robin Elsewhere");

    const anonymous = await judgingGet("/judges-advisors");
    await anonymous.arrayBuffer();
    expect(anonymous.headers.get("cache-control")).toBe("private, no-cache");
    const data = await judgingGet("/judges-advisors.data");
    await data.arrayBuffer();
    expect(data.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("deletes the profile with the account", async () => {
    const deleted = await fetchWithEnv("/account", JUDGING, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
        cookie: judgeWho.cookie,
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({ intent: "delete-account", password: "a good passphrase", confirm: "yes" }).toString(),
      redirect: "manual",
    });
    expect(deleted.status).toBe(303);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM public_profiles WHERE user_id = ?").bind(judgeWho.id).first(),
    ).toEqual({ n: 0 });
    expect(await page()).not.toContain("Jordan Judge");
  });
});
