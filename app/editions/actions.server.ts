/**
 * The editions as organizer actions (issue 52, ADR 018): the desk's
 * /organize/editions pages, the organizer API and the CLI all take these.
 *
 * - editions.draft-dates | draft-prices | draft-details: a coordinator or a
 *   director saves one part of a draft, checked first; each save is a new
 *   draft version.
 * - editions.publish: one-way. A director proposes a draft version with a
 *   preview of what the site will say and the contest rules version counsel
 *   reviewed; a different director confirms with a fresh code; then the
 *   version is published, the one before superseded and the catalog's
 *   number raised, in one batch with the audit row.
 * - editions.change: one-way. A director moves one milestone of the
 *   published edition; the preview lists who is affected and what they are
 *   told; on confirmation a new published version is written and each
 *   affected person gets one e-mail through the outbox.
 */
import { and, eq } from "drizzle-orm";
import type * as z from "zod/mini";
import { formatMilestoneDate, formatMilestoneTime, formatMountain } from "~/clock/format";
import { editionDeskMessages as say, editionPreviewText as text, affectedGroupText } from "~/content/edition-desk";
import { milestoneOf, type Edition, type MilestoneId } from "~/content/editions";
import { editionVersions as editionVersionsTable } from "~/db/schema";
import { refusal, type Refusal } from "~/lib/refusal";
import { enqueueNotifications, outboxInsert } from "~/notifications/outbox.server";
import {
  defineOrganizerAction,
  rowWhere,
  type ActionContext,
  type Preview,
  type Statement,
} from "~/organize/action.server";
import { forgetPublishedEditions } from "./cache.server";
import { affectedPeople } from "./affected.server";
import { checkChange, checkEdition, movedMilestones } from "./check";
import {
  editionState,
  previousEdition,
  publicationStatements,
  versionInsert,
  type EditionState,
} from "./drafts.server";
import {
  dateFieldValues,
  editionWithDates,
  editionWithDetails,
  editionWithPrices,
  fieldOf,
  type FieldProblem,
} from "./fields";
import { editionChanged } from "./notification.server";
import {
  ChangeEditionSchema,
  DraftDatesSchema,
  DraftDetailsSchema,
  DraftPricesSchema,
  PublishEditionSchema,
} from "./schema";

const when = (date: Date) => formatMountain(date, "dateTime");

/** Problems as one refusal: the first one's words, every field's message on its field. */
export function problemsRefusal(
  problems: readonly FieldProblem[],
  rename: (field: string) => string = (f) => f,
): Refusal {
  const fieldErrors: Record<string, string[]> = {};
  for (const p of problems) (fieldErrors[rename(p.field)] ??= []).push(p.message);
  const first = problems[0]!;
  return refusal(problems.map((p) => p.message).join(" "), 400, rename(first.field), fieldErrors);
}

async function stateOrRefusal(ctx: ActionContext, id: string): Promise<EditionState | Refusal> {
  const state = await editionState(ctx.db, ctx.env, id);
  return state ?? refusal(say.unknownEdition(id), 404, "editionId");
}

const partNames = { dates: "The dates", prices: "The prices", details: "The venue and goals" } as const;

