/**
 * Credentials (issues 26, 31) end to end in the real worker with real D1: the
 * participant who completes the three certifications, submits a capstone and
 * becomes a finalist holds five credentials on /account; each public page
 * says it was issued by the Challenge and is valid; the JSON passes the OB
 * 3.0 JSON Schema; a tampered copy fails; revocation flips the page, /verify
 * and the status list; /verify never calls a credential someone else signed
 * valid; only verified accounts hold credentials; awards from
 * published_results; the organization's completion rates. Outbound fetch is
 * refused throughout: nothing here may reach the network while signing or
 * verifying. (Outside verifiers: credentials-verifiers.test.ts.)
 */
import { env } from "cloudflare:test";
import { Validator } from "@cfworker/json-schema";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STATUS_LIST_SIZE } from "~/content/credentials";
import { DEVELOPMENT_SIGNING_KEY } from "~/credentials/keys";
import { OB_CONTEXT, signCredential, signingKeyFromSeed, VC_V2_CONTEXT } from "~/credentials/proof.server";
import { missingProductionSettings } from "~/lib/config.server";
import { createPublishedResult } from "./factories";
import { completeProductionEnv } from "./production-env";
import schema from "../fixtures/ob3/ob_v3p0_achievementcredential_schema.json";
import { seedRegistration } from "./account-helpers";
import { uniqueIp } from "./auth-helpers";
import {
  AFTER_DEADLINE,
  changeOneByte,
  credentialIdsOf,
  get,
  importCertifications,
  issueFromResults,
  nthCredentialId,
  ORIGIN,
  plainUser,
  postVerify,
  publish,
  rows,
  runDailyJob,
  runFiveMinuteSweep,
  signedJson,
  teamWithSubmission,
  unsignedCredential,
} from "./credentials-helpers";
import { person, type Person } from "./portal-helpers";
import { fetchWithEnv } from "./worker";

const VALID = "Issued by the Idaho AI Challenge and valid.";
const REVOKED = "Issued by the Idaho AI Challenge, but revoked.";
const NOT_OURS = "Not issued by the Idaho AI Challenge: signed by a key this site does not know.";
const ALTERED = "Altered, or not a credential.";

/** The outcome a verification page shows (data-outcome on the result). */
function outcomeOf(html: string): string | null {
  return /data-outcome="([a-z-]+)"/.exec(html)?.[1] ?? null;
}

/** The status list's bits, decoded as a verifier decodes them. */
async function statusBits(list: { credentialSubject: { encodedList: string } }) {
  const encoded = list.credentialSubject.encodedList.slice(1).replace(/-/g, "+").replace(/_/g, "/");
  const gz = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  return new Uint8Array(
    await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer(),
  );
}

/** A did:key nobody here knows: the throw-away key of someone forging a credential. */
async function throwAwayDidKey(fill = 42) {
  const seed = new Uint8Array(32).fill(fill);
  const probe = await signingKeyFromSeed(seed, "did:key:probe#probe", "did:key:probe");
  const did = `did:key:${probe.published.publicKeyMultibase}`;
  return { did, key: await signingKeyFromSeed(seed, `${did}#${probe.published.publicKeyMultibase}`, did) };
}

/** This site's development key, as the worker signs with it locally. */
async function siteKey() {
  const [keyId, seedHex] = DEVELOPMENT_SIGNING_KEY.split(":") as [string, string];
  return signingKeyFromSeed(seedHex, `${ORIGIN}/credentials/issuer/keys/${keyId}`, `${ORIGIN}/credentials/issuer`);
}

