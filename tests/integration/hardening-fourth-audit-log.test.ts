/**
 * The fourth audit's findings about the audit log and personal data on the
 * desk (issue 50), through the built worker and real D1: the log refuses
 * `INSERT OR REPLACE` and chains its rows, so /organize/audit/chain finds a
 * row rewritten or deleted behind the triggers' back; concurrent writers
 * both land in order; coordinators see people's addresses redacted in the
 * log, its CSV and proposal previews; reads of personal data write audit
 * rows (desk and API) the log can filter; the CSV writer neutralises
 * full-width formula signs; production's bootstrap step wants a strong
 * secret.
 *
 * The tests share one database and run in order: the first writes a row as
 * one written before the chain began; a test that breaks the chain puts the
 * row back before it ends.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { bootstrapSecret } from "~/organize/bootstrap";
import { commitWithAudit } from "~/organize/action.server";
import { csvField } from "~/lib/csv";
import { createOrganizerProposal } from "./factories";
import { seedRegistration } from "./account-helpers";
import { decodeEntities } from "./html";
import { bareUser } from "./judging-helpers";
import {
  actionContext,
  api,
  auditSince,
  deskGet,
  lastAuditId,
  organizer,
  tokenOf,
  type AuditRow,
  type Organizer,
} from "./organize-helpers";
import { completeProductionEnv } from "./production-env";

const text = async (response: Response) => decodeEntities(await response.text());

let director: Organizer;
let coordinator: Organizer;
let registrar: Organizer;

beforeAll(async () => {
  [director, coordinator, registrar] = await Promise.all([
    organizer("director"),
    organizer("coordinator"),
    organizer("registrar"),
  ]);
});

/** One audit row through the log's one writer, as a daily job would write it. */
async function writeRow(summary: string, targets: Record<string, unknown> = {}) {
  const done = await commitWithAudit(actionContext({ kind: "job", name: "test" }), "daily-jobs.run", [], {
    summary,
    targets: { job: "test", ...targets },
    after: { outcome: "done", result: null },
  });
  expect(done.ok).toBe(true);
  return (done as { eventId: number }).eventId;
}

async function chainPage() {
  const response = await deskGet("/organize/audit/chain", director);
  expect(response.status).toBe(200);
  return text(response);
}

const holds = (page: string) => page.match(/data-holds="(true|false)"/)?.[1];

/** Runs `change` with one of the log's triggers dropped, as someone with database access could. */
async function withoutTrigger(name: string, change: () => Promise<unknown>) {
  const trigger = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .bind(name)
    .first<{ sql: string }>();
  expect(trigger).not.toBeNull();
  await env.DB.prepare(`DROP TRIGGER ${name}`).run();
  try {
    await change();
  } finally {
    await env.DB.prepare(trigger!.sql).run();
  }
}