function draftAction<Schema extends typeof DraftDatesSchema | typeof DraftPricesSchema | typeof DraftDetailsSchema>(
  id: string,
  part: keyof typeof partNames,
  input: Schema,
  apply: (base: Edition, fields: Record<string, string | undefined>) => ReturnType<typeof editionWithDates>,
) {
  return defineOrganizerAction({
    id,
    permission: "draft:edition",
    input,
    async run(value, ctx) {
      const fields = value as Record<string, string | undefined>;
      const state = await stateOrRefusal(ctx, String(fields.editionId));
      if ("ok" in state) return state;
      if (state.published) return refusal(say.publishedOnlyChanges(state.id), 409);
      const built = apply(state.latest.edition, fields);
      if (!built.ok) return problemsRefusal(built.problems);
      const problems = checkEdition(built.edition, { previous: previousEdition(ctx.env, state.id) });
      if (problems.length > 0) return problemsRefusal(problems);
      const version = state.latest.version + 1;
      const at = ctx.now.toISOString();
      const by = ctx.actor.kind === "job" ? ctx.actor.name : ctx.actor.email;
      const rulesVersion =
        part === "details" ? fields["rules-version"] || state.latest.rulesVersion : state.latest.rulesVersion;
      const { statements, holds } = versionInsert(ctx.db, state, {
        version,
        edition: built.edition,
        versionState: "draft",
        basedOn: state.latest.version > 0 ? state.latest.version : null,
        rulesVersion: rulesVersion ?? null,
        by,
        at,
      });
      return {
        ok: true as const,
        statements,
        holds,
        audit: {
          summary: `Saved ${partNames[part].toLowerCase()} of the ${built.edition.name} as draft version ${version}`,
          targets: { editionId: state.id, version },
          before: { version: state.latest.version },
          after: { version, part },
        },
        message: say.draftSaved(partNames[part], version),
        result: { editionId: state.id, version },
      };
    },
  });
}

export const draftDates = draftAction("editions.draft-dates", "dates", DraftDatesSchema, editionWithDates);
export const draftPrices = draftAction("editions.draft-prices", "prices", DraftPricesSchema, editionWithPrices);
export const draftDetails = draftAction("editions.draft-details", "details", DraftDetailsSchema, editionWithDetails);

// ── Publication ───────────────────────────────────────────────────────────

