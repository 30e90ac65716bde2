/**
 * Who reaches the organizers' desk and the organizer API (issue 32, ADR
 * 018), through the built worker and real D1: every desk page (app/desk/pages.ts)
 * and every API endpoint, for a visitor, a participant, a judge, each role,
 * a role holder whose session skipped the second factor, one with two-step
 * sign-in off, one unverified, and a desk session idle past a working day.
 *
 * A new desk page adds one line to `deskPageRoles`; a new action or query
 * is walked from the registry (its expectation is its permission, checked
 * against the roles' table in `rolePermissions`).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { organizerRoleNames, type OrganizerRoleName } from "~/content/organize";
import { deskPages } from "~/desk/pages";
import { organizerActions, organizerQueries } from "~/desk/registry.server";
import { can } from "~/organize/roles";
import { createOrganizerProposal, createRegistration, createSponsorship, createTeam } from "./factories";
import { completeProductionEnv } from "./production-env";
import { judge } from "./judging-helpers";
import { api, deskGet, deskPost, JUDGING, organizer, tokenOf, type Organizer } from "./organize-helpers";

/** Who may open each desk page: the roles, written out (not computed from app/organize/roles.ts). */
const deskPageRoles: Record<(typeof deskPages)[number]["path"], readonly OrganizerRoleName[]> = {
  "/organize": ["director", "coordinator", "registrar", "viewer"],
  "/organize/judges": ["director", "coordinator"],
  "/organize/assignments": ["director", "coordinator"],
  "/organize/appeals": ["director", "coordinator"],
  "/organize/results": ["director", "coordinator"],
  "/organize/votes": ["director", "coordinator"],
  "/organize/report": ["director", "coordinator", "viewer"],
  "/organize/report.csv": ["director", "coordinator", "viewer"],
  "/organize/people": ["director", "registrar"],
  "/organize/people/:id": ["director", "registrar"],
  "/organize/teams/:id": ["director", "registrar"],
  "/organize/registrations": ["director", "registrar"],
  "/organize/registrations.csv": ["director", "registrar"],
  "/organize/sponsorships": ["director", "registrar"],
  "/organize/sponsorships.csv": ["director", "registrar"],
  "/organize/sponsor-logos/:id": ["director", "registrar"],
  "/organize/profile-photos/:id": ["director", "coordinator"],
  "/organize/invoices": ["director", "registrar"],
  "/organize/invoices.csv": ["director", "registrar"],
  "/organize/organizations": ["director", "registrar"],
  "/organize/organizations.csv": ["director", "registrar"],
  "/organize/organizations/:id": ["director", "registrar"],
  "/organize/organization-logos/:id": ["director", "registrar"],
  "/organize/inbox": ["director", "registrar"],
  "/organize/showcase": ["director", "coordinator"],
  "/organize/proposals": ["director", "coordinator", "registrar"],
  "/organize/proposals/:id": ["director", "coordinator", "registrar"],
  "/organize/audit": ["director", "coordinator", "registrar"],
  "/organize/audit.csv": ["director", "coordinator", "registrar"],
  "/organize/audit/chain": ["director"],
  "/organize/organizers": ["director"],
  "/organize/tokens": ["director", "coordinator", "registrar", "viewer"],
  "/organize/credentials": ["director", "registrar"],
  "/organize/messages": ["director", "registrar"],
  "/organize/editions": ["director", "coordinator"],
  "/organize/editions/:id": ["director", "coordinator"],
  "/organize/preview": ["director", "coordinator"],
};

/** The permissions of issue 32's roles that this wave's actions and queries use, written out. */
const rolePermissions: Record<string, readonly OrganizerRoleName[]> = {
  "grant:organizer": ["director"],
  "remove:organizer": ["director"],
  "read:organizer": ["director"],
  "create:token": ["director", "coordinator", "registrar", "viewer"],
  "revoke:token": ["director", "coordinator", "registrar", "viewer"],
  "invite:judge": ["director", "coordinator"],
  "remove:judge": ["director", "coordinator"],
  "read:judge": ["director", "coordinator"],
  "decide:appeal": ["director", "coordinator"],
  "read:appeal": ["director", "coordinator"],
  "run:assignment": ["director", "coordinator"],
  "read:assignment": ["director", "coordinator"],
  "add:conflict": ["director", "coordinator"],
  "dismiss:conflict": ["director", "coordinator"],
  "read:conflict": ["director", "coordinator"],
  "propose:publication": ["director", "coordinator"],
  "read:report": ["director", "coordinator", "viewer"],
  "read:vote": ["director", "coordinator"],
  "exclude:vote": ["director", "coordinator"],
  "send:message": ["director", "registrar"],
  "read:person": ["director", "registrar"],
  "read:registration": ["director", "registrar"],
  "read:sponsorship": ["director", "registrar"],
  "review:sponsorship": ["director", "registrar"],
  "publish:profile": ["director", "coordinator"],
  "read:organization": ["director", "registrar"],
  "review:organization": ["director", "registrar"],
  "read:message": ["director", "registrar"],
  "handle:message": ["director", "registrar"],
  "read:showcase": ["director", "coordinator"],
  "moderate:showcase": ["director", "coordinator"],
  "extend:deadline": ["director", "coordinator"],
  "read:credential": ["director", "registrar"],
  "import:credential": ["director", "registrar"],
  "revoke:credential": ["director", "registrar"],
  "read:edition": ["director", "coordinator"],
  "draft:edition": ["director", "coordinator"],
  "publish:edition": ["director"],
  "change:edition": ["director"],
  "read:invoice": ["director", "registrar"],
  "resend:invoice": ["director", "registrar"],
  "void:invoice": ["director", "registrar"],
  "settle:invoice": ["director", "registrar"],
};

