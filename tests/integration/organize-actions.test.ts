/**
 * Every registered organizer action (app/desk/registry.server.ts), each
 * through every door it has: the desk's form posted as a browser without
 * JavaScript posts it, and the organizer API with a token. Each run must
 * change what the action changes and write exactly one audit row naming the
 * action and who acted (issue 32, ADR 018).
 *
 * A new action adds its scenario to `scenarios`; the first test fails until
 * it does.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { withEditions } from "~/clock/clock.server";
import { siteEditions } from "~/editions/cache.server";
import { runQuery } from "~/organize/action.server";
import { confirmProposal } from "~/organize/proposals.server";
import { organizerActions, organizerQueries } from "~/desk/registry.server";
import {
  createAppeal,
  createConflict,
  createContactSubmission,
  createCredential,
  createJudgeAdvisorInterest,
  createNotification,
  createRegistration,
  createSponsorship,
  createVote,
} from "./factories";
import { bareUser, invitation, judge, JUDGING, openAssignments, submittedProject } from "./judging-helpers";
import { invoiceRow, openInvoice } from "./invoices-helpers";
import {
  actionContext,
  api,
  auditSince,
  deskPost,
  directorWithAuthenticator,
  lastAuditId,
  organizer,
  personActor,
  tokenOf,
  type Organizer,
} from "./organize-helpers";
import { storedEdition, storedVersion } from "./editions-helpers";
import { dateFieldValues, detailFieldValues, fieldOf, priceFieldValues } from "~/editions/fields";

interface Prepared {
  actor: Organizer;
  /** For an action that asks for the code again on the desk (role changes): the actor's next code. */
  code?: () => string;
  /** The form's fields (the API gets the same as JSON). */
  input: Record<string, string>;
  /** After the action: what it changed is there. */
  check: () => Promise<void>;
}

interface Scenario {
  /** The desk page whose form runs it, and the form's intent. */
  page: string;
  intent: string;
  /** The worker's clock when the action is taken (default: the judging window's). */
  clock?: { APP_NOW: string };
  prepare: () => Promise<Prepared>;
}

/** A live conflict an organizer recorded, between a new judge and a new project. */
async function organizerConflict() {
  const who = await judge("conflicted", "2026");
  const teamId = await submittedProject("2026");
  await createConflict({ judgeUserId: who.id, teamId });
  return { judgeId: who.id, teamId };
}

/** A fresh submitted project of 2026 with one verified member. */
async function freshProject() {
  const member = await bareUser("member");
  return { member, teamId: await submittedProject("2026", { members: [member] }) };
}

/**
 * A one-way action is proposed by the door (one audit row, `proposals.propose`)
 * and runs when a different director confirms it (one audit row, the action's
 * own); the second factor is checked in organize-proposals.test.ts.
 */
async function confirmAsSecondDirector(proposalId: string, now: Date, second: Organizer) {
  const since = await lastAuditId();
  // The editions the worker would load now (an earlier scenario may have published one), as the proposal saw them.
  const context = actionContext(personActor(second), now);
  const confirmed = await confirmProposal(
    organizerActions,
    proposalId,
    { ...context, env: withEditions(context.env, { editions: await siteEditions(context.env) }) },
    async () => "ok",
  );
  expect(confirmed, JSON.stringify(confirmed)).toMatchObject({ ok: true });
  const rows = await auditSince(since);
  expect(rows).toHaveLength(1);
  return { second, row: rows[0]! };
}

/** The fingerprint a preview gives (issue 50): an import or a send confirms exactly what its preview showed. */
async function fingerprintOf(actor: Organizer, queryId: string, input: Record<string, string>) {
  const previewed = await runQuery(organizerQueries[queryId]!, input, actionContext(personActor(actor)));
  expect(previewed, JSON.stringify(previewed)).toMatchObject({ ok: true });
  return (previewed as { result: { fingerprint: string } }).result.fingerprint;
}

/** After the audience vote's close (Mar 31, 2026, 00:00 MDT): votes are excluded and the Audience Choice published then. */
const AFTER_VOTE = { APP_NOW: "2026-04-01T10:00:00-06:00" };

/** Votes of edition 2026 for `teamId`, written as the vote writes them; returns their ids. */
async function votesFor(teamId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  for (const [i, id] of ids.entries()) {
    await createVote({
      id,
      teamId,
      clientIp: `10.${i % 250}.${Math.floor(Math.random() * 250)}.1`,
      ipPrefix: `10.${i % 250}.0.0/24`,
      accountCreatedAt: "2026-01-05T00:00:00.000Z",
      emailDomain: "example.org",
      castAt: "2026-03-22T16:00:00.000Z",
    });
  }
  return ids;
}

const one = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