/** What the site will say of `edition`: the home page's announcement, /register's prices, /timeline and the feed. */
export function sitePreviewTables(edition: Edition): Preview["tables"] {
  const dollars = (cents: number) =>
    `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
  const lastEarly = new Date(edition.pricingRegularFrom.getTime() - 1);
  return [
    {
      caption: text.homeCaption,
      columns: [...text.homeHead],
      rows: [
        ["Announcement", text.announcement(edition.name, when(edition.enrollmentOpens))],
        ["Early bird", text.earlyBirdUntil(formatMountain(lastEarly))],
        ["Finals", `${formatMilestoneDate(milestoneOf(edition, "finals"))}, ${edition.finalsVenue.city}`],
      ],
    },
    {
      caption: text.registerCaption,
      columns: [...text.registerHead],
      rows: (["individual", "workforce"] as const).map((plan) => [
        plan === "individual" ? "Individual" : "Workforce Package",
        dollars(edition.prices[plan].earlyBird),
        dollars(edition.prices[plan].regular),
      ]),
    },
    {
      caption: text.timelineCaption,
      columns: [...text.timelineHead],
      rows: edition.milestones.map((m) => [m.title, formatMilestoneDate(m), formatMilestoneTime(m) ?? ""]),
    },
  ];
}

async function publicationPlan(
  ctx: ActionContext,
  value: { editionId: string; version: string; rulesVersion: string },
) {
  const state = await stateOrRefusal(ctx, value.editionId);
  if ("ok" in state) return state;
  const version = Number(value.version);
  const row = state.versions.find((v) => v.version === version);
  if (!row) return refusal(say.unknownVersion(state.id, value.version), 404, "version");
  if (row.state !== "draft" && row.state !== "proposed")
    return refusal(say.notADraft(state.id, version), 409, "version");
  if (state.latest.version !== version) return refusal(say.newerDraft(state.latest.version), 409, "version");
  const problems = checkEdition(row.edition, { previous: previousEdition(ctx.env, state.id) });
  if (problems.length > 0) return refusal(say.draftHasProblems(problems.length), 409);
  return { ok: true as const, state, row, version };
}

export const publishEdition = defineOrganizerAction({
  id: "editions.publish",
  permission: "publish:edition",
  input: PublishEditionSchema,
  async preview(value, ctx) {
    const plan = await publicationPlan(ctx, value);
    if (!plan.ok) return plan;
    const edition = plan.row.edition;
    return {
      summary: text.publishSummary(edition.name, plan.version, formatMountain(edition.enrollmentOpens, "weekdayDate")),
      tables: sitePreviewTables(edition),
      notes: [
        text.rulesNote(value.rulesVersion),
        text.versionNote(plan.version, plan.state.latest.version),
        text.feedNote,
      ],
    };
  },
  async run(value, ctx) {
    const plan = await publicationPlan(ctx, value);
    if (!plan.ok) return plan;
    const at = ctx.now.toISOString();
    const by = ctx.actor.kind === "job" ? ctx.actor.name : ctx.actor.email;
    const statements = [
      ...publicationStatements(ctx.db, plan.state.id, plan.version, at, by),
      ctx.db
        .update(editionVersionsTable)
        .set({ rulesVersion: value.rulesVersion })
        .where(and(eq(editionVersionsTable.editionId, plan.state.id), eq(editionVersionsTable.version, plan.version))),
    ];
    return {
      ok: true as const,
      statements,
      holds: rowWhere(
        ctx.db,
        editionVersionsTable,
        eq(editionVersionsTable.editionId, plan.state.id),
        eq(editionVersionsTable.version, plan.version),
        eq(editionVersionsTable.state, "published"),
        eq(editionVersionsTable.publishedAt, at),
      ),
      audit: {
        summary: `Published the ${plan.row.edition.name}, version ${plan.version}`,
        targets: { editionId: plan.state.id, version: plan.version },
        before: { publishedVersion: plan.state.published?.version ?? null },
        after: { publishedVersion: plan.version, rulesVersion: value.rulesVersion },
      },
      message: say.published(plan.row.edition.name, plan.version),
      result: { editionId: plan.state.id, version: plan.version },
      // Each isolate reloads its published editions when it sees the catalog's raised number (ADR 024); this one
      // forgets its copy at once, so the director's next page already shows the publication.
      afterwards: async () => forgetPublishedEditions(),
    };
  },
});

// ── A change of the published edition ─────────────────────────────────────

/** The change form's generic fields, as the dates form names them for `milestone`. */
const changeFieldNames = (milestone: MilestoneId) => ({
  [fieldOf.startDate(milestone)]: "startDate",
  [fieldOf.startTime(milestone)]: "startTime",
  [fieldOf.endDate(milestone)]: "endDate",
  [fieldOf.endTime(milestone)]: "endTime",
});

async function changePlan(ctx: ActionContext, value: z.output<typeof ChangeEditionSchema>) {
  const state = await stateOrRefusal(ctx, value.editionId);
  if ("ok" in state) return state;
  if (!state.published) return refusal(say.notPublished(state.id), 409, "editionId");
  const published = state.published.edition;
  const names = changeFieldNames(value.milestone);
  const rename = (field: string) => names[field] ?? "milestone";
  const fields: Record<string, string | undefined> = { ...dateFieldValues(published) };
  for (const [formName, generic] of Object.entries(names)) {
    const posted = value[generic as "startDate"];
    if (posted !== undefined && posted !== "") fields[formName] = posted;
  }
  const built = editionWithDates(published, fields);
  if (!built.ok) return problemsRefusal(built.problems, rename);
  const moved = movedMilestones(published, built.edition);
  if (moved.length === 0) return refusal(say.nothingChanged, 400, "startDate");
  const problems = checkChange(built.edition, published, ctx.now);
  if (problems.length > 0) return problemsRefusal(problems, rename);
  // A change is an exception to the plan (a storm moves the deadline past the showcase's first day): what the
  // draft's check would refuse is shown to both directors in the preview, and they decide.
  const warnings = checkEdition(built.edition, { previous: previousEdition(ctx.env, state.id) }).map((p) => p.message);
  const affected = await affectedPeople(
    ctx.db,
    state.id,
    moved.map((m) => m.after.id),
  );
  const changes = moved.map(({ before, after }) => ({
    title: after.title,
    before: [formatMilestoneDate(before), formatMilestoneTime(before)].filter(Boolean).join(", "),
    after: [formatMilestoneDate(after), formatMilestoneTime(after)].filter(Boolean).join(", "),
  }));
  return { ok: true as const, state, published: state.published, edition: built.edition, changes, affected, warnings };
}

export const changeEdition = defineOrganizerAction({
  id: "editions.change",
  permission: "change:edition",
  input: ChangeEditionSchema,
  async preview(value, ctx) {
    const plan = await changePlan(ctx, value);
    if (!plan.ok) return plan;
    return {
      summary: text.changeSummary(plan.edition.name, plan.changes.map((c) => `${c.title} → ${c.after}`).join("; ")),
      tables: [
        {
          caption: text.changesCaption,
          columns: [...text.changesHead],
          rows: plan.changes.map((c) => [c.title, c.before, c.after]),
        },
        {
          caption: text.affectedCaption,
          columns: [...text.affectedHead],
          rows: [
            ...plan.affected.groups.map((g) => [affectedGroupText[g.group], g.count, g.milestones.join(", ")]),
            ["Everyone above, once each", plan.affected.recipients.length, "one e-mail per person"],
          ],
        },
      ],
      notes: [value.note, ...plan.warnings.map(text.warning), text.feedNote],
    };
  },
  async run(value, ctx) {
    const plan = await changePlan(ctx, value);
    if (!plan.ok) return plan;
    const at = ctx.now.toISOString();
    const by = ctx.actor.kind === "job" ? ctx.actor.name : ctx.actor.email;
    const statements: Statement[] = [];
    let basedOn = plan.published.version;
    if (!plan.state.stored) {
      // The site's edition from code, recorded as version 1 first, so its history starts where people relied on it.
      const first = versionInsert(ctx.db, plan.state, {
        version: 1,
        edition: plan.published.edition,
        versionState: "superseded",
        basedOn: null,
        rulesVersion: null,
        by,
        at,
      });
      statements.push(...first.statements);
      basedOn = 1;
    }
    const version = Math.max(plan.state.latest.version, basedOn) + 1;
    const inserted = versionInsert(
      ctx.db,
      { ...plan.state, stored: true },
      {
        version,
        edition: plan.edition,
        versionState: "published",
        basedOn,
        rulesVersion: plan.published.rulesVersion,
        note: value.note,
        by,
        at,
      },
    );
    statements.push(...inserted.statements, ...publicationStatements(ctx.db, plan.state.id, version, at, by));
    const timelineUrl = `${ctx.env.BASE_URL || ctx.origin}/timeline`;
    const emails = plan.affected.recipients.map((recipient) =>
      outboxInsert(ctx.db, editionChanged, {
        recipient,
        payload: { editionName: plan.edition.name, changes: plan.changes, note: value.note, timelineUrl },
        now: ctx.now,
      }),
    );
    statements.push(...emails.map((e) => e.statement));
    const emailIds = emails.map((e) => e.id);
    return {
      ok: true as const,
      statements,
      holds: inserted.holds,
      audit: {
        summary: `Changed the ${plan.edition.name}: ${plan.changes.map((c) => c.title).join(", ")} (version ${version})`,
        targets: { editionId: plan.state.id, version },
        before: {
          version: plan.published.version,
          changes: plan.changes.map((c) => ({ title: c.title, at: c.before })),
        },
        after: {
          version,
          changes: plan.changes.map((c) => ({ title: c.title, at: c.after })),
          emails: emailIds.length,
        },
        reason: value.note,
      },
      message: say.changed(plan.edition.name, version, emailIds.length),
      result: { editionId: plan.state.id, version, emails: emailIds.length },
      // As for a publication: this isolate forgets its published editions at once.
      afterwards: async () => {
        forgetPublishedEditions();
        if (emailIds.length > 0)
          await enqueueNotifications(ctx.env, emailIds, { requestId: ctx.requestId, kind: editionChanged.kind });
      },
    };
  },
});

export const editionActions = [draftDates, draftPrices, draftDetails, publishEdition, changeEdition];
