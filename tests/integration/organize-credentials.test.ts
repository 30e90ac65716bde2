/**
 * /organize/credentials (issue 33) through the built worker and real D1, as
 * a browser without JavaScript uses it: a registrar uploads the training
 * provider's completions file (multipart) and sees its preview — the rows to
 * be issued, and each other row with why not (no account, an account not
 * verified, a duplicate in the file or already imported, an unknown
 * certification, a bad date) — with nothing written; confirming writes only
 * the matched rows, signed, with one audit row; the participants find them
 * on /account; a second import of the same file issues nothing. Revocation
 * asks for a reason, records who revoked, and /verify and the credential's
 * page say revoked; a second revocation is refused. The API door: the
 * preview as a POST query and the import as an action, with the same rules.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { completionImportRules, completionProblemKinds, credentialDeskMessages } from "~/content/credentials";
import { requestBodyLimits } from "~/content/limits";
import { bodyLimitFor } from "../../workers/body-limit";
import { uniqueIp } from "./auth-helpers";
import { decodeEntities } from "./html";
import { account, JUDGING } from "./judging-helpers";
import { api, auditSince, deskGet, deskPost, lastAuditId, organizer, tokenOf } from "./organize-helpers";
import { fetchWithEnv } from "./worker";

const text = async (response: Response) => decodeEntities(await response.text());

/** The desk's upload form, posted as a browser without JavaScript posts a file: multipart. */
function uploadCompletions(csv: string, who: { cookie: string }) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("file", new File([csv], "completions.csv", { type: "text/csv" }));
  return fetchWithEnv("/organize/credentials", JUDGING, {
    method: "POST",
    headers: {
      cookie: who.cookie,
      "cf-connecting-ip": uniqueIp(),
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: form,
    redirect: "manual",
  });
}

const credentialsOf = (userId: string) =>
  env.DB.prepare(
    "SELECT id, achievement, earned_at, source, signed_json IS NOT NULL AS signed, revoked_at, revoked_reason, revoked_by FROM credentials WHERE user_id = ? ORDER BY seq",
  )
    .bind(userId)
    .all<{
      id: string;
      achievement: string;
      earned_at: string;
      source: string;
      signed: number;
      revoked_at: string | null;
      revoked_reason: string | null;
      revoked_by: string | null;
    }>()
    .then((r) => r.results);

/** The file of the issue's story: two participants' rows, and one row of each problem. */
async function storyFile() {
  const ada = await account("ada", { twoFactor: false });
  const bo = await account("bo", { twoFactor: false });
  const unverified = await account("unverified", { verified: false, twoFactor: false });
  const csv = [
    "Email,Certification,Completion Date",
    `${ada.email},AI Communicator,2026-01-20`,
    `${ada.email.toUpperCase()},ai-creator,1/25/2026`,
    `${bo.email},Stage 3,2026-02-01`,
    `${unverified.email},AI Communicator,2026-01-20`,
    `${bo.email},AI Wizard,2026-02-01`,
    `${ada.email},AI Communicator,2026-01-21`,
    `${bo.email},AI Builder,2026-13-01`,
    `nobody-${crypto.randomUUID().slice(0, 8)}@example.com,AI Builder,2026-02-01`,
    "",
  ].join("\r\n");
  return { ada, bo, unverified, csv };
}