function withoutProof(credential: Record<string, unknown>) {
  const { proof: _proof, ...rest } = credential;
  return rest;
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
    expect(await issueFromResults("2026-04-21T00:00:00.000Z")).toHaveLength(0);
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

  it("says on every public page that the Challenge issued it and it is valid, under the holder's name", async () => {
    for (const { id } of await credentialIdsOf(holder.id)) {
      const response = await get(`/credentials/${id}`);
      expect(response.status, id).toBe(200);
      const html = await response.text();
      expect(html).toContain(VALID);
      expect(outcomeOf(html)).toBe("valid");
      expect(html).toMatch(/Earned by <strong>[^<]+<\/strong>/);
      expect(html).not.toContain(holder.email);
    }
  });

  it("serves JSON that passes the OB 3.0 JSON Schema and hides the e-mail", async () => {
    const validator = new Validator(schema as never, "2019-09", false);
    for (const { id, achievement } of await credentialIdsOf(holder.id)) {
      const credential = await signedJson(id);
      const result = validator.validate(credential);
      expect(result.errors, `${achievement}: ${JSON.stringify(result.errors.slice(0, 3))}`).toEqual([]);
      expect(JSON.stringify(credential)).not.toContain(holder.email);
      expect(credential.type).toEqual(["VerifiableCredential", "OpenBadgeCredential"]);
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

  it("serves a row left unsigned (no BASE_URL, or a legacy row of the retired CLI) signed, the same bytes each time, writing nothing; the sweep keeps those bytes", async () => {
    const id = await unsignedCredential((await plainUser("unsigned")).id);
    const kept = () =>
      rows<{ signed_json: string | null; proof_checked_at: string | null }>(
        "SELECT signed_json, proof_checked_at FROM credentials WHERE id = ?",
        id,
      );
    const first = JSON.stringify(await signedJson(id));
    const second = JSON.stringify(await signedJson(id));
    expect(second).toBe(first);
    // A GET writes nothing (issue 32).
    expect(await kept()).toEqual([{ signed_json: null, proof_checked_at: null }]);
    // The five-minute sweep signs it for the deployment's origin and keeps it, with the check of its signature.
    await runFiveMinuteSweep("2026-03-20T16:05:00Z", { BASE_URL: ORIGIN });
    const [row] = await kept();
    expect(JSON.stringify(JSON.parse(row!.signed_json!))).toBe(first);
    expect(row?.proof_checked_at).not.toBeNull();
    expect(JSON.stringify(await signedJson(id))).toBe(first);
  });

  it("/verify: the genuine file is issued by the Challenge, with what it claims; one byte changed is altered", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = await signedJson(id);
    const text = JSON.stringify(credential);
    const genuine = await (await postVerify({ credential: text })).text();
    expect(outcomeOf(genuine)).toBe("valid");
    expect(genuine).toContain(VALID);
    expect(genuine).toContain("AI Communicator");
    expect(genuine).toContain(`${ORIGIN}/credentials/issuer`);
    expect(genuine).toContain(env.ORGANIZER_LEGAL_NAME);

    const response = await postVerify({ file: changeOneByte(text, '"AI Communicator"') });
    const html = await response.text();
    expect(outcomeOf(html)).toBe("invalid");
    expect(html).toContain(ALTERED);
    expect(html).not.toContain("✓");
  });

  it("says plainly when a key cannot be resolved without the network", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = (await signedJson(id)) as { proof: { verificationMethod: string }[] };
    credential.proof[0]!.verificationMethod = "https://issuer.example/keys/1";
    const html = await (await postVerify({ credential: JSON.stringify(credential) })).text();
    expect(html).toContain("cannot be resolved without the network");
    expect(html).toContain("Could not be fully verified here.");
    expect(outcomeOf(html)).toBe("unverifiable");
  });

  it("refuses what is not JSON, and a body over the limit", async () => {
    const response = await postVerify({ credential: "{ not json" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That is not JSON");
    const huge = await postVerify({ credential: "x".repeat(200 * 1024) });
    expect(huge.status).toBe(413);
  });

  it("revocation flips the page (despite the kept signature check), /verify and the status list", async () => {
    const id = await nthCredentialId(holder.id);
    const credential = await signedJson(id);
    const status = credential.credentialStatus as { statusListCredential: string; statusListIndex: string };
    const listPath = new URL(status.statusListCredential).pathname;
    const before = await (await get(listPath)).text();
    // The same list twice: the same bytes, not signed again.
    expect(await (await get(listPath)).text()).toBe(before);
    const [kept] = await rows<{ signed_at: string }>("SELECT signed_at FROM credential_status_lists WHERE list = 1");
    expect(await (await get(listPath)).text()).toBe(before);
    expect(await rows("SELECT signed_at FROM credential_status_lists WHERE list = 1")).toEqual([kept]);

    await env.DB.prepare("UPDATE credentials SET revoked_at = ?, revoked_reason = ? WHERE id = ?")
      .bind("2026-04-22T00:00:00Z", "disqualified after an appeal", id)
      .run();
    const page = await (await get(`/credentials/${id}`)).text();
    expect(page).toContain("The organizers revoked this credential: disqualified after an appeal");
    expect(page).toContain(REVOKED);
    expect(outcomeOf(page)).toBe("revoked");
    expect(page).not.toContain("Add to LinkedIn profile");
    const verify = await (await postVerify({ credential: JSON.stringify(credential) })).text();
    expect(outcomeOf(verify)).toBe("revoked");
    expect(verify).toContain("disqualified after an appeal");

    // The list changed: signed again, valid from the revocation (its last change), with that bit set.
    const list = (await (await get(listPath)).json()) as {
      validFrom: string;
      credentialSubject: { encodedList: string };
    };
    expect(list.validFrom).toBe("2026-04-22T00:00:00Z");
    const bits = await statusBits(list);
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
    const own = await get(`/credentials/${second.id}`, holder);
    expect(own.status).toBe(200);
    // Not offered on LinkedIn while private: not on its page, not on /account.
    expect(await own.text()).not.toContain("Add to LinkedIn profile");
    const account = await (await get("/account", holder)).text();
    const item = new RegExp(`data-credential="${second.id}"[\\s\\S]*?</li>`).exec(account)?.[0] ?? "";
    expect(item).toContain("Make public");
    expect(item).not.toContain("linkedin.com");

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
    // The team agreed to show its project (issue 25): its credentials, signed when issued, name the showcase page.
    await env.DB.prepare("UPDATE submissions SET slug = 'invoice-triage-bot', public_consent = 1 WHERE team_id = ?")
      .bind(teamId)
      .run();
    const issued = await publish("grand-champion", teamId);
    expect(issued.filter((row) => row.achievement === "grand-champion")).toHaveLength(2);
    await publish("audience-choice", teamId);
    for (const member of [a, b]) {
      const held = (await credentialIdsOf(member.id)).map((c) => c.achievement);
      expect(held).toContain("grand-champion");
      expect(held).toContain("audience-choice");
    }
    await createPublishedResult({
      award: "no-such-award",
      teamId,
      publishedAt: "2026-04-20T18:00:00Z",
      publishedBy: "organizer",
    });
    await issueFromResults("2026-04-21T00:00:00Z");
    expect((await credentialIdsOf(a.id)).map((c) => c.achievement)).not.toContain("no-such-award");

    // An award credential verifies on its page, with its project's showcase page as evidence.
    const [award] = (await credentialIdsOf(a.id)).filter((c) => c.achievement === "grand-champion");
    const page = await (await get(`/credentials/${award!.id}`)).text();
    expect(page).toContain(VALID);
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

describe("/verify never calls a credential someone else signed valid (issue 31)", () => {
  let revoked: { id: string; json: Record<string, unknown> };

  beforeAll(async () => {
    const holder = await person("forged-victim");
    await importCertifications(holder.id, ["ai-creator"]);
    const id = await nthCredentialId(holder.id);
    revoked = { id, json: await signedJson(id) };
    await env.DB.prepare("UPDATE credentials SET revoked_at = ?, revoked_reason = ? WHERE id = ?")
      .bind("2026-04-23T00:00:00Z", "a private reason nobody else may read", id)
      .run();
  });

  it("a did:key credential claiming the organizer's name and Grand Champion, on our status list: not ours, with what it claims", async () => {
    const { did, key } = await throwAwayDidKey();
    const genuine = revoked.json as Record<string, unknown> & { credentialSubject: Record<string, unknown> };
    const forged = await signCredential(
      {
        ...withoutProof(genuine),
        name: "Grand Champion",
        issuer: { id: did, type: ["Profile"], name: env.ORGANIZER_LEGAL_NAME },
        credentialSubject: {
          ...genuine.credentialSubject,
          name: "Mallory Forger",
          achievement: { ...(genuine.credentialSubject.achievement as object), name: "Grand Champion" },
        },
      },
      key,
      "2026-04-01T00:00:00Z",
    );
    const html = await (await postVerify({ credential: JSON.stringify(forged) })).text();
    expect(outcomeOf(html)).toBe("not-ours");
    expect(html).toContain(NOT_OURS);
    expect(html).not.toContain("✓");
    expect(html).not.toContain(VALID);
    // What it claims, shown as claims.
    expect(html).toContain("Grand Champion");
    expect(html).toContain("Mallory Forger");
    expect(html).toContain(env.ORGANIZER_LEGAL_NAME);
    expect(html).toContain(did);
    // Our status records were not consulted for it: nothing of the revoked credential's leaks.
    expect(html).not.toContain("a private reason nobody else may read");
    expect(html).not.toContain("2026-04-23");
    expect(html).toContain("only credentials this site issued are looked up");
  });

  it("the same claims naming our issuer id but signed by the throw-away key: still not ours", async () => {
    const { key } = await throwAwayDidKey(43);
    const forged = await signCredential(
      { ...withoutProof(revoked.json), name: "Grand Champion" },
      key,
      "2026-04-01T00:00:00Z",
    );
    const html = await (await postVerify({ credential: JSON.stringify(forged) })).text();
    expect(outcomeOf(html)).toBe("not-ours");
    expect(html).not.toContain("a private reason nobody else may read");
  });

  it("unsigned JSON pointing at our status list never triggers a lookup", async () => {
    const html = await (await postVerify({ credential: JSON.stringify(withoutProof(revoked.json)) })).text();
    expect(outcomeOf(html)).toBe("invalid");
    expect(html).toContain(ALTERED);
    expect(html).not.toContain("a private reason nobody else may read");
    expect(html).not.toContain("2026-04-23");
  });

  it("our genuine (revoked) credential is ours, and says so with the reason", async () => {
    const html = await (await postVerify({ credential: JSON.stringify(revoked.json) })).text();
    expect(outcomeOf(html)).toBe("revoked");
    expect(html).toContain(REVOKED);
    expect(html).toContain("a private reason nobody else may read");
  });

  it("another issuer's honest did:key credential: not issued by the Challenge, never a green check", async () => {
    const { did, key } = await throwAwayDidKey(44);
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
    expect(outcomeOf(html)).toBe("not-ours");
    expect(html).toContain("Another Academy");
    expect(html).not.toContain("✓");
  });

  it("one of ours past its validUntil is shown as expired", async () => {
    const holder = await person("expired");
    await importCertifications(holder.id, ["ai-builder"]);
    const genuine = await signedJson(await nthCredentialId(holder.id));
    const expiring = await signCredential(
      { ...withoutProof(genuine), validUntil: "2026-04-01T00:00:00Z" },
      await siteKey(),
      "2026-02-02T10:00:00Z",
    );
    const html = await (await postVerify({ credential: JSON.stringify(expiring) })).text();
    expect(outcomeOf(html)).toBe("expired");
    expect(html).toContain("It expired on 2026-04-01T00:00:00.000Z.");
  });
});

describe("only verified accounts receive or show credentials (issue 31)", () => {
  it("an unverified holder's pages and JSON are 404, /account lists none, and the daily job issues nothing", async () => {
    const holder = await person("unverified-later");
    const mate = await plainUser("unverified-mate");
    await importCertifications(holder.id);
    await importCertifications(mate.id);
    await teamWithSubmission([holder.id, mate.id], "2026-03-10T20:00:00Z");
    const id = await nthCredentialId(holder.id);
    expect((await get(`/credentials/${id}`)).status).toBe(200);
    // Their address is no longer proven (an e-mail change, or rows from before this rule).
    for (const who of [holder.id, mate.id]) {
      await env.DB.prepare('UPDATE "user" SET email_verified = 0 WHERE id = ?').bind(who).run();
    }
    expect((await get(`/credentials/${id}`)).status).toBe(404);
    expect((await get(`/credentials/${id}`, holder)).status).toBe(404);
    expect((await get(`/credentials/${id}/credential.json`, holder)).status).toBe(404);
    const account = await (await get("/account", holder)).text();
    expect(account).not.toContain(`/credentials/${id}`);
    await runDailyJob("2026-03-24T16:00:00Z", { BASE_URL: ORIGIN });
    expect((await credentialIdsOf(holder.id)).map((c) => c.achievement)).not.toContain("ai-innovator");
    expect((await credentialIdsOf(mate.id)).map((c) => c.achievement)).not.toContain("ai-innovator");
  });

  it("the import and the publication issue nothing to an unverified account", async () => {
    const unverified = await plainUser("never-verified", { verified: false });
    await importCertifications(unverified.id, ["ai-communicator"]);
    const teamId = await teamWithSubmission([unverified.id], "2026-03-01T00:00:00Z");
    await publish("finalist", teamId);
    expect(await credentialIdsOf(unverified.id)).toEqual([]);
  });
});

describe("the LinkedIn link", () => {
  it("carries the month it was earned, not issued, and the organizers' page id when set", async () => {
    const holder = await person("linkedin");
    await importCertifications(holder.id, ["ai-communicator"], "2025-12-15");
    const id = await nthCredentialId(holder.id);
    const byName = await (await get(`/credentials/${id}`)).text();
    expect(byName).toContain("issueYear=2025&amp;issueMonth=12");
    expect(byName).toContain(
      `organizationName=${encodeURIComponent(String(env.ORGANIZER_LEGAL_NAME)).replace(/%20/g, "+")}`,
    );
    const byPage = await (
      await get(`/credentials/${id}`, holder, { ...AFTER_DEADLINE, LINKEDIN_ORGANIZATION_ID: "1234567" })
    ).text();
    expect(byPage).toContain("organizationId=1234567");
    expect(byPage).not.toContain("organizationName=");
    const account = await (
      await get("/account", holder, { ...AFTER_DEADLINE, LINKEDIN_ORGANIZATION_ID: "1234567" })
    ).text();
    expect(account).toContain("organizationId=1234567&amp;issueYear=2025&amp;issueMonth=12");
  });
});

describe("the public credential documents", () => {
  it("are readable from any origin (GET, HEAD, OPTIONS), and nothing else is", async () => {
    const holder = await person("cors");
    await importCertifications(holder.id, ["ai-creator"]);
    const id = await nthCredentialId(holder.id);
    const paths = [
      "/credentials/issuer",
      `/credentials/issuer/keys/${DEVELOPMENT_SIGNING_KEY.split(":")[0]}`,
      "/credentials/status/1",
      "/credentials/achievements/2026/ai-creator",
      `/credentials/${id}/credential.json`,
    ];
    for (const path of paths) {
      const response = await fetchWithEnv(path, AFTER_DEADLINE, { headers: { origin: "https://verifier.example" } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("access-control-allow-origin"), path).toBe("*");
      await response.arrayBuffer();
      const preflight = await fetchWithEnv(path, AFTER_DEADLINE, {
        method: "OPTIONS",
        headers: {
          origin: "https://verifier.example",
          "access-control-request-method": "GET",
          "access-control-request-headers": "cache-control, pragma",
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
      expect(preflight.headers.get("access-control-allow-headers")).toBe("cache-control, pragma");
    }
    const page = await fetchWithEnv(`/credentials/${id}`, AFTER_DEADLINE, { headers: { origin: "https://x.example" } });
    expect(page.headers.get("access-control-allow-origin")).toBeNull();
    await page.arrayBuffer();
  });

  it("serve only status lists that exist", async () => {
    expect((await get("/credentials/status/1")).status).toBe(200);
    for (const list of ["2", "999999", "0", "01", "x"]) {
      const response = await get(`/credentials/status/${list}`);
      expect(response.status, list).toBe(404);
      await response.arrayBuffer();
    }
    expect(await rows("SELECT list FROM credential_status_lists WHERE list <> 1")).toEqual([]);
  });
});

describe("the signing key in production", () => {
  it("refuses to run without a key of its own: unset, blank, malformed, or the development seed under any name or case", () => {
    const base = { ...env, ...completeProductionEnv } as Env;
    expect(missingProductionSettings(base)).toEqual([]);
    const seed = DEVELOPMENT_SIGNING_KEY.split(":")[1]!;
    for (const value of [
      undefined,
      " ",
      "not-a-key",
      DEVELOPMENT_SIGNING_KEY,
      `production-1:${seed}`,
      `2026-1:${seed.toUpperCase()}`,
      ` Prod:${seed.slice(0, 10).toUpperCase()}${seed.slice(10)} `,
    ]) {
      expect(missingProductionSettings({ ...base, CREDENTIAL_SIGNING_KEY: value }), String(value)).toEqual([
        "CREDENTIAL_SIGNING_KEY",
      ]);
    }
  });

  it("and the worker answers every request with its unavailable page meanwhile", async () => {
    const seed = DEVELOPMENT_SIGNING_KEY.split(":")[1]!.toUpperCase();
    const response = await fetchWithEnv("/credentials/issuer", {
      ...completeProductionEnv,
      CREDENTIAL_SIGNING_KEY: `renamed-1:${seed}`,
    });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("temporarily unavailable");
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
    // A copy kept elsewhere is now shown as revoked.
    const verify = await (await postVerify({ credential: JSON.stringify(json) })).text();
    expect(outcomeOf(verify)).toBe("revoked");
    expect(await rows("SELECT 1 FROM credential_completions WHERE user_id = ?", leaving.id)).toEqual([]);
  });
});