/** A paid sponsorship whose name and logo wait for the registrar's review (issue 54); its id. */
async function waitingPresence(name: string): Promise<string> {
  const user = await bareUser("sponsor");
  const sponsorshipId = `spo_${crypto.randomUUID()}`;
  await createSponsorship({ id: sponsorshipId, userId: user.id, companyName: name });
  await env.DB.prepare(
    "INSERT INTO sponsor_presences (sponsorship_id, edition_id, display_name, logo_key, logo_type, logo_width, logo_height, status, submitted_at, updated_at) VALUES (?, '2026', ?, ?, 'image/png', 300, 100, 'submitted', ?, ?)",
  )
    .bind(
      sponsorshipId,
      name,
      `sponsor-logos/${"b".repeat(64)}.png`,
      "2026-03-20T00:00:00.000Z",
      "2026-03-20T00:00:00.000Z",
    )
    .run();
  return sponsorshipId;
}

/** A paid organization whose public listing waits for the registrar's review (issue 54); its id. */
async function waitingListing(name: string): Promise<string> {
  const owner = await bareUser("listing-owner");
  const organizationId = crypto.randomUUID();
  await createRegistration({
    id: organizationId,
    userId: owner.id,
    registrationType: "workforce",
    companyName: name,
    email: `${organizationId.slice(0, 8)}@example.com`,
  });
  await env.DB.prepare(
    "INSERT INTO organization_listings (organization_id, edition_id, display_name, status, submitted_at, updated_at) VALUES (?, '2026', ?, 'submitted', ?, ?)",
  )
    .bind(organizationId, name, "2026-03-20T00:00:00.000Z", "2026-03-20T00:00:00.000Z")
    .run();
  return organizationId;
}

/** A fresh contact message or interest form, waiting (issue 33). */
async function waitingMessage(table: "contact_submissions" | "judge_advisor_interests") {
  const email = `${crypto.randomUUID().slice(0, 8)}@example.com`;
  const id =
    table === "contact_submissions"
      ? await createContactSubmission({ email, subject: "Hello" })
      : await createJudgeAdvisorInterest({
          firstName: "Jo",
          lastName: "Judge",
          email,
          phone: "208-555-0100",
          organization: "Acme",
          expertise: "AI",
          experience: "Years",
          motivation: "Because",
        });
  return String(id);
}

/** The handled toggle of one table's rows: marked by the actor, at the clock's time. */
function handledScenario(table: "contact_submissions" | "judge_advisor_interests", intent: string): Scenario {
  return {
    page: "/organize/inbox",
    intent,
    async prepare() {
      const actor = await organizer("registrar");
      const id = await waitingMessage(table);
      return {
        actor,
        input: { id, state: "handled" },
        check: async () =>
          expect(await one(`SELECT handled_by FROM ${table} WHERE id = ?`, Number(id))).toEqual({
            handled_by: `organizer:${actor.email}`,
          }),
      };
    },
  };
}

