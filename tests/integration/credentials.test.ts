/**
 * Credentials (issue 26) end to end in the real worker with real D1: the
 * participant who completes the three certifications, submits a capstone and
 * becomes a finalist holds five credentials on /account; each public page
 * verifies; the JSON passes the OB 3.0 JSON Schema and verifies with the
 * library's own verifier through a separate path, a tampered copy fails;
 * revocation flips the page and /verify; awards from published_results; the
 * organization's completion rates. Outbound fetch is refused throughout:
 * nothing here may reach the network while signing or verifying.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import * as vc from "@digitalbazaar/vc";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite as eddsaRdfc2022 } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import { contexts as credentialsContexts } from "@digitalbazaar/credentials-context";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { achievementsFor, certificationIds, STATUS_LIST_SIZE } from "~/content/credentials";
import { completionSql, resultCredentialsSql } from "~/credentials/issuance-sql";
import { sqlText } from "~/credentials/issuance.server";
import { DEVELOPMENT_SIGNING_KEY } from "~/credentials/keys";
import { OB_CONTEXT, signCredential, signingKeyFromSeed, VC_V2_CONTEXT } from "~/credentials/proof.server";
import { missingProductionSettings } from "~/lib/config.server";
import { completeProductionEnv } from "./production-env";
import { DATA_LIFECYCLE_CRON } from "~/retention/records.server";
import obContext from "../../app/credentials/contexts/ob-context-3.0.3.json";
import schema from "../fixtures/ob3/ob_v3p0_achievementcredential_schema.json";
import { seedRegistration } from "./account-helpers";
import { uniqueIp } from "./auth-helpers";
import { person, type Person } from "./portal-helpers";
import { builtWorker, fetchWithEnv } from "./worker";

const AFTER_DEADLINE = { APP_NOW: "2026-05-01T12:00:00-06:00" };
const ORIGIN = "http://localhost";

function get(path: string, who?: Person | null, clock = AFTER_DEADLINE) {
  return fetchWithEnv(path, clock, { headers: who ? { cookie: who.cookie } : {}, redirect: "manual" });
}

function postVerify(fields: { credential?: string; file?: string }, clock = AFTER_DEADLINE) {
  const form = new FormData();
  form.append("credential", fields.credential ?? "");
  if (fields.file !== undefined)
    form.append("file", new File([fields.file], "credential.json", { type: "application/json" }));
  return fetchWithEnv("/verify", clock, {
    method: "POST",
    headers: { "cf-connecting-ip": uniqueIp(), origin: ORIGIN, "sec-fetch-site": "same-origin" },
    body: form,
  });
}

async function rows<T>(sql: string, ...values: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...values)
      .all<T>()
  ).results;
}

/** A user row without the sign-up flow, for team mates who never sign in here. */
async function plainUser(tag: string): Promise<{ id: string; email: string }> {
  const id = `u_${crypto.randomUUID()}`;
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await env.DB.prepare('INSERT INTO "user" (id, name, email) VALUES (?, ?, ?)').bind(id, `Mate ${tag}`, email).run();
  return { id, email };
}

async function importCertifications(userId: string, ids: readonly string[] = certificationIds) {
  for (const achievement of ids) {
    for (const sql of completionSql(
      sqlText,
      { editionId: "2026", userId, achievement, completedOn: "2026-02-01" },
      "2026-02-02T10:00:00.000Z",
    )) {
      await env.DB.prepare(sql).run();
    }
  }
}