describe("/organize/credentials: the import", { timeout: 120_000 }, () => {
  it("previews every row with why it is or is not imported, writes nothing, then confirms only the matched rows", async () => {
    const registrar = await organizer("registrar");
    const { ada, bo, unverified, csv } = await storyFile();
    const since = await lastAuditId();

    const previewed = await uploadCompletions(csv, registrar);
    expect(previewed.status).toBe(200);
    const page = await text(previewed);
    expect(page).toContain("8 row(s) read: 3 to be issued, 5 not imported.");
    const matched = /data-testid="preview-matched".*?<\/table>/s.exec(page)?.[0] ?? "";
    expect(matched).toContain(ada.email);
    expect(matched).toContain(bo.email);
    expect(matched).toContain("AI Builder");
    const problems = /data-testid="preview-problems".*?<\/table>/s.exec(page)?.[0] ?? "";
    for (const kind of ["notVerified", "unknownCertification", "duplicate", "badDate", "noAccount"] as const) {
      expect(problems, kind).toContain(completionProblemKinds[kind]);
    }
    expect(problems).toContain(unverified.email);
    expect(problems).toContain("AI Wizard");
    expect(problems).toContain("the same as line 2");
    expect(problems).toContain("2026-13-01");
    // Nothing is written by a preview, not even an audit row.
    expect(await credentialsOf(ada.id)).toEqual([]);
    expect(await auditSince(since)).toEqual([]);

    // The confirmation carries the file and the preview's fingerprint (hidden fields).
    const expected = /name="expected" value="([0-9a-f]{64})"/.exec(page)?.[1];
    expect(expected).toBeTruthy();
    const confirmed = await deskPost(
      "/organize/credentials",
      { intent: "import", csv, expected: expected! },
      registrar,
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/organize/credentials#credentials");

    const adas = await credentialsOf(ada.id);
    expect(adas.map((c) => [c.achievement, c.earned_at, c.source, c.signed])).toEqual([
      ["ai-communicator", "2026-01-20", "import", 1],
      ["ai-creator", "2026-01-25", "import", 1],
    ]);
    expect((await credentialsOf(bo.id)).map((c) => c.achievement)).toEqual(["ai-builder"]);
    expect(await credentialsOf(unverified.id)).toEqual([]);
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "credentials.import",
      actor_user_id: registrar.id,
      actor_role: "registrar",
    });
    expect(rows[0]!.summary).toContain("3 certification(s) issued, 5 row(s) not imported");

    // The participants find them on /account.
    const adaAccount = await text(await deskGet("/account", ada));
    for (const c of adas) expect(adaAccount).toContain(`/credentials/${c.id}`);
    expect(adaAccount).toContain("AI Creator");

    // The same file again issues nothing: every matched row is now "already imported".
    const again = await text(await uploadCompletions(csv, registrar));
    expect(again).toContain("8 row(s) read: 0 to be issued, 8 not imported.");
    expect(again).toContain("already imported");
    // Nothing to issue, nothing to confirm; and the first preview's fingerprint is stale now.
    expect(again).not.toContain('name="expected"');
    const twice = await deskPost("/organize/credentials", { intent: "import", csv, expected: expected! }, registrar);
    expect(twice.status).toBe(200);
    expect(await text(twice)).toContain(credentialDeskMessages.changedSincePreview);
    expect(await credentialsOf(ada.id)).toHaveLength(2);
  });

  it("a confirmation whose preview changed meanwhile shows the new preview instead of writing", async () => {
    const registrar = await organizer("registrar");
    const late = await account("late", { verified: false, twoFactor: false });
    const csv = `email,certification,completion date\n${late.email},AI Builder,2026-02-01\n`;
    const page = await text(await uploadCompletions(csv, registrar));
    expect(page).toContain(completionProblemKinds.notVerified);
    // Verified after the preview: the file would now issue one credential the registrar has not seen.
    await env.DB.prepare("UPDATE user SET email_verified = 1 WHERE id = ?").bind(late.id).run();
    const stale = await deskPost(
      "/organize/credentials",
      { intent: "import", csv, expected: "0".repeat(64) },
      registrar,
    );
    expect(stale.status).toBe(200);
    const shown = await text(stale);
    expect(shown).toContain(credentialDeskMessages.changedSincePreview);
    expect(shown).toContain("1 row(s) read: 1 to be issued, 0 not imported.");
    expect(await credentialsOf(late.id)).toEqual([]);
  });

  it("refuses a file without the expected columns, on the form", async () => {
    const registrar = await organizer("registrar");
    const response = await uploadCompletions("name,course\nAda,AI Creator\n", registrar);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(credentialDeskMessages.headerMissing("email, date"));
  });

  it("takes a file over the forms' usual 64 KB (its own body limit), and refuses more rows than one import issues", async () => {
    for (const path of [
      "/organize/credentials",
      "/organize/credentials.data",
      "/api/organize/actions/credentials.import",
      "/api/organize/queries/credentials.import-preview",
    ]) {
      expect(bodyLimitFor(path), path).toBe(requestBodyLimits.completionsBytes);
    }
    expect(requestBodyLimits.completionsBytes).toBeGreaterThan(2 * completionImportRules.maxBytes);
    const registrar = await organizer("registrar");
    const row = (i: number) => `learner-${i}-${"x".repeat(80)}@example.com,AI Builder,2026-02-01`;
    const rows = completionImportRules.maxRows + 100;
    const csv = ["email,certification,completion date", ...Array.from({ length: rows }, (_, i) => row(i))].join("\n");
    expect(csv.length).toBeGreaterThan(requestBodyLimits.defaultBytes);
    const response = await uploadCompletions(csv, registrar);
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(credentialDeskMessages.tooManyRows(rows));
  });

  it("is not there for a coordinator or a viewer (404)", async () => {
    for (const role of ["coordinator", "viewer"] as const) {
      const who = await organizer(role);
      expect((await deskGet("/organize/credentials", who)).status, role).toBe(404);
    }
  });
});