const scenarios: Record<string, Scenario> = {
  "organizers.grant": {
    page: "/organize/organizers",
    intent: "grant",
    async prepare() {
      const { who: actor, nextRecoveryCode: code } = await directorWithAuthenticator();
      const target = await organizer(null);
      return {
        actor,
        code,
        input: { email: target.email, role: "coordinator" },
        check: async () =>
          expect(await one("SELECT role FROM organizer_roles WHERE user_id = ?", target.id)).toEqual({
            role: "coordinator",
          }),
      };
    },
  },
  "organizers.remove": {
    page: "/organize/organizers",
    intent: "remove",
    async prepare() {
      const { who: actor, nextRecoveryCode: code } = await directorWithAuthenticator();
      const target = await organizer("registrar");
      return {
        actor,
        code,
        input: { email: target.email },
        check: async () =>
          expect(await one("SELECT role FROM organizer_roles WHERE user_id = ?", target.id)).toBeNull(),
      };
    },
  },
  "directors.grant": {
    page: "/organize/organizers",
    intent: "grant-director",
    async prepare() {
      const { who: actor, nextRecoveryCode: code } = await directorWithAuthenticator();
      const target = await organizer(null);
      return {
        actor,
        code,
        input: { email: target.email },
        check: async () =>
          expect(await one("SELECT role FROM organizer_roles WHERE user_id = ?", target.id)).toEqual({
            role: "director",
          }),
      };
    },
  },
  "directors.remove": {
    page: "/organize/organizers",
    intent: "remove-director",
    async prepare() {
      const { who: actor, nextRecoveryCode: code } = await directorWithAuthenticator();
      const target = await organizer("director");
      return {
        actor,
        code,
        input: { email: target.email },
        check: async () =>
          expect(await one("SELECT role FROM organizer_roles WHERE user_id = ?", target.id)).toBeNull(),
      };
    },
  },
  "tokens.create": {
    page: "/organize/tokens",
    intent: "create",
    async prepare() {
      const actor = await organizer("viewer");
      const name = `laptop ${crypto.randomUUID().slice(0, 6)}`;
      return {
        actor,
        input: { name },
        check: async () =>
          expect(await one("SELECT name FROM organizer_tokens WHERE user_id = ? AND name = ?", actor.id, name)).toEqual(
            {
              name,
            },
          ),
      };
    },
  },
  "tokens.revoke": {
    page: "/organize/tokens",
    intent: "revoke",
    async prepare() {
      const actor = await organizer("registrar");
      await tokenOf(actor, "to revoke");
      const row = await one<{ id: string }>(
        "SELECT id FROM organizer_tokens WHERE user_id = ? AND name = 'to revoke'",
        actor.id,
      );
      return {
        actor,
        input: { tokenId: row!.id },
        check: async () =>
          expect(
            await one<{ revoked_at: string | null }>("SELECT revoked_at FROM organizer_tokens WHERE id = ?", row!.id),
          ).toEqual({
            revoked_at: expect.any(String),
          }),
      };
    },
  },
  "judges.invite": {
    page: "/organize/judges",
    intent: "invite",
    async prepare() {
      const actor = await organizer("coordinator");
      const email = `invited.${crypto.randomUUID().slice(0, 8)}@judges.test`;
      return {
        actor,
        input: { email, name: "Casey Morgan" },
        check: async () => {
          expect(
            await one("SELECT name, edition_id FROM judge_invitations WHERE email = ? AND revoked_at IS NULL", email),
          ).toEqual({
            name: "Casey Morgan",
            edition_id: "2026",
          });
          expect(await one("SELECT kind FROM notifications WHERE recipient = ?", email)).toEqual({
            kind: "judge-invitation",
          });
        },
      };
    },
  },
  "judges.revoke-invitation": {
    page: "/organize/judges",
    intent: "revoke-invitation",
    async prepare() {
      const actor = await organizer("director");
      const email = `pending.${crypto.randomUUID().slice(0, 8)}@judges.test`;
      await invitation(email);
      const row = await one<{ id: string }>("SELECT id FROM judge_invitations WHERE email = ?", email);
      return {
        actor,
        input: { invitationId: row!.id },
        check: async () =>
          expect(
            await one("SELECT count(*) AS n FROM judge_invitations WHERE id = ? AND revoked_at IS NOT NULL", row!.id),
          ).toEqual({
            n: 1,
          }),
      };
    },
  },
  "notifications.requeue": {
    page: "/organize",
    intent: "requeue",
    async prepare() {
      const actor = await organizer("registrar");
      const { id } = await createNotification({
        status: "dead",
        attempts: 6,
        createdAt: "2026-03-20T00:00:00.000Z",
        updatedAt: "2026-03-20T00:00:00.000Z",
      });
      return {
        actor,
        input: {},
        // Pending again with an old timestamp (the next sweep sends it), its attempts kept.
        check: async () =>
          expect(await one("SELECT status, attempts, updated_at FROM notifications WHERE id = ?", id)).toEqual({
            status: "pending",
            attempts: 6,
            updated_at: "1970-01-01T00:00:00.000Z",
          }),
      };
    },
  },
  "credentials.import": {
    page: "/organize/credentials",
    intent: "import",
    async prepare() {
      const actor = await organizer("registrar");
      const holder = await bareUser("certified");
      const csv = `email,certification,completion date\n${holder.email},AI Builder,2026-02-01\n`;
      return {
        actor,
        input: { csv, expected: await fingerprintOf(actor, "credentials.import-preview", { csv }) },
        check: async () =>
          expect(
            await one(
              "SELECT achievement, source, signed_json IS NOT NULL AS signed FROM credentials WHERE user_id = ?",
              holder.id,
            ),
          ).toEqual({ achievement: "ai-builder", source: "import", signed: 1 }),
      };
    },
  },
  "credentials.revoke": {
    page: "/organize/credentials",
    intent: "revoke",
    async prepare() {
      const actor = await organizer("registrar");
      const holder = await bareUser("revoked");
      const { id } = await createCredential({ userId: holder.id, recipientEmail: holder.email });
      return {
        actor,
        input: { credentialId: id, reason: "Recorded in error" },
        check: async () =>
          expect(await one("SELECT revoked_reason, revoked_by FROM credentials WHERE id = ?", id)).toEqual({
            revoked_reason: "Recorded in error",
            revoked_by: `organizer:${actor.email}`,
          }),
      };
    },
  },
  "judges.remove": {
    page: "/organize/judges",
    intent: "remove",
    async prepare() {
      const actor = await organizer("coordinator");
      const gone = await judge("leaving", "2026");
      return {
        actor,
        input: { email: gone.email },
        check: async () =>
          expect(
            await one<{ left_by: string }>(
              "SELECT left_by FROM judges WHERE user_id = ? AND edition_id = '2026'",
              gone.id,
            ),
          ).toEqual({ left_by: `organizer:${actor.email}` }),
      };
    },
  },
  "assignments.run": {
    page: "/organize/assignments",
    intent: "run",
    async prepare() {
      const actor = await organizer("coordinator");
      await judge("assignable", "2026");
      const teamId = await submittedProject("2026");
      return {
        actor,
        input: { confirm: "run" },
        check: async () => expect((await openAssignments(teamId)).length).toBeGreaterThan(0),
      };
    },
  },
  "conflicts.dismiss": {
    page: "/organize/assignments",
    intent: "dismiss",
    async prepare() {
      const actor = await organizer("coordinator");
      const { judgeId, teamId } = await organizerConflict();
      const { id } = (await one<{ id: number }>(
        "SELECT id FROM judging_conflicts WHERE judge_user_id = ? AND team_id = ?",
        judgeId,
        teamId,
      ))!;
      return {
        actor,
        input: { conflictId: String(id), reason: "Not a conflict after all" },
        check: async () =>
          expect(await one("SELECT dismissed_reason FROM judging_conflicts WHERE id = ?", id)).toEqual({
            dismissed_reason: "Not a conflict after all",
          }),
      };
    },
  },
  "conflicts.add": {
    page: "/organize/assignments",
    intent: "add-conflict",
    async prepare() {
      const actor = await organizer("coordinator");
      const who = await judge("mentor", "2026");
      const teamId = await submittedProject("2026");
      return {
        actor,
        input: { email: who.email, teamId, reason: "Mentored the team" },
        check: async () =>
          expect(
            await one(
              "SELECT source, detail FROM judging_conflicts WHERE judge_user_id = ? AND team_id = ?",
              who.id,
              teamId,
            ),
          ).toEqual({ source: "organizer", detail: "Mentored the team" }),
      };
    },
  },
  "appeals.decide": {
    page: "/organize/appeals",
    intent: "decide",
    async prepare() {
      const actor = await organizer("coordinator");
      const members = [await bareUser("appellant"), await bareUser("teammate")];
      const teamId = await submittedProject("2026", { members });
      const appealId = `2026-${teamId}`;
      await createAppeal({ id: appealId, teamId, submittedBy: members[0]!.id, createdAt: "2026-03-24T16:00:00.000Z" });
      return {
        actor,
        input: { appealId, decision: "Upheld: the ethics score is corrected." },
        check: async () => {
          expect(await one("SELECT decided_by, decision FROM judging_appeals WHERE id = ?", appealId)).toEqual({
            decided_by: `organizer:${actor.email}`,
            decision: "Upheld: the ethics score is corrected.",
          });
          const { results } = await env.DB.prepare(
            "SELECT recipient FROM notifications WHERE kind = 'appeal-decided' AND json_extract(payload, '$.appealId') = ? ORDER BY recipient",
          )
            .bind(appealId)
            .all<{ recipient: string }>();
          expect(results.map((r) => r.recipient)).toEqual(members.map((m) => m.email).sort());
        },
      };
    },
  },
  "results.publish-finalists": {
    page: "/organize/results",
    intent: "publish-finalists",
    clock: { APP_NOW: "2026-04-03T10:00:00-06:00" },
    async prepare() {
      const actor = await organizer("coordinator");
      const { member, teamId } = await freshProject();
      return {
        actor,
        // Other scenarios' projects are not fully scored: publish anyway.
        input: { teamIds: teamId, force: "true" },
        check: async () => {
          expect(await one("SELECT award FROM published_results WHERE team_id = ?", teamId)).toEqual({
            award: "finalist",
          });
          expect(await one("SELECT kind FROM notifications WHERE recipient = ?", member.email)).toEqual({
            kind: "finalist-announced",
          });
          expect(
            await one<{ signed: number }>(
              "SELECT signed_json IS NOT NULL AS signed FROM credentials WHERE user_id = ? AND achievement = 'finalist'",
              member.id,
            ),
          ).toEqual({ signed: 1 });
        },
      };
    },
  },
  "contacts.handle": handledScenario("contact_submissions", "handle-contact"),
  "invoices.resend": {
    page: "/organize/invoices",
    intent: "invoice-resend",
    async prepare() {
      const invoice = await openInvoice();
      return {
        actor: await organizer("registrar"),
        input: { id: invoice.id },
        check: async () => expect((await invoiceRow(invoice.id))?.status).toBe("open"),
      };
    },
  },
  "invoices.void": {
    page: "/organize/invoices",
    intent: "invoice-void",
    async prepare() {
      const invoice = await openInvoice();
      return {
        actor: await organizer("registrar"),
        input: { id: invoice.id, reason: "A duplicate request" },
        check: async () => {
          expect(await invoiceRow(invoice.id)).toMatchObject({ status: "void", end_reason: "A duplicate request" });
          expect(await one("SELECT status FROM dev_invoices WHERE id = ?", invoice.stripe_invoice_id)).toEqual({
            status: "void",
          });
          expect(await one("SELECT status FROM registrations WHERE id = ?", invoice.record_id)).toEqual({
            status: "failed",
          });
        },
      };
    },
  },
  "invoices.paid-outside": {
    page: "/organize/invoices",
    intent: "invoice-paid-outside",
    async prepare() {
      const invoice = await openInvoice();
      return {
        actor: await organizer("registrar"),
        input: { id: invoice.id, receivedOn: "2026-03-20", reference: "Cheque 1042" },
        check: async () => {
          expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paid_outside_reference: "Cheque 1042" });
          expect(await one("SELECT status FROM registrations WHERE id = ?", invoice.record_id)).toEqual({
            status: "paid",
          });
          expect(
            await one(
              "SELECT count(*) AS n FROM company_codes WHERE registration_id = ? AND revoked_at IS NULL",
              invoice.record_id,
            ),
          ).toEqual({ n: 1 });
        },
      };
    },
  },
  "invoices.paid-outside-large": {
    page: "/organize/invoices",
    intent: "invoice-paid-outside-large",
    async prepare() {
      const invoice = await openInvoice({ purchase: "platinum" });
      return {
        actor: await organizer("registrar"),
        input: { id: invoice.id, receivedOn: "2026-03-20", reference: "Cheque 2001" },
        check: async () => {
          expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paid_outside_reference: "Cheque 2001" });
          expect(await one("SELECT status FROM sponsorships WHERE id = ?", invoice.record_id)).toEqual({
            status: "paid",
          });
        },
      };
    },
  },
  "interests.handle": handledScenario("judge_advisor_interests", "handle-interest"),
  "results.publish-awards": {
    page: "/organize/results",
    intent: "publish-awards",
    clock: { APP_NOW: "2026-04-25T17:00:00-06:00" },
    async prepare() {
      const actor = await organizer("director");
      const { member, teamId } = await freshProject();
      return {
        actor,
        input: { "best-customer-impact": teamId },
        check: async () => {
          expect(await one("SELECT award FROM published_results WHERE team_id = ?", teamId)).toEqual({
            award: "best-customer-impact",
          });
          expect(
            await one<{ signed: number }>(
              "SELECT signed_json IS NOT NULL AS signed FROM credentials WHERE user_id = ? AND achievement = 'best-customer-impact'",
              member.id,
            ),
          ).toEqual({ signed: 1 });
        },
      };
    },
  },
  "votes.exclude": {
    page: "/organize/votes",
    intent: "exclude-votes",
    clock: AFTER_VOTE,
    async prepare() {
      const actor = await organizer("coordinator");
      const ids = await votesFor(crypto.randomUUID(), 2);
      return {
        actor,
        input: { voteIds: ids.join(" "), reason: "Both from a test account farm", category: "other" },
        check: async () => {
          const { results } = await env.DB.prepare(
            "SELECT excluded_by, excluded_reason, excluded_category FROM showcase_votes WHERE id IN (?, ?)",
          )
            .bind(...ids)
            .all();
          expect(results).toEqual(
            ids.map(() => ({
              excluded_by: `organizer:${actor.email}`,
              excluded_reason: "Both from a test account farm",
              excluded_category: "other",
            })),
          );
        },
      };
    },
  },
  "votes.publish-audience-choice": {
    page: "/organize/votes",
    intent: "propose-audience-choice",
    clock: AFTER_VOTE,
    async prepare() {
      const actor = await organizer("coordinator");
      // An edition whose Audience Choice is not published yet (each door publishes it once), one project voted for.
      await env.DB.batch([
        env.DB.prepare("DELETE FROM showcase_ledger WHERE edition_id = '2026'"),
        env.DB.prepare("DELETE FROM published_results WHERE edition_id = '2026' AND award = 'audience-choice'"),
        env.DB.prepare("DELETE FROM showcase_votes WHERE edition_id = '2026'"),
      ]);
      const { member, teamId } = await freshProject();
      await env.DB.prepare("UPDATE submissions SET title = ?, slug = ?, public_consent = 1 WHERE team_id = ?")
        .bind(`Voted ${teamId}`, `voted-${teamId}`, teamId)
        .run();
      await votesFor(teamId, 2);
      return {
        actor,
        input: {},
        check: async () => {
          expect(await one("SELECT votes_cast, final_count FROM showcase_ledger WHERE team_id = ?", teamId)).toEqual({
            votes_cast: 2,
            final_count: 2,
          });
          expect(await one("SELECT award FROM published_results WHERE team_id = ?", teamId)).toEqual({
            award: "audience-choice",
          });
          expect(
            await one<{ signed: number }>(
              "SELECT signed_json IS NOT NULL AS signed FROM credentials WHERE user_id = ? AND achievement = 'audience-choice'",
              member.id,
            ),
          ).toEqual({ signed: 1 });
        },
      };
    },
  },
  "showcase.hide": {
    page: "/organize/showcase",
    intent: "hide",
    async prepare() {
      const actor = await organizer("coordinator");
      const { teamId } = await freshProject();
      return {
        actor,
        input: { teamId, reason: "The demo link shows a private customer list." },
        check: async () =>
          expect(await one("SELECT hidden_reason FROM submissions WHERE team_id = ?", teamId)).toEqual({
            hidden_reason: "The demo link shows a private customer list.",
          }),
      };
    },
  },
  "showcase.show": {
    page: "/organize/showcase",
    intent: "show",
    async prepare() {
      const actor = await organizer("director");
      const { teamId } = await freshProject();
      await env.DB.prepare(
        "UPDATE submissions SET hidden_at = '2026-03-21T00:00:00.000Z', hidden_by = 'organizer:x@example.test', hidden_reason = 'Fix the link' WHERE team_id = ?",
      )
        .bind(teamId)
        .run();
      return {
        actor,
        input: { teamId, reason: "The team fixed the link." },
        check: async () =>
          expect(await one("SELECT hidden_at, hidden_reason FROM submissions WHERE team_id = ?", teamId)).toEqual({
            hidden_at: null,
            hidden_reason: null,
          }),
      };
    },
  },
  "deadlines.extend": {
    page: "/organize/showcase",
    intent: "extend",
    clock: { APP_NOW: "2026-03-18T20:00:00-06:00" },
    async prepare() {
      const actor = await organizer("coordinator");
      const { teamId } = await freshProject();
      return {
        actor,
        input: { teamId, hours: "24", reason: "A member was in hospital on the last day." },
        check: async () =>
          expect(await one("SELECT until, hours FROM deadline_extensions WHERE team_id = ?", teamId)).toEqual({
            until: "2026-03-20T06:00:00.000Z",
            hours: 24,
          }),
      };
    },
  },
  // Messages (issue 33): each with a new subject, so every run writes its own e-mails.
  "announcements.test": {
    page: "/organize/messages",
    intent: "test",
    async prepare() {
      const actor = await organizer("registrar");
      const subject = `A test ${crypto.randomUUID()}`;
      return {
        actor,
        input: { segment: "judges", teamId: "", subject, body: "Hello judges." },
        check: async () =>
          expect(await one("SELECT recipient, kind FROM notifications WHERE subject = ?", `[Test] ${subject}`)).toEqual(
            { recipient: actor.email, kind: "announcement" },
          ),
      };
    },
  },
  "announcements.send": {
    page: "/organize/messages",
    intent: "send",
    async prepare() {
      const actor = await organizer("registrar");
      const { member } = await freshProject();
      const subject = `News ${crypto.randomUUID()}`;
      const text = { segment: "submitted", subject, body: "Thank you for submitting." };
      return {
        actor,
        input: { ...text, expected: await fingerprintOf(actor, "announcements.preview", { ...text, teamId: "" }) },
        check: async () =>
          expect(
            await one(
              "SELECT kind, status FROM notifications WHERE subject = ? AND recipient = ?",
              subject,
              member.email,
            ),
          ).toEqual({ kind: "announcement", status: "pending" }),
      };
    },
  },
  "messages.team": {
    page: "/organize/messages",
    intent: "team",
    async prepare() {
      const actor = await organizer("director");
      const { member, teamId } = await freshProject();
      const subject = `For your team ${crypto.randomUUID()}`;
      const text = { teamId, subject, body: "A word for your team." };
      return {
        actor,
        input: { ...text, expected: await fingerprintOf(actor, "announcements.preview", { ...text, segment: "team" }) },
        check: async () =>
          expect(
            await one<{ n: number }>(
              "SELECT count(*) AS n FROM notifications WHERE subject = ? AND recipient = ?",
              subject,
              member.email,
            ),
          ).toEqual({ n: 1 }),
      };
    },
  },
  // Editions as data (issue 52): each run on an edition of its own, stored as the scenario needs it.
  "editions.draft-dates": {
    page: "/organize/editions/2027",
    intent: "draft-dates",
    async prepare() {
      const actor = await organizer("coordinator");
      const { id, edition } = await storedEdition("draft");
      return {
        actor,
        input: {
          editionId: id,
          ...dateFieldValues(edition),
          [fieldOf.startDate("submission-deadline")]: "2027-03-17",
          [fieldOf.startDate("final-enrollment-deadline")]: "2027-03-17",
        },
        check: async () =>
          expect((await storedVersion(id, 2))?.edition.submissionDeadline).toEqual({
            due: "2027-03-18T05:59:00.000Z",
            closesAt: "2027-03-18T06:00:00.000Z",
          }),
      };
    },
  },
  "editions.draft-prices": {
    page: "/organize/editions/2027",
    intent: "draft-prices",
    async prepare() {
      const actor = await organizer("coordinator");
      const { id, edition } = await storedEdition("draft");
      return {
        actor,
        input: { editionId: id, ...priceFieldValues(edition), "individual-regular": "325" },
        check: async () =>
          expect((await storedVersion(id, 2))?.edition.prices).toEqual({
            individual: { earlyBird: 25_000, regular: 32_500 },
            workforce: { earlyBird: 500_000, regular: 600_000 },
          }),
      };
    },
  },
  "editions.draft-details": {
    page: "/organize/editions/2027",
    intent: "draft-details",
    async prepare() {
      const actor = await organizer("director");
      const { id, edition } = await storedEdition("draft");
      return {
        actor,
        input: { editionId: id, ...detailFieldValues(edition), "goal-participants": "600", "rules-version": "2027-1" },
        check: async () => {
          const saved = await storedVersion(id, 2);
          expect(saved?.rules_version).toBe("2027-1");
          expect(saved?.edition.goals).toEqual({ participants: 600, organizations: 100, projectSubmissions: 50 });
        },
      };
    },
  },
  "editions.publish": {
    page: "/organize/editions/2027",
    intent: "publish",
    async prepare() {
      const actor = await organizer("director");
      const { id } = await storedEdition("draft");
      return {
        actor,
        input: { editionId: id, version: "1", rulesVersion: "2027-1" },
        check: async () => {
          expect(await storedVersion(id, 1)).toMatchObject({ state: "published", rules_version: "2027-1" });
          expect(await one("SELECT published_version FROM editions WHERE id = ?", id)).toEqual({
            published_version: 1,
          });
        },
      };
    },
  },
  "editions.change": {
    page: "/organize/editions/2027",
    intent: "change",
    async prepare() {
      const actor = await organizer("director");
      const { id } = await storedEdition("published");
      return {
        actor,
        input: {
          editionId: id,
          milestone: "finals",
          startDate: "2027-04-27",
          endDate: "2027-04-27",
          note: "The Capitol is booked on the 24th.",
        },
        check: async () => {
          expect(await storedVersion(id, 1)).toMatchObject({ state: "superseded" });
          expect(await storedVersion(id, 2)).toMatchObject({
            state: "published",
            based_on: 1,
            note: "The Capitol is booked on the 24th.",
          });
          expect(await one("SELECT published_version FROM editions WHERE id = ?", id)).toEqual({
            published_version: 2,
          });
        },
      };
    },
  },
  // A sponsor's presence on the site (issue 54).
  "sponsors.approve-presence": {
    page: "/organize/sponsorships",
    intent: "approve-presence",
    async prepare() {
      const actor = await organizer("registrar");
      const sponsorshipId = await waitingPresence("Approve Me Co");
      return {
        actor,
        input: { sponsorshipId },
        check: async () =>
          expect(
            await one("SELECT status, shown_name FROM sponsor_presences WHERE sponsorship_id = ?", sponsorshipId),
          ).toEqual({ status: "approved", shown_name: "Approve Me Co" }),
      };
    },
  },
  "sponsors.return-presence": {
    page: "/organize/sponsorships",
    intent: "return-presence",
    async prepare() {
      const actor = await organizer("registrar");
      const sponsorshipId = await waitingPresence("Return Me Co");
      return {
        actor,
        input: { sponsorshipId, reason: "too small to read" },
        check: async () =>
          expect(
            await one("SELECT status, return_reason FROM sponsor_presences WHERE sponsorship_id = ?", sponsorshipId),
          ).toEqual({ status: "returned", return_reason: "too small to read" }),
      };
    },
  },
  // An organization's public listing (issue 54).
  "organizations.approve-listing": {
    page: "/organize/organizations",
    intent: "approve-listing",
    async prepare() {
      const actor = await organizer("registrar");
      const organizationId = await waitingListing("Approve Me Works");
      return {
        actor,
        input: { organizationId },
        check: async () =>
          expect(
            await one("SELECT status, shown_name FROM organization_listings WHERE organization_id = ?", organizationId),
          ).toEqual({ status: "approved", shown_name: "Approve Me Works" }),
      };
    },
  },
  "organizations.return-listing": {
    page: "/organize/organizations",
    intent: "return-listing",
    async prepare() {
      const actor = await organizer("registrar");
      const organizationId = await waitingListing("Return Me Works");
      return {
        actor,
        input: { organizationId, reason: "the logo is blurred" },
        check: async () =>
          expect(
            await one(
              "SELECT status, return_reason FROM organization_listings WHERE organization_id = ?",
              organizationId,
            ),
          ).toEqual({ status: "returned", return_reason: "the logo is blurred" }),
      };
    },
  },
  // Judges' and advisors' profiles (issue 54).
  "profiles.publish": {
    page: "/organize/judges",
    intent: "publish-profiles",
    async prepare() {
      const actor = await organizer("coordinator");
      const user = await bareUser("profiled");
      await env.DB.prepare(
        "INSERT INTO public_profiles (edition_id, user_id, standing, name, consented_at, updated_at) VALUES ('2026', ?, 'judge', 'Pat Profiled', ?, ?)",
      )
        .bind(user.id, "2026-03-20T00:00:00.000Z", "2026-03-20T00:00:00.000Z")
        .run();
      return {
        actor,
        input: { confirm: "publish" },
        check: async () =>
          expect(await one("SELECT shown_name FROM public_profiles WHERE user_id = ?", user.id)).toEqual({
            shown_name: "Pat Profiled",
          }),
      };
    },
  },
};