async function teamWithSubmission(members: string[], submittedAt: string | null): Promise<string> {
  const teamId = `team_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO teams (id, edition_id, name, created_by, created_at) VALUES (?, '2026', ?, ?, ?)")
    .bind(teamId, `Team ${teamId.slice(5, 11)}`, members[0], "2026-02-01T00:00:00Z")
    .run();
  for (const [i, userId] of members.entries()) {
    await env.DB.prepare(
      "INSERT INTO team_members (team_id, user_id, edition_id, role, joined_at) VALUES (?, ?, '2026', ?, ?)",
    )
      .bind(teamId, userId, i === 0 ? "lead" : "member", `2026-02-01T00:00:0${i}Z`)
      .run();
  }
  await env.DB.prepare(
    `INSERT INTO submissions (team_id, edition_id, status, submitted_at, submitted_by, created_at, updated_at, updated_by)
     VALUES (?, '2026', ?, ?, ?, '2026-02-05T00:00:00Z', '2026-02-05T00:00:00Z', ?)`,
  )
    .bind(teamId, submittedAt ? "submitted" : "draft", submittedAt, members[0], members[0])
    .run();
  return teamId;
}

async function runDailyJob(at: string) {
  const worker = await builtWorker();
  const ctx = createExecutionContext();
  await worker.scheduled(
    createScheduledController({ scheduledTime: new Date(at).getTime(), cron: DATA_LIFECYCLE_CRON }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
}

async function publish(award: string, teamId: string) {
  await env.DB.prepare(
    `INSERT INTO published_results (edition_id, award, team_id, place, team_name, project_title, published_at, published_by)
     VALUES ('2026', ?, ?, 1, 'The Team', 'Invoice Triage Bot', '2026-04-20T18:00:00Z', 'organizer')`,
  )
    .bind(award, teamId)
    .run();
  const ids = achievementsFor("2026")
    .filter((a) => a.kind === "finalist" || a.kind === "award")
    .map((a) => a.id);
  return (await env.DB.prepare(resultCredentialsSql(sqlText, "2026", ids, "2026-04-20T18:05:00.000Z")).all()).results;
}

async function credentialIdsOf(userId: string) {
  return rows<{ id: string; achievement: string }>(
    "SELECT id, achievement FROM credentials WHERE user_id = ? ORDER BY seq",
    userId,
  );
}

async function nthCredentialId(userId: string, n = 0): Promise<string> {
  const held = await credentialIdsOf(userId);
  const credential = held[n];
  if (!credential) throw new Error(`no credential #${n} for ${userId}`);
  return credential.id;
}

async function signedJson(id: string, who?: Person) {
  const response = await get(`/credentials/${id}/credential.json`, who);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toContain("attachment");
  return (await response.json()) as Record<string, unknown>;
}

/** The library's own verifier, with its own offline loader: nothing of the site's verification code. */
async function libraryVerifies(credential: unknown): Promise<boolean> {
  const issuerDoc = (await (await get("/credentials/issuer")).json()) as {
    id: string;
    assertionMethod: string[];
    verificationMethod: { id: string }[];
  };
  const documents = new Map<string, unknown>([
    ["https://www.w3.org/ns/credentials/v2", credentialsContexts.get("https://www.w3.org/ns/credentials/v2")],
    ["https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json", obContext],
    ...issuerDoc.verificationMethod.map((method) => [method.id, method] as [string, unknown]),
  ]);
  const result = await vc.verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
    purpose: new vc.CredentialIssuancePurpose({
      controller: { id: issuerDoc.id, assertionMethod: issuerDoc.assertionMethod },
    }),
    documentLoader: async (url: string) => {
      if (!documents.has(url)) throw new Error(`not offline: ${url}`);
      return { contextUrl: null, documentUrl: url, document: documents.get(url) };
    },
    checkStatus: async () => ({ verified: true }),
  });
  return result.verified;
}

const refusedFetches: string[] = [];

beforeAll(() => {
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    refusedFetches.push(String(input instanceof Request ? input.url : input));
    throw new Error("outbound fetch refused in the credentials tests");
  });
});
afterAll(() => {
  vi.unstubAllGlobals();
  expect(refusedFetches).toEqual([]);
});