describe("the audit log's chain (Low 3)", { timeout: 60_000 }, () => {
  it("starts after the rows written before it, and says so", async () => {
    await env.DB.prepare(
      "INSERT INTO events (created_at, actor_kind, actor_label, action, summary, targets) VALUES ('2026-03-01T00:00:00.000Z', 'job', 'before', 'daily-jobs.run', 'written before the chain', '{}')",
    ).run();
    await writeRow("the chain's first row");
    await writeRow("the chain's second row");
    const page = await chainPage();
    expect(holds(page)).toBe("true");
    expect(page).toContain("1 earlier row was written before the chain began");
    expect(page).toMatch(/The chain holds: \d+ rows checked/);
  });

  it("refuses INSERT OR REPLACE of an existing row", async () => {
    const id = await writeRow("the row someone tries to replace");
    await expect(
      env.DB.prepare(
        "INSERT OR REPLACE INTO events (id, created_at, actor_kind, actor_label, action, summary, targets) VALUES (?, '2026-03-25T00:00:00.000Z', 'job', 'test', 'daily-jobs.run', 'replaced', '{}')",
      )
        .bind(id)
        .run(),
    ).rejects.toThrow(/never replaced/);
    const row = await env.DB.prepare("SELECT summary FROM events WHERE id = ?").bind(id).first<{ summary: string }>();
    expect(row?.summary).toBe("the row someone tries to replace");
  });

  it("a row rewritten behind the append-only trigger is reported at that row, and holds again once put back", async () => {
    const rewritten = await writeRow("a row that will be rewritten");
    await writeRow("the row after it");
    await withoutTrigger("events_append_only", () =>
      env.DB.prepare("UPDATE events SET summary = 'rewritten' WHERE id = ?").bind(rewritten).run(),
    );
    const broken = await chainPage();
    expect(holds(broken)).toBe("false");
    expect(broken).toContain(`The chain breaks at row ${rewritten}.`);
    expect(broken).toContain("no longer matches its hash");

    await withoutTrigger("events_append_only", () =>
      env.DB.prepare("UPDATE events SET summary = 'a row that will be rewritten' WHERE id = ?").bind(rewritten).run(),
    );
    expect(holds(await chainPage())).toBe("true");
  });

  it("a row deleted from the middle is reported at the row after it, and holds again once put back", async () => {
    const deleted = await writeRow("a row that will be deleted");
    const after = await writeRow("the row after the deleted one");
    const saved = await env.DB.prepare("SELECT * FROM events WHERE id = ?")
      .bind(deleted)
      .first<Record<string, unknown>>();
    await withoutTrigger("events_kept", () => env.DB.prepare("DELETE FROM events WHERE id = ?").bind(deleted).run());
    const broken = await chainPage();
    expect(holds(broken)).toBe("false");
    expect(broken).toContain(`The chain breaks at row ${after}.`);
    expect(broken).toContain(`The row before it (${deleted}) is missing`);

    const columns = Object.keys(saved!);
    await env.DB.prepare(`INSERT INTO events (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...columns.map((c) => saved![c]))
      .run();
    expect(holds(await chainPage())).toBe("true");
  });

  it("concurrent writers both land, each row linked to the one before it", async () => {
    const since = await lastAuditId();
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => writeRow(`concurrent ${i}`)));
    expect(new Set(ids).size).toBe(6);
    const { results } = await env.DB.prepare(
      "SELECT id, prev_id, prev_hash, hash FROM events WHERE id >= ? ORDER BY id",
    )
      .bind(since)
      .all<{ id: number; prev_id: number | null; prev_hash: string | null; hash: string | null }>();
    expect(results.length).toBe(7);
    for (let i = 1; i < results.length; i++) {
      expect(results[i]!.prev_id).toBe(results[i - 1]!.id);
      expect(results[i]!.prev_hash).toBe(results[i - 1]!.hash);
      expect(results[i]!.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(holds(await chainPage())).toBe("true");
  });

  it("only directors verify the chain", async () => {
    for (const who of [coordinator, registrar]) {
      const response = await deskGet("/organize/audit/chain", who);
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("people's addresses on the desk (Low 6)", { timeout: 60_000 }, () => {
  let person: { id: string; email: string };
  let redacted = "";
  let entryId = 0;
  const proposalId = crypto.randomUUID();

  beforeAll(async () => {
    person = await bareUser("casey");
    redacted = `c•••@${person.email.split("@")[1]}`;
    entryId = await writeRow(`Invited ${person.email} to judge`, { email: person.email });
    const preview = {
      summary: `Sends the announcement to ${person.email}`,
      tables: [{ caption: "Recipients", columns: ["E-mail"], rows: [[person.email]] }],
      notes: [`${person.email} gets it first`],
    };
    await createOrganizerProposal({
      id: proposalId,
      preview: JSON.stringify(preview),
      summary: `Announce to ${person.email}`,
      proposedBy: director.id,
      proposedLabel: director.email,
      expiresAt: "2026-03-26T12:00:00.000Z",
    });
  });

  it("one function redacts every address in a text", async () => {
    const { redactAddresses } = await import("~/organize/redact");
    expect(redactAddresses("casey.jones@example.com")).toBe("c•••@example.com");
    expect(redactAddresses('{"to":["a.b+c@mail.example.org","Zoë@exämple.test"]}')).toBe(
      '{"to":["a•••@mail.example.org","Z•••@exämple.test"]}',
    );
    expect(redactAddresses("No address here @ all.")).toBe("No address here @ all.");
  });

  it("a coordinator sees them redacted in the audit log, its CSV and proposals; the actor stays", async () => {
    const log = await text(await deskGet(`/organize/audit?actor=test`, coordinator));
    expect(log, "the audit log").not.toContain(person.email);
    expect(log).toContain(redacted);
    // The entry's facts, shown in its row when its link is followed.
    const facts = await text(await deskGet(`/organize/audit?actor=test&entry=${entryId}`, coordinator));
    expect(facts, "the entry's facts").toContain("Targets");
    expect(facts, "the entry's facts").not.toContain(person.email);
    expect(facts.split(redacted).length, "the summary and the facts").toBeGreaterThanOrEqual(3);

    const csv = await text(await deskGet("/organize/audit.csv", coordinator));
    expect(csv, "the audit CSV").not.toContain(person.email);
    expect(csv).toContain(redacted);

    const overview = await text(await deskGet("/organize", coordinator));
    expect(overview, "the overview").not.toContain(person.email);

    const proposals = await text(await deskGet("/organize/proposals", coordinator));
    expect(proposals, "the proposals").not.toContain(person.email);
    expect(proposals).toContain(director.email);
    const proposal = await text(await deskGet(`/organize/proposals/${proposalId}`, coordinator));
    expect(proposal, "the proposal").not.toContain(person.email);
    expect(proposal).toContain(redacted);
    expect(proposal).toContain(director.email);
  });

  it("a registrar, who may read people, sees them whole", async () => {
    expect(await text(await deskGet(`/organize/audit?actor=test`, registrar))).toContain(person.email);
    const facts = await text(await deskGet(`/organize/audit?actor=test&entry=${entryId}`, registrar));
    expect(facts.split(person.email).length, "the summary and the facts").toBeGreaterThanOrEqual(3);
    expect(await text(await deskGet(`/organize/proposals/${proposalId}`, registrar))).toContain(person.email);
  });
});

describe("reads of personal data leave audit rows (informational)", { timeout: 60_000 }, () => {
  let person: { id: string; email: string };

  beforeAll(async () => {
    person = await bareUser("reader");
    await seedRegistration(person.id, { amountCents: 25000, status: "paid", email: person.email });
  });

  /** The one audit row a step wrote, by `who`. */
  async function readRow(since: number, action: string, who: { id: string }): Promise<AuditRow> {
    const rows = (await auditSince(since)).filter((r) => r.action === action);
    expect(rows.length, action).toBe(1);
    expect(rows[0]!.actor_user_id).toBe(who.id);
    return rows[0]!;
  }

  const rowsOf = (row: AuditRow) => (JSON.parse(row.targets) as { rows: number }).rows;
  const csvLines = (csv: string) => csv.trim().split("\r\n").length - 1;

  it("the people search and a person's page", async () => {
    let since = await lastAuditId();
    const found = await deskGet(`/organize/people?q=${encodeURIComponent(person.email)}`, registrar);
    expect(found.status).toBe(200);
    expect(await text(found)).toContain(person.email);
    expect(rowsOf(await readRow(since, "people.search", registrar))).toBe(1);

    since = await lastAuditId();
    expect((await deskGet(`/organize/people/${person.id}`, registrar)).status).toBe(200);
    const read = await readRow(since, "people.read", registrar);
    expect(JSON.parse(read.targets)).toMatchObject({ userId: person.id, rows: 1 });
  });

  it("every CSV download, with its row count", async () => {
    for (const [path, action, who] of [
      ["/organize/registrations.csv?edition=all", "registrations.export", registrar],
      ["/organize/sponsorships.csv?edition=all", "sponsorships.export", registrar],
      ["/organize/organizations.csv?edition=all", "organizations.export", registrar],
      ["/organize/report.csv", "report.export", coordinator],
      ["/organize/audit.csv?actor=nobody-acts-under-this-name", "audit.export", director],
    ] as const) {
      const since = await lastAuditId();
      const response = await deskGet(path, who);
      expect(response.status, path).toBe(200);
      const csv = await response.text();
      expect(rowsOf(await readRow(since, action, who)), path).toBe(csvLines(csv));
    }
  });

  it("the organizer API's queries of personal data", async () => {
    const token = await tokenOf(registrar);
    const since = await lastAuditId();
    const response = await api("GET", `/queries/people.search?q=${encodeURIComponent(person.email)}`, { token });
    expect(response.status).toBe(200);
    const row = await readRow(since, "people.search", registrar);
    expect(row.actor_kind).toBe("token");
    expect(rowsOf(row)).toBe(1);

    const list = await api("GET", "/queries/registrations.list?edition=all", { token });
    expect(list.status).toBe(200);
    const { result } = (await list.json()) as { result: { rows: unknown[] } };
    expect(rowsOf(await readRow(since, "registrations.export", registrar))).toBe(result.rows.length);
  });

  it("the audit log filters reads of personal data", async () => {
    const reads = await env.DB.prepare(
      "SELECT count(*) AS n FROM events WHERE action IN ('people.search', 'people.read', 'registrations.export', 'sponsorships.export', 'organizations.export', 'report.export', 'audit.export')",
    ).first<{ n: number }>();
    expect(reads!.n).toBeGreaterThan(0);
    const page = await text(await deskGet("/organize/audit?kind=reads", director));
    expect(page).toContain(`${reads!.n} entries`);
    expect(page).toContain('name="kind"');
  });
});

describe("the CSV writer (informational)", () => {
  it("neutralises full-width formula signs as it does the ASCII ones", () => {
    for (const sign of ["＝", "＋", "－", "＠", "=", "+", "-", "@", "\t", "\r"]) {
      expect(csvField(`${sign}HYPERLINK("http://evil.example")`), JSON.stringify(sign)).toMatch(/^"'/);
    }
    expect(csvField("plain")).toBe('"plain"');
  });
});

describe("production's bootstrap secret (informational)", { timeout: 30_000 }, () => {
  const weak = "short-but-not-empty-secret";
  const strong = "a-strong-production-bootstrap-secret-of-44ch";

  it("production accepts only a secret of at least 32 characters that is not the development one", () => {
    expect(bootstrapSecret(weak, true)).toBeNull();
    expect(bootstrapSecret("development-only-organizer-bootstrap-secret", true)).toBeNull();
    expect(bootstrapSecret(strong, true)).toBe(strong);
    // Locally any setting, or the development default.
    expect(bootstrapSecret(weak, false)).toBe(weak);
  });

  it("the step stays closed in production with a weak secret: it answers as if unset, before looking at the token", async () => {
    const body = { email: "first-director@example.test", role: "director" };
    for (const token of [weak, "not the secret"]) {
      const closed = await api("POST", "/bootstrap", {
        token,
        body,
        clock: { ...completeProductionEnv, ORGANIZER_BOOTSTRAP_SECRET: weak },
      });
      expect(closed.status, token).toBe(404);
    }
    const wrong = await api("POST", "/bootstrap", {
      token: "not the secret",
      body,
      clock: { ...completeProductionEnv, ORGANIZER_BOOTSTRAP_SECRET: strong },
    });
    expect(wrong.status).toBe(401);
  });
});