describe("/organize/credentials: the list, revocation and the keys", { timeout: 120_000 }, () => {
  it("revokes with a reason after a confirmation step: /verify and the page say revoked, the audit row names who", async () => {
    const registrar = await organizer("registrar");
    const { ada, csv } = await storyFile();
    const previewed = await text(await uploadCompletions(csv, registrar));
    const expected = /name="expected" value="([0-9a-f]{64})"/.exec(previewed)?.[1] ?? "";
    expect((await deskPost("/organize/credentials", { intent: "import", csv, expected }, registrar)).status).toBe(303);
    const [credential] = await credentialsOf(ada.id);

    // The list, searched by e-mail, links to the confirmation step.
    const list = await text(await deskGet(`/organize/credentials?q=${encodeURIComponent(ada.email)}`, registrar));
    expect(list).toContain(`/organize/credentials?revoke=${credential!.id}#revoke`);
    expect(list).toContain("development-1");
    const confirm = await text(await deskGet(`/organize/credentials?revoke=${credential!.id}`, registrar));
    expect(confirm).toContain("Revoke this credential");
    expect(confirm).toContain(ada.email);
    expect(confirm).toContain(`action="/organize/credentials?revoke=${credential!.id}"`);

    // The confirmation's form posts to its own address, as a browser does: a refusal shows the form again.
    const confirmPath = `/organize/credentials?revoke=${credential!.id}`;
    const noReason = await deskPost(
      confirmPath,
      { intent: "revoke", credentialId: credential!.id, reason: "  " },
      registrar,
    );
    expect(noReason.status).toBe(400);
    expect(await text(noReason)).toContain(credentialDeskMessages.reasonRequired);

    const since = await lastAuditId();
    const revoked = await deskPost(
      confirmPath,
      { intent: "revoke", credentialId: credential!.id, reason: "Completion recorded in error by the provider" },
      registrar,
    );
    expect(revoked.status).toBe(303);
    const [row] = await credentialsOf(ada.id);
    expect(row).toMatchObject({
      revoked_at: new Date(JUDGING.APP_NOW).toISOString(),
      revoked_reason: "Completion recorded in error by the provider",
      revoked_by: `organizer:${registrar.email}`,
    });
    const audit = await auditSince(since);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "credentials.revoke",
      actor_user_id: registrar.id,
      actor_label: registrar.email,
      reason: "Completion recorded in error by the provider",
    });

    // /verify reads the row: the signed file is ours, but revoked.
    const json = await (await fetchWithEnv(`/credentials/${credential!.id}/credential.json`, JUDGING)).text();
    const form = new FormData();
    form.append("credential", json);
    const verified = await text(
      await fetchWithEnv("/verify", JUDGING, {
        method: "POST",
        headers: { "cf-connecting-ip": uniqueIp(), origin: "http://localhost", "sec-fetch-site": "same-origin" },
        body: form,
      }),
    );
    expect(verified).toContain("Issued by the Idaho AI Challenge, but revoked.");
    expect(await text(await fetchWithEnv(`/credentials/${credential!.id}`, JUDGING))).toContain(
      "Completion recorded in error by the provider",
    );

    // Once only: the first reason stands.
    const again = await deskPost(
      confirmPath,
      { intent: "revoke", credentialId: credential!.id, reason: "Again" },
      registrar,
    );
    expect(again.status).toBe(409);
    expect(await text(again)).toContain(credentialDeskMessages.alreadyRevoked);
    expect((await credentialsOf(ada.id))[0]!.revoked_reason).toBe("Completion recorded in error by the provider");
  });
});