describe("a participant's five credentials", () => {
  let holder: Person;
  let mate: { id: string; email: string };
  let teamId: string;

  beforeAll(async () => {
    holder = await person("holder");
    mate = await plainUser("mate");
    await importCertifications(holder.id);
    await importCertifications(mate.id, ["ai-communicator", "ai-creator"]);
    teamId = await teamWithSubmission([holder.id, mate.id], "2026-03-10T20:00:00Z");
  });

  it("issues AI Innovator only after the deadline, only to members holding the three certifications", async () => {
    await runDailyJob("2026-03-15T16:00:00Z");
    expect((await credentialIdsOf(holder.id)).map((c) => c.achievement)).not.toContain("ai-innovator");
    await runDailyJob("2026-03-20T16:00:00Z");
    await runDailyJob("2026-03-21T16:00:00Z");
    expect((await credentialIdsOf(holder.id)).filter((c) => c.achievement === "ai-innovator")).toHaveLength(1);
    expect((await credentialIdsOf(mate.id)).map((c) => c.achievement)).not.toContain("ai-innovator");

    // A later import completes the mate's certifications: the next daily run issues theirs.
    await importCertifications(mate.id, ["ai-builder"]);
    await runDailyJob("2026-03-22T16:00:00Z");
    expect((await credentialIdsOf(mate.id)).map((c) => c.achievement)).toContain("ai-innovator");
  });

  it("gives nothing for a project left as a draft at the deadline", async () => {
    const drafter = await plainUser("drafter");
    await importCertifications(drafter.id);
    await teamWithSubmission([drafter.id], null);
    await runDailyJob("2026-03-23T16:00:00Z");
    expect((await credentialIdsOf(drafter.id)).map((c) => c.achievement)).not.toContain("ai-innovator");
  });

  it("issues the finalist credential to every team member from published_results, once", async () => {
    const first = await publish("finalist", teamId);
    expect(first.length).toBe(2);
    const again = await env.DB.prepare(
      resultCredentialsSql(sqlText, "2026", ["finalist"], "2026-04-21T00:00:00.000Z"),
    ).all();
    expect(again.results).toHaveLength(0);
    const held = await credentialIdsOf(holder.id);
    expect(held.map((c) => c.achievement).sort()).toEqual(
      ["ai-builder", "ai-communicator", "ai-creator", "ai-innovator", "finalist"].sort(),
    );
  });

  it("lists the five credentials on /account with share, download and LinkedIn links", async () => {
    const response = await get("/account", holder);
    expect(response.status).toBe(200);
    const html = await response.text();
    const held = await credentialIdsOf(holder.id);
    expect(held).toHaveLength(5);
    for (const { id } of held) {
      expect(html).toContain(`/credentials/${id}`);
      expect(html).toContain(`/credentials/${id}/credential.json`);
    }
    for (const name of [
      "AI Communicator",
      "AI Creator",
      "AI Builder",
      "AI Innovator",
      "Certified AI (Upskilling) Innovator",
    ]) {
      expect(html).toContain(name);
    }
    expect(html).toContain("https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME");
  });

  it("verifies every public page now, under the holder's name", async () => {
    for (const { id } of await credentialIdsOf(holder.id)) {
      const response = await get(`/credentials/${id}`);
      expect(response.status, id).toBe(200);
      const html = await response.text();
      expect(html).toContain("This credential is verified.");
      expect(html).toMatch(/Earned by <strong>[^<]+<\/strong>/);
      expect(html).not.toContain(holder.email);
    }
  });

  it("serves JSON that passes the OB 3.0 JSON Schema, hides the e-mail and verifies with the library", async () => {
    const validator = new Validator(schema as never, "2019-09", false);
    for (const { id, achievement } of await credentialIdsOf(holder.id)) {
      const credential = await signedJson(id);
      const result = validator.validate(credential);
      expect(result.errors, `${achievement}: ${JSON.stringify(result.errors.slice(0, 3))}`).toEqual([]);
      expect(JSON.stringify(credential)).not.toContain(holder.email);
      expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
      expect(await libraryVerifies(credential)).toBe(true);
    }
  });

  it("hashes the e-mail with the salt, as OB 3.0 IdentityHash says", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = (await signedJson(id)) as {
      credentialSubject: { identifier: { identityHash: string; salt: string }[] };
    };
    const { identityHash, salt } = credential.credentialSubject.identifier[0]!;
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(`${holder.email.toLowerCase()}${salt}`),
    );
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(identityHash).toBe(`sha256$${hex}`);
  });

  it("signs once and serves the same bytes after", async () => {
    const id = await nthCredentialId(holder.id);
    const first = JSON.stringify(await signedJson(id));
    const second = JSON.stringify(await signedJson(id));
    expect(second).toBe(first);
  });

  it("fails a copy with one byte changed, in the library and on /verify", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = await signedJson(id);
    const text = JSON.stringify(credential);
    const genuine = await postVerify({ credential: text });
    expect(await genuine.text()).toContain("This credential is verified.");

    const at = text.indexOf("AI Communicator") + 3;
    const tampered = `${text.slice(0, at)}${text[at] === "C" ? "D" : "C"}${text.slice(at + 1)}`;
    expect(tampered.length).toBe(text.length);
    expect(await libraryVerifies(JSON.parse(tampered))).toBe(false);
    const response = await postVerify({ file: tampered });
    const html = await response.text();
    expect(html).toContain("This credential does not verify.");
    expect(html).toMatch(/data-check="signature" data-outcome="fail"/);
  });

  it("says plainly when a key cannot be resolved without the network", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = (await signedJson(id)) as { proof: { verificationMethod: string }[] };
    credential.proof[0]!.verificationMethod = "https://issuer.example/keys/1";
    const html = await (await postVerify({ credential: JSON.stringify(credential) })).text();
    expect(html).toContain("cannot be resolved without the network");
    expect(html).toContain("could not be fully verified here");
  });

  it("refuses what is not JSON, and a body over the limit", async () => {
    const response = await postVerify({ credential: "{ not json" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That is not JSON");
    const huge = await postVerify({ credential: "x".repeat(200 * 1024) });
    expect(huge.status).toBe(413);
  });

  it("revocation flips the page, /verify and the status list", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = await signedJson(id);
    await env.DB.prepare("UPDATE credentials SET revoked_at = ?, revoked_reason = ? WHERE id = ?")
      .bind("2026-04-22T00:00:00Z", "disqualified after an appeal", id)
      .run();
    const page = await (await get(`/credentials/${id}`)).text();
    expect(page).toContain("The organizers revoked this credential: disqualified after an appeal");
    expect(page).toContain("This credential does not verify.");
    const verify = await (await postVerify({ credential: JSON.stringify(credential) })).text();
    expect(verify).toMatch(/data-check="status" data-outcome="fail"/);
    expect(verify).toContain("disqualified after an appeal");

    // The status list credential has that bit set, and is itself signed by the site.
    const status = credential.credentialStatus as { statusListCredential: string; statusListIndex: string };
    const list = (await (await get(new URL(status.statusListCredential).pathname)).json()) as {
      credentialSubject: { encodedList: string };
    };
    expect(await libraryVerifies(list)).toBe(true);
    const encoded = list.credentialSubject.encodedList.slice(1).replace(/-/g, "+").replace(/_/g, "/");
    const gz = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    const bits = new Uint8Array(
      await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer(),
    );
    expect(bits.length).toBe(STATUS_LIST_SIZE / 8);
    const index = Number(status.statusListIndex);
    expect(bits[index >> 3]! & (0x80 >> (index & 7))).not.toBe(0);
  });

  it("a private credential is a 404 to everyone but its holder", async () => {
    const second = { id: await nthCredentialId(holder.id, 1) };
    const response = await fetchWithEnv("/account", AFTER_DEADLINE, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
        cookie: holder.cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({
        intent: "credential-visibility",
        credentialId: second.id,
        visibility: "private",
      }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect((await get(`/credentials/${second.id}`)).status).toBe(404);
    expect((await get(`/credentials/${second.id}/credential.json`)).status).toBe(404);
    expect((await get(`/credentials/${second.id}`, holder)).status).toBe(200);

    // Another account cannot switch someone else's credential.
    const other = await person("other");
    const refused = await fetchWithEnv("/account", AFTER_DEADLINE, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
        cookie: other.cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({
        intent: "credential-visibility",
        credentialId: second.id,
        visibility: "public",
      }).toString(),
      redirect: "manual",
    });
    expect(refused.status).toBe(404);
    expect((await get(`/credentials/${second.id}`)).status).toBe(404);
  });
});

