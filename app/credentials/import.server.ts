/**
 * Importing the training provider's completions (issue 26, issue 33): the
 * file's rows are read (completions.ts), matched to accounts, and shown in a
 * preview before anything is written — the rows to be issued, and every
 * other row with why not (no account, an account not verified, a duplicate
 * in the file or a credential already held, an unknown certification, a bad
 * date or e-mail). Confirming carries the preview's fingerprint, required on
 * every door (issue 50), and is refused when what it would issue changed;
 * it writes the completions and the certifications, signed now, in the
 * action's one batch with its audit row. The same import
 * serves the desk, the organizer API (the provider's system may post its
 * completions itself) and `npm run admin -- import-completions`.
 *
 * Idempotent: a credential already held is never issued again, so importing
 * the same file twice issues nothing the second time.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { achievementOf, completionProblemKinds, credentialDeskMessages } from "~/content/credentials";
import { credentialCompletions, credentials, user } from "~/db/schema";
import { sha256Hex } from "~/lib/encoding";
import type { Refusal } from "~/lib/refusal";
import {
  defineOrganizerAction,
  defineOrganizerQuery,
  type ActionContext,
  type Statement,
} from "~/organize/action.server";
import { configuredOrigin } from "./credential.server";
import { readCompletions, type CompletionProblem, type CompletionRow } from "./completions";
import { holderRefusal, HOLDER_REFUSALS } from "./eligibility";
import { signedCredentialInserts } from "./issue.server";
import { ImportCompletionsSchema, PreviewCompletionsSchema } from "./schema";

export interface MatchedCompletion extends CompletionRow {
  userId: string;
  /** The account's address as it is now: the credential's recipient. */
  recipientEmail: string;
}

export interface ImportPlan {
  rowsRead: number;
  matched: MatchedCompletion[];
  problems: CompletionProblem[];
  /** SHA-256 of what confirming would write: the confirmation refuses when it changed since the preview. */
  fingerprint: string;
}

/** The preview as the desk, the API and the CLI show it: names instead of ids, every problem by its kind. */
export interface ImportPreview {
  rowsRead: number;
  fingerprint: string;
  matched: { line: number; email: string; certification: string; completedOn: string }[];
  problems: (CompletionProblem & { kindLabel: string })[];
  counts: Record<keyof typeof completionProblemKinds | "matched", number>;
}

// D1 binds at most 100 values a statement.
const LOOKUP_CHUNK = 90;
const COMPLETIONS_PER_INSERT = 20;

/** What importing `csv` into the edition would write now, and why every other row would not be. */
export async function importPlan(csv: string, ctx: ActionContext): Promise<ImportPlan | Refusal> {
  const { db, edition, now } = ctx;
  const read = readCompletions(csv, edition.id, now.toISOString().slice(0, 10));
  if (!read.ok) return { ok: false, status: 400, message: read.message, field: "csv" };
  const emails = [...new Set(read.completions.map((c) => c.email))];
  const accounts = new Map<string, { id: string; email: string; emailVerified: boolean }>();
  for (let i = 0; i < emails.length; i += LOOKUP_CHUNK) {
    const found = await db
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(inArray(sql`lower(${user.email})`, emails.slice(i, i + LOOKUP_CHUNK)));
    for (const account of found) accounts.set(account.email.toLowerCase(), account);
  }
  const userIds = [...new Set([...accounts.values()].map((a) => a.id))];
  const held = new Set<string>();
  for (let i = 0; i < userIds.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select({ userId: credentials.userId, achievement: credentials.achievement })
      .from(credentials)
      .where(
        and(eq(credentials.editionId, edition.id), inArray(credentials.userId, userIds.slice(i, i + LOOKUP_CHUNK))),
      );
    for (const row of rows) held.add(`${row.userId} ${row.achievement}`);
  }
  const problems = [...read.problems];
  const matched: MatchedCompletion[] = [];
  for (const completion of read.completions) {
    const account = accounts.get(completion.email);
    const refusal = holderRefusal(account);
    const problem = (kind: CompletionProblem["kind"], detail: string) =>
      problems.push({ ...completion, certification: completion.achievement, kind, detail });
    if (!account || refusal === HOLDER_REFUSALS.noAccount) problem("noAccount", completion.email);
    else if (refusal) problem("notVerified", completion.email);
    else if (held.has(`${account.id} ${completion.achievement}`)) problem("duplicate", "already imported");
    else matched.push({ ...completion, userId: account.id, recipientEmail: account.email });
  }
  problems.sort((a, b) => a.line - b.line);
  // Exactly what confirming issues: to whom (the account and its address as it is now), what, and when earned.
  const fingerprint = await sha256Hex(
    JSON.stringify(matched.map((m) => [m.line, m.userId, m.recipientEmail, m.achievement, m.completedOn])),
  );
  return { rowsRead: read.completions.length + read.problems.length, matched, problems, fingerprint };
}