describe("the organizer API's import (the provider's system posts its completions)", { timeout: 120_000 }, () => {
  it("previews through a POST query without writing, imports through the action, and lists and revokes", async () => {
    const registrar = await organizer("registrar");
    const token = await tokenOf(registrar);
    const { ada, bo, csv } = await storyFile();
    const since = await lastAuditId();

    const preview = await api("POST", "/queries/credentials.import-preview", { token, body: { csv } });
    expect(preview.status).toBe(200);
    const { result } = (await preview.json()) as {
      result: { rowsRead: number; counts: Record<string, number>; fingerprint: string };
    };
    expect(result).toMatchObject({
      rowsRead: 8,
      counts: { matched: 3, notVerified: 1, unknownCertification: 1, duplicate: 1, badDate: 1, noAccount: 1 },
    });
    expect(await auditSince(since)).toEqual([]);

    const imported = await api("POST", "/actions/credentials.import", {
      token,
      body: { csv, expected: result.fingerprint },
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const body = (await imported.json()) as { message: string; result: { issued: number; credentialIds: string[] } };
    expect(body.result.issued).toBe(3);
    expect(body.message).toBe(credentialDeskMessages.imported(3, 5));
    expect((await credentialsOf(bo.id)).map((c) => c.achievement)).toEqual(["ai-builder"]);
    const rows = await auditSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "credentials.import", actor_kind: "token" });

    const repreviewed = await api("POST", "/queries/credentials.import-preview", { token, body: { csv } });
    const { fingerprint } = ((await repreviewed.json()) as { result: { fingerprint: string } }).result;
    const again = await api("POST", "/actions/credentials.import", { token, body: { csv, expected: fingerprint } });
    expect(((await again.json()) as { result: { issued: number } }).result.issued).toBe(0);

    const listed = await api("GET", `/queries/credentials.list?q=${encodeURIComponent(ada.email)}`, { token });
    const { result: found } = (await listed.json()) as { result: { id: string; email: string }[] };
    expect(found.map((c) => c.email)).toEqual([ada.email, ada.email]);

    const revoked = await api("POST", "/actions/credentials.revoke", {
      token,
      body: { credentialId: found[0]!.id, reason: "Duplicate account" },
    });
    expect(revoked.status).toBe(200);
    const keys = await api("GET", "/queries/credentials.keys", { token });
    const { result: status } = (await keys.json()) as {
      result: { current: { keyId: string; development: boolean; signed: number }; retired: unknown[] };
    };
    expect(status.current).toMatchObject({ keyId: "development-1", development: true });
    expect(status.current.signed).toBeGreaterThanOrEqual(3);
    expect(status.retired).toEqual([]);
  });
});