describe("the holder's display name", () => {
  function postName(who: Person, displayName: string) {
    return fetchWithEnv("/account", AFTER_DEADLINE, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
        cookie: who.cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({ intent: "display-name", displayName }).toString(),
      redirect: "manual",
    });
  }

  it("is what the public page shows: the chosen name, or no name at all", async () => {
    const holder = await person("named");
    await importCertifications(holder.id, ["ai-creator"]);
    const id = await nthCredentialId(holder.id);
    expect((await postName(holder, "  Dr. Jo Ramírez ")).status).toBe(303);
    expect(await (await get(`/credentials/${id}`)).text()).toContain("Earned by <strong>Dr. Jo Ramírez</strong>");
    expect((await postName(holder, "")).status).toBe(303);
    const anonymous = await (await get(`/credentials/${id}`)).text();
    expect(anonymous).toContain("Earned by <strong>A Challenge participant</strong>");
    expect(anonymous).not.toContain("Avery Nguyen");
    const tooLong = await postName(holder, "x".repeat(81));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Please keep your display name to 80 characters");
  });
});

describe("awards from published results", () => {
  it("issues the award's credential to each member, and nothing for an award without one", async () => {
    const a = await plainUser("champ-a");
    const b = await plainUser("champ-b");
    const teamId = await teamWithSubmission([a.id, b.id], "2026-03-01T00:00:00Z");
    const issued = await publish("grand-champion", teamId);
    expect(issued.filter((row) => row.achievement === "grand-champion")).toHaveLength(2);
    await publish("audience-choice", teamId);
    for (const member of [a, b]) {
      const held = (await credentialIdsOf(member.id)).map((c) => c.achievement);
      expect(held).toContain("grand-champion");
      expect(held).toContain("audience-choice");
    }
    await env.DB.prepare(
      `INSERT INTO published_results (edition_id, award, team_id, team_name, published_at, published_by)
       VALUES ('2026', 'no-such-award', ?, 'The Team', '2026-04-20T18:00:00Z', 'organizer')`,
    )
      .bind(teamId)
      .run();
    const ids = achievementsFor("2026")
      .filter((x) => x.kind === "award" || x.kind === "finalist")
      .map((x) => x.id);
    await env.DB.prepare(resultCredentialsSql(sqlText, "2026", ids, "2026-04-21T00:00:00Z")).run();
    expect((await credentialIdsOf(a.id)).map((c) => c.achievement)).not.toContain("no-such-award");

    // An award credential verifies on its page, with its project's showcase page as evidence: the
    // team agreed to show it (issue 25).
    await env.DB.prepare("UPDATE submissions SET slug = 'invoice-triage-bot', public_consent = 1 WHERE team_id = ?")
      .bind(teamId)
      .run();
    const [award] = (await credentialIdsOf(a.id)).filter((c) => c.achievement === "grand-champion");
    const page = await (await get(`/credentials/${award!.id}`)).text();
    expect(page).toContain("This credential is verified.");
    expect(page).toContain('href="http://localhost/showcase/invoice-triage-bot"');
    const json = (await signedJson(award!.id)) as { evidence?: { id: string; name: string }[] };
    expect(json.evidence).toEqual([
      expect.objectContaining({ id: "http://localhost/showcase/invoice-triage-bot", name: "Invoice Triage Bot" }),
    ]);
  });
});