function certificationName(editionId: string, value: string): string {
  return achievementOf(editionId, value)?.name ?? value;
}

export function previewOf(plan: ImportPlan, editionId: string): ImportPreview {
  const counts = Object.fromEntries(
    [...Object.keys(completionProblemKinds), "matched"].map((kind) => [kind, 0]),
  ) as ImportPreview["counts"];
  counts.matched = plan.matched.length;
  for (const problem of plan.problems) counts[problem.kind] += 1;
  return {
    rowsRead: plan.rowsRead,
    fingerprint: plan.fingerprint,
    matched: plan.matched.map((m) => ({
      line: m.line,
      email: m.email,
      certification: certificationName(editionId, m.achievement),
      completedOn: m.completedOn,
    })),
    problems: plan.problems.map((p) => ({
      ...p,
      certification: certificationName(editionId, p.certification),
      kindLabel: completionProblemKinds[p.kind],
    })),
    counts,
  };
}

/** The preview of a file, or the refusal of a file that cannot be read (no header, too many rows). */
export async function importPreview(csv: string, ctx: ActionContext): Promise<ImportPreview | Refusal> {
  const plan = await importPlan(csv, ctx);
  return "ok" in plan ? plan : previewOf(plan, ctx.edition.id);
}

export const importCompletions = defineOrganizerAction({
  id: "credentials.import",
  permission: "import:credential",
  input: ImportCompletionsSchema,
  async run({ csv, expected }, ctx) {
    const { db, edition, now, env } = ctx;
    const plan = await importPlan(csv, ctx);
    if ("ok" in plan) return plan;
    if (expected !== plan.fingerprint) {
      return { ok: false, status: 409, message: credentialDeskMessages.changedSincePreview };
    }
    const at = now.toISOString();
    const statements: Statement[] = [];
    for (let i = 0; i < plan.matched.length; i += COMPLETIONS_PER_INSERT) {
      statements.push(
        db
          .insert(credentialCompletions)
          .values(
            plan.matched.slice(i, i + COMPLETIONS_PER_INSERT).map((m) => ({
              editionId: edition.id,
              userId: m.userId,
              achievement: m.achievement,
              completedOn: m.completedOn,
              importedAt: at,
            })),
          )
          .onConflictDoNothing(),
      );
    }
    const signed = await signedCredentialInserts(
      env,
      db,
      plan.matched.map((m) => ({
        editionId: edition.id,
        achievement: m.achievement,
        userId: m.userId,
        teamId: null,
        source: "import" as const,
        earnedAt: m.completedOn,
        recipientEmail: m.recipientEmail,
      })),
      { now, origin: configuredOrigin(env) ?? ctx.origin },
    );
    statements.push(...signed.statements);
    const preview = previewOf(plan, edition.id);
    return {
      ok: true,
      statements,
      holds: signed.holds,
      audit: {
        summary: `Imported completions: ${plan.matched.length} certification(s) issued, ${plan.problems.length} row(s) not imported`,
        targets: { edition: edition.id, rowsRead: plan.rowsRead, fingerprint: plan.fingerprint },
        after: {
          issued: plan.matched.map((m, i) => ({
            email: m.email,
            achievement: m.achievement,
            credentialId: signed.ids[i],
          })),
          notImported: preview.counts,
        },
      },
      message: credentialDeskMessages.imported(plan.matched.length, plan.problems.length),
      result: {
        rowsRead: plan.rowsRead,
        issued: plan.matched.length,
        credentialIds: signed.ids,
        problems: preview.problems,
      },
    };
  },
});

/**
 * The preview as a read (the API and the CLI): GET with `csv` in the query
 * string for a small file, or POST /api/organize/queries/credentials.import-preview
 * with the JSON body `{ "csv": "…" }`.
 */
export const previewCompletions = defineOrganizerQuery({
  id: "credentials.import-preview",
  permission: "import:credential",
  input: PreviewCompletionsSchema,
  async read({ csv }, ctx): Promise<ImportPreview | { error: string }> {
    const preview = await importPreview(csv ?? "", ctx);
    return "ok" in preview ? { error: preview.message } : preview;
  },
});