describe("every organizer action", { timeout: 120_000 }, () => {
  it("has a scenario here", () => {
    expect(Object.keys(scenarios).sort()).toEqual(Object.keys(organizerActions).sort());
  });

  for (const [id, scenario] of Object.entries(scenarios)) {
    const action = organizerActions[id]!;
    const doors = action.doors ?? ["desk", "api", "job"];

    it(`${id}: the desk's form, posted without JavaScript, changes it and writes one audit row`, async () => {
      const clock = scenario.clock ?? JUDGING;
      const now = new Date(clock.APP_NOW);
      const { actor, input, check, code } = await scenario.prepare();
      // Made before the proposal: a director granted after it may not confirm it, and a director-role
      // proposal's preview lists every director.
      const confirmer = action.preview ? await organizer("director") : null;
      const since = await lastAuditId();
      const codeAgain: Record<string, string> = action.secondFactorAgain ? { code: code!() } : {};
      const response = await deskPost(scenario.page, { intent: scenario.intent, ...input, ...codeAgain }, actor, clock);
      if (!doors.includes("desk")) {
        expect(response.status).toBe(403);
        expect(await auditSince(since)).toEqual([]);
        return;
      }
      // A redirect with the toast, or (a token shown once) the page again; a one-way action goes to its proposal.
      expect([200, 303], `${id}: ${response.status}`).toContain(response.status);
      const location = response.headers.get("location");
      const proposal = action.preview ? /^\/organize\/proposals\/([\w-]+)$/.exec(location ?? "") : null;
      if (action.preview) expect(proposal, `${id}: ${location}`).not.toBeNull();
      else if (response.status === 303) expect(location).toMatch(new RegExp(`^${scenario.page}`));
      await response.arrayBuffer();
      const rows = (await auditSince(since)).filter((r) => r.actor_user_id === actor.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: action.preview ? "proposals.propose" : id,
        actor_kind: "person",
        actor_label: actor.email,
        actor_role: actor.role,
      });
      expect(rows[0]!.created_at).toBe(now.toISOString());
      if (proposal) {
        const { second, row } = await confirmAsSecondDirector(proposal[1]!, now, confirmer!);
        expect(row).toMatchObject({ action: id, actor_user_id: second.id, proposal_id: proposal[1] });
      }
      await check();
    });

    it(`${id}: the organizer API ${doors.includes("api") ? "changes it and writes one audit row" : "refuses it"}`, async () => {
      const clock = scenario.clock ?? JUDGING;
      const { actor, input, check } = await scenario.prepare();
      const confirmer = action.preview ? await organizer("director") : null;
      const token = await tokenOf(actor);
      const since = await lastAuditId();
      const response = await api("POST", `/actions/${id}`, { token, body: input, clock });
      const rows = (await auditSince(since)).filter((r) => r.actor_user_id === actor.id);
      if (!doors.includes("api")) {
        expect(response.status).toBe(403);
        expect(rows).toEqual([]);
        return;
      }
      expect(response.status, await response.clone().text()).toBe(action.preview ? 202 : 200);
      const body = (await response.json()) as { message: string; eventId?: number; proposalId?: string };
      expect(body.message).toBeTruthy();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: action.preview ? "proposals.propose" : id,
        actor_kind: "token",
        actor_role: actor.role,
      });
      if (!action.preview) expect(rows[0]!.id).toBe(body.eventId);
      expect(rows[0]!.token_id).toBeTruthy();
      if (action.preview) {
        const { row } = await confirmAsSecondDirector(body.proposalId!, new Date(clock.APP_NOW), confirmer!);
        expect(row).toMatchObject({ action: id, proposal_id: body.proposalId });
      }
      await check();
    });
  }
});