describe("the organization's completion rates", () => {
  it("counts each certification among enrolled employees, on the dashboard and in the CSV", async () => {
    const owner = await person("org-owner", { enrolled: false });
    const orgId = crypto.randomUUID();
    await seedRegistration(owner.id, {
      id: orgId,
      type: "workforce",
      status: "paid",
      companyName: "Snake River Tools",
    });
    const employees = [await plainUser("e1"), await plainUser("e2"), await plainUser("e3"), await plainUser("e4")];
    for (const employee of employees) {
      await seedRegistration(employee.id, {
        status: "enrolled",
        organizationRegistrationId: orgId,
        email: employee.email,
      });
    }
    await importCertifications(employees[0]!.id);
    await importCertifications(employees[1]!.id, ["ai-communicator", "ai-creator"]);
    await importCertifications(employees[2]!.id, ["ai-communicator"]);
    // A revoked credential does not count.
    await env.DB.prepare(
      "UPDATE credentials SET revoked_at = '2026-03-01T00:00:00Z' WHERE user_id = ? AND achievement = 'ai-communicator'",
    )
      .bind(employees[2]!.id)
      .run();

    const page = await get(`/organization/${orgId}`, owner, { APP_NOW: "2026-03-01T12:00:00-07:00" });
    expect(page.status).toBe(200);
    const html = (await page.text()).replace(/<!-- -->/g, "");
    const rate = (id: string) =>
      new RegExp(`data-rate="${id}"[\\s\\S]*?<td[^>]*>(\\d+) of 4</td><td[^>]*>(\\d+)%</td>`).exec(html);
    expect(rate("ai-communicator")?.slice(1)).toEqual(["2", "50"]);
    expect(rate("ai-creator")?.slice(1)).toEqual(["2", "50"]);
    expect(rate("ai-builder")?.slice(1)).toEqual(["1", "25"]);
    expect(rate("ai-innovator")?.slice(1)).toEqual(["0", "0"]);

    const csv = await get(`/organization/${orgId}/certifications.csv`, owner, { APP_NOW: "2026-03-01T12:00:00-07:00" });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toContain('"AI Communicator","AI Creator","AI Builder","AI Innovator"');
    expect(text).toContain(`"${employees[0]!.email}","yes","yes","yes","no","no"`);

    // Nobody else sees it.
    const stranger = await person("org-stranger", { enrolled: false });
    expect((await get(`/organization/${orgId}/certifications.csv`, stranger)).status).toBe(404);
  });
});