const proposalId = crypto.randomUUID();
/** A team and an organization for their history pages (issue 51). */
const teamId = crypto.randomUUID();
const organizationId = crypto.randomUUID();
/** An account for the person page (issue 33). */
let personId = "";
/** A sponsorship whose logo is under review, for the desk's preview of it (issue 54). */
const sponsorshipId = `spo_${crypto.randomUUID()}`;

beforeAll(async () => {
  personId = (await organizer(null)).id;
  const logoKey = `sponsor-logos/${"a".repeat(64)}.png`;
  await env.SUBMISSION_FILES.put(logoKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await createSponsorship({ id: sponsorshipId, userId: personId });
  await env.DB.prepare(
    "INSERT INTO sponsor_presences (sponsorship_id, edition_id, display_name, logo_key, status, updated_at) VALUES (?, '2026', 'Access Co', ?, 'submitted', ?)",
  )
    .bind(sponsorshipId, logoKey, new Date().toISOString())
    .run();
  // A judge's profile with a photo, for the desk's look at it before publishing (issue 54).
  const photoKey = `profile-photos/${"a".repeat(64)}.png`;
  await env.SUBMISSION_FILES.put(photoKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await env.DB.prepare(
    "INSERT INTO public_profiles (edition_id, user_id, standing, name, photo_key, photo_width, photo_height, consented_at, updated_at) VALUES ('2026', ?, 'judge', 'Access Judge', ?, 100, 100, ?, ?)",
  )
    .bind(personId, photoKey, new Date().toISOString(), new Date().toISOString())
    .run();
  // A proposal for the page with an id (of an action this deployment does not know: it only shows).
  await createOrganizerProposal({ id: proposalId });
  await createTeam({ id: teamId, name: "Access Team", createdBy: personId, createdAt: "2026-03-01T00:00:00.000Z" });
  await createRegistration({
    id: organizationId,
    userId: personId,
    registrationType: "workforce",
    amountCents: 0,
    firstName: "Test",
    lastName: "Buyer",
    email: "buyer@example.test",
    phone: "2085550100",
    companyName: "Access Co",
  });
  // Its public listing's logo under review, for the desk's preview of it (issue 54).
  const organizationLogoKey = `organization-logos/${"c".repeat(64)}.png`;
  await env.SUBMISSION_FILES.put(organizationLogoKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await env.DB.prepare(
    "INSERT INTO organization_listings (organization_id, edition_id, display_name, logo_key, status, submitted_at, updated_at) VALUES (?, '2026', 'Access Co', ?, 'submitted', ?, ?)",
  )
    .bind(organizationId, organizationLogoKey, new Date().toISOString(), new Date().toISOString())
    .run();
});

const pathOf = (path: string) =>
  path === "/organize/people/:id"
    ? `/organize/people/${personId}`
    : path === "/organize/teams/:id"
      ? `/organize/teams/${teamId}`
      : path === "/organize/organizations/:id"
        ? `/organize/organizations/${organizationId}`
        : path === "/organize/editions/:id"
          ? "/organize/editions/2026"
          : path === "/organize/sponsor-logos/:id"
            ? `/organize/sponsor-logos/${sponsorshipId}`
            : path === "/organize/organization-logos/:id"
              ? `/organize/organization-logos/${organizationId}`
              : path === "/organize/profile-photos/:id"
                ? `/organize/profile-photos/${personId}`
                : path.replace(":id", proposalId);

describe("the desk's pages", { timeout: 120_000 }, () => {
  it("every desk page has its expected roles here", () => {
    expect(Object.keys(deskPageRoles).sort()).toEqual(deskPages.map((p) => p.path).sort());
  });

  it("a visitor who is not signed in gets a 404, as for an address the desk does not have (ADR 021); GET and POST alike", async () => {
    for (const page of deskPages) {
      const response = await deskGet(pathOf(page.path));
      expect(response.status, page.path).toBe(404);
      expect(response.headers.get("location"), page.path).toBeNull();
      await response.arrayBuffer();
    }
    const post = await deskPost("/organize/organizers", { intent: "grant", email: "x@example.test", role: "viewer" });
    expect(post.status).toBe(404);
  });

  it("each role reaches its pages; a participant, a judge and everyone else get 404", async () => {
    const people: Record<string, Organizer> = {
      participant: await organizer(null),
      judge: { ...(await judge("judge", "2026")), role: null },
    };
    for (const role of organizerRoleNames) people[role] = await organizer(role);
    for (const page of deskPages) {
      for (const [name, who] of Object.entries(people)) {
        const response = await deskGet(pathOf(page.path), who);
        const allowed = who.role !== null && deskPageRoles[page.path].includes(who.role);
        expect(response.status, `${name} ${page.path}`).toBe(allowed ? 200 : 404);
        await response.arrayBuffer();
      }
    }
  });

  it("a role holder is refused (404) unless verified, two-step sign-in on and this session passed it", async () => {
    const cases = {
      "session skipped the second factor": await organizer("director", { secondFactorSession: false }),
      "two-step sign-in off": await organizer("director", { twoFactor: false }),
      unverified: await organizer("director", { verified: false }),
    };
    for (const [name, who] of Object.entries(cases)) {
      for (const page of deskPages) {
        const response = await deskGet(pathOf(page.path), who);
        expect(response.status, `${name} ${page.path}`).toBe(404);
        await response.arrayBuffer();
      }
      const post = await deskPost("/organize/organizers", { intent: "grant", email: who.email, role: "viewer" }, who);
      expect(post.status, name).toBe(404);
    }
  });

  it("the header's account menu links the desk to exactly those it admits (issue 35)", async () => {
    const cases: [string, Organizer, boolean][] = [
      ["viewer", await organizer("viewer"), true],
      ["participant", await organizer(null), false],
      ["session skipped the second factor", await organizer("director", { secondFactorSession: false }), false],
      ["unverified", await organizer("director", { verified: false }), false],
    ];
    for (const [name, who, linked] of cases) {
      const html = await (await deskGet("/", who)).text();
      expect(html.includes('href="/organize"'), name).toBe(linked);
    }
  });

  it("a desk session idle past a working day is signed out and asked to sign in again", async () => {
    const who = await organizer("coordinator");
    expect((await deskGet("/organize", who)).status).toBe(200);
    const session = await env.DB.prepare("SELECT id FROM session WHERE user_id = ?")
      .bind(who.id)
      .first<{ id: string }>();
    // 8 hours and a minute before the judging window's clock (the tests' APP_NOW).
    const idleSince = new Date(new Date(JUDGING.APP_NOW).getTime() - (8 * 60 + 1) * 60_000).toISOString();
    await env.DB.prepare("UPDATE organizer_sessions SET last_request_at = ? WHERE session_id = ?")
      .bind(idleSince, session!.id)
      .run();
    const response = await deskGet("/organize/judges", who);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/organize/judges")}`);
    expect(await env.DB.prepare("SELECT id FROM session WHERE id = ?").bind(session!.id).first()).toBeNull();
    // The same cookie no longer opens anything: it is signed out, and a visitor gets the desk's 404.
    expect((await deskGet("/organize", who)).status).toBe(404);

    // Under a working day since the last desk request: still in.
    const busy = await organizer("coordinator");
    expect((await deskGet("/organize", busy)).status).toBe(200);
    const later = { APP_NOW: new Date(new Date(JUDGING.APP_NOW).getTime() + 7 * 3_600_000).toISOString() };
    expect((await deskGet("/organize", busy, later)).status).toBe(200);
  });
});

describe("the organizer API", { timeout: 120_000 }, () => {
  it("every permission this wave uses is written out here, and the roles agree", () => {
    const used = new Set(
      [...Object.values(organizerActions), ...Object.values(organizerQueries)].map((a) => a.permission),
    );
    for (const permission of used) {
      expect(rolePermissions[permission], permission).toBeDefined();
      for (const role of organizerRoleNames) {
        expect(can(role, permission), `${role} ${permission}`).toBe(rolePermissions[permission]!.includes(role));
      }
    }
  });

  it("refuses a call without a token, with a made-up one, a revoked one, and one whose owner lost their role or second factor", async () => {
    const director = await organizer("director");
    const revoked = await tokenOf(director);
    await env.DB.prepare("UPDATE organizer_tokens SET revoked_at = '2026-03-02T00:00:00.000Z' WHERE user_id = ?")
      .bind(director.id)
      .run();
    const formerOrganizer = await organizer("coordinator");
    const formerToken = await tokenOf(formerOrganizer);
    await env.DB.prepare("DELETE FROM organizer_roles WHERE user_id = ?").bind(formerOrganizer.id).run();
    const noSecondFactor = await organizer("director");
    const noSecondFactorToken = await tokenOf(noSecondFactor);
    await env.DB.prepare("UPDATE user SET two_factor_enabled = 0 WHERE id = ?").bind(noSecondFactor.id).run();
    const participant = await organizer(null);
    const participantToken = await tokenOf(participant);
    const tokens = {
      none: undefined,
      "made up": "iac_org_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
      revoked,
      "role removed": formerToken,
      "two-step sign-in off": noSecondFactorToken,
      "a participant's": participantToken,
    };
    const endpoints: ["GET" | "POST", string][] = [
      ["GET", "/me"],
      ["GET", "/actions"],
      ...Object.keys(organizerActions).map((id): ["POST", string] => ["POST", `/actions/${id}`]),
      ...Object.keys(organizerQueries).map((id): ["GET", string] => ["GET", `/queries/${id}`]),
      ...Object.keys(organizerQueries).map((id): ["POST", string] => ["POST", `/queries/${id}`]),
      ["POST", `/proposals/${proposalId}/confirm`],
    ];
    for (const [name, token] of Object.entries(tokens)) {
      for (const [method, path] of endpoints) {
        const response = await api(method, path, { token, body: method === "POST" ? {} : undefined });
        expect(response.status, `${name} ${method} ${path}`).toBe(401);
        expect(response.headers.get("cache-control")).toBe("private, no-store");
        await response.arrayBuffer();
      }
    }
    // A session cookie is not a token.
    const cookieOnly = await api("GET", "/me", { headers: { cookie: director.cookie } });
    expect(cookieOnly.status).toBe(401);
  });

  it("each role's token reaches what its role allows, and is refused (403) the rest", async () => {
    for (const role of organizerRoleNames) {
      const who = await organizer(role);
      const token = await tokenOf(who);
      const me = await api("GET", "/me", { token });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: who.email, role });
      for (const [id, action] of Object.entries(organizerActions)) {
        // An empty input changes nothing: an allowed role gets past the role check to the input's
        // (400: a field is missing; 404: the empty id names nothing; 409: an action without fields, such as
        // notifications.requeue, finds nothing to do); the rest, and a desk-only action, get 403.
        const response = await api("POST", `/actions/${id}`, { token, body: {} });
        const allowed = rolePermissions[action.permission]!.includes(role);
        const deskOnly = action.doors !== undefined && !action.doors.includes("api");
        if (!allowed || deskOnly) expect(response.status, `${role} ${id}`).toBe(403);
        else expect([400, 404, 409], `${role} ${id}: ${response.status}`).toContain(response.status);
        await response.arrayBuffer();
      }
      for (const [id, query] of Object.entries(organizerQueries)) {
        const response = await api("GET", `/queries/${id}`, { token });
        // An allowed role gets the answer, or 400 from a query whose input is required (a preview's text).
        const answered = query.input.safeParse({}).success ? 200 : 400;
        expect(response.status, `${role} ${id}`).toBe(
          rolePermissions[query.permission]!.includes(role) ? answered : 403,
        );
        await response.arrayBuffer();
      }
      const confirm = await api("POST", `/proposals/${proposalId}/confirm`, { token, body: {} });
      expect(confirm.status).toBe(403);
      await confirm.arrayBuffer();
    }
  });

  it("answers 404 to an unknown action or query, and to inherited names", async () => {
    const token = await tokenOf(await organizer("director"));
    for (const path of ["/actions/nothing.here", "/actions/toString", "/queries/__proto__"]) {
      const post = path.startsWith("/actions");
      const response = await api(post ? "POST" : "GET", path, { token, body: post ? {} : undefined });
      expect(response.status, path).toBe(404);
      await response.arrayBuffer();
    }
  });

  it("the bootstrap step is closed in production without a secret of its own", async () => {
    const production = { ...completeProductionEnv };
    const closed = await api("POST", "/bootstrap", {
      token: "development-only-organizer-bootstrap-secret",
      body: { email: "a@example.test", role: "director" },
      clock: production,
    });
    expect(closed.status).toBe(404);
    const developmentSecret = await api("POST", "/bootstrap", {
      token: "development-only-organizer-bootstrap-secret",
      body: { email: "a@example.test", role: "director" },
      clock: { ...production, ORGANIZER_BOOTSTRAP_SECRET: "development-only-organizer-bootstrap-secret" },
    });
    expect(developmentSecret.status).toBe(404);
    const wrong = await api("POST", "/bootstrap", {
      token: "not the secret",
      body: { email: "a@example.test", role: "director" },
      clock: { ...production, ORGANIZER_BOOTSTRAP_SECRET: "a production bootstrap secret of 32+ characters" },
    });
    expect(wrong.status).toBe(401);
  });
});