describe("the issuer and its keys", () => {
  it("publishes the issuer profile with the organizer's name and the key at a stable URL", async () => {
    const profile = (await (await get("/credentials/issuer")).json()) as {
      id: string;
      name: string;
      assertionMethod: string[];
    };
    expect(profile.id).toBe(`${ORIGIN}/credentials/issuer`);
    expect(profile.name).toBe(env.ORGANIZER_LEGAL_NAME);
    const keyId = DEVELOPMENT_SIGNING_KEY.split(":")[0]!;
    expect(profile.assertionMethod).toEqual([`${ORIGIN}/credentials/issuer/keys/${keyId}`]);
    const key = (await (await get(`/credentials/issuer/keys/${keyId}`)).json()) as {
      type: string;
      publicKeyMultibase: string;
    };
    expect(key.type).toBe("Multikey");
    expect(key.publicKeyMultibase).toMatch(/^z6Mk/);
    expect((await get("/credentials/issuer/keys/unknown")).status).toBe(404);

    // Each achievement is served at the id the credentials give it.
    const achievement = (await (await get("/credentials/achievements/2026/ai-builder")).json()) as {
      id: string;
      name: string;
      criteria: { narrative: string };
    };
    expect(achievement.id).toBe(`${ORIGIN}/credentials/achievements/2026/ai-builder`);
    expect(achievement.name).toBe("AI Builder");
    expect(achievement.criteria.narrative).toContain("Stage 3");
    expect((await get("/credentials/achievements/2026/no-such-thing")).status).toBe(404);
    expect((await get("/credentials/achievements/1999/ai-builder")).status).toBe(404);
  });
});

describe("another issuer's credential on /verify", () => {
  it("verifies an OB 3.0 credential signed with a did:key, resolved from the identifier alone", async () => {
    const seed = new Uint8Array(32).fill(42);
    const probe = await signingKeyFromSeed(seed, "did:key:probe#probe", "did:key:probe");
    const did = `did:key:${probe.published.publicKeyMultibase}`;
    const key = await signingKeyFromSeed(seed, `${did}#${probe.published.publicKeyMultibase}`, did);
    const credential = await signCredential(
      {
        "@context": [VC_V2_CONTEXT, OB_CONTEXT],
        id: "urn:uuid:2f0c6f53-0b5e-4d7c-9d43-3d2f7a1c9e11",
        type: ["VerifiableCredential", "OpenBadgeCredential"],
        name: "Teamwork Badge",
        issuer: { id: did, type: ["Profile"], name: "Another Academy" },
        validFrom: "2026-01-01T00:00:00Z",
        credentialSubject: {
          type: ["AchievementSubject"],
          achievement: {
            id: "urn:uuid:7d1f0c8e-3a57-4c2b-8f0e-2b1d9c4e6a70",
            type: ["Achievement"],
            name: "Teamwork",
            description: "Worked well in a team.",
            criteria: { narrative: "Team project." },
          },
        },
      },
      key,
      "2026-01-01T00:00:00Z",
    );
    const html = await (await postVerify({ credential: JSON.stringify(credential) })).text();
    expect(html).toContain("This credential is verified.");
    expect(html).toContain("Signed by its issuer&#x27;s own key");
    // The same credential claiming someone else as its issuer fails.
    const forged = {
      ...credential,
      issuer: { id: "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK", type: ["Profile"] },
    };
    const forgedHtml = await (await postVerify({ credential: JSON.stringify(forged) })).text();
    expect(forgedHtml).toContain("This credential does not verify.");
  });
});

describe("the signing key in production", () => {
  it("refuses to run without a key of its own: unset, blank or the committed development key", () => {
    const base = { ...env, ...completeProductionEnv } as Env;
    expect(missingProductionSettings(base)).toEqual([]);
    for (const value of [undefined, " ", DEVELOPMENT_SIGNING_KEY]) {
      expect(missingProductionSettings({ ...base, CREDENTIAL_SIGNING_KEY: value })).toEqual(["CREDENTIAL_SIGNING_KEY"]);
    }
  });
});

describe("deleting the account", () => {
  it("revokes its credentials and removes the personal details they were issued from", async () => {
    const leaving = await person("leaving");
    await importCertifications(leaving.id, ["ai-communicator"]);
    const id = await nthCredentialId(leaving.id);
    const json = await signedJson(id);
    const response = await fetchWithEnv("/account", AFTER_DEADLINE, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "cf-connecting-ip": uniqueIp(),
        cookie: leaving.cookie,
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
      },
      body: new URLSearchParams({ intent: "delete-account", password: "a good passphrase", confirm: "yes" }).toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const [row] = await rows<{ user_id: string; recipient_email: string; revoked_at: string | null }>(
      "SELECT user_id, recipient_email, revoked_at FROM credentials WHERE id = ?",
      id,
    );
    expect(row).toMatchObject({ user_id: `deleted:${id}`, recipient_email: "" });
    expect(row?.revoked_at).not.toBeNull();
    expect((await get(`/credentials/${id}`)).status).toBe(404);
    // A copy kept elsewhere now fails its status check.
    const verify = await (await postVerify({ credential: JSON.stringify(json) })).text();
    expect(verify).toMatch(/data-check="status" data-outcome="fail"/);
    expect(await rows("SELECT 1 FROM credential_completions WHERE user_id = ?", leaving.id)).toEqual([]);
  });
});
