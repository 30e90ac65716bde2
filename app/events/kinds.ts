/**
 * Each event kind's payload, typed (as documenso types its audit payloads):
 * a zod schema per account kind, one per daily job's result, and one
 * envelope every organizer action shares (targets, before, after). A row is
 * validated as it is written: a payload that does not fit its kind is a
 * programming error, and the write throws before anything reaches the
 * database.
 *
 * Kinds are named as the organizers' actions are (app/desk/registry.server.ts):
 * `area.verb`, a verb of several words joined by hyphens
 * (`judges.revoke-invitation`, `team.draft-deleted`).
 */
import * as z from "zod/mini";
import type { accountEventSummaries } from "~/content/events";
import { dailyJobAction } from "~/content/organize";

const fileShape = z.object({ component: z.string(), filename: z.string(), uploadedBy: z.string() });

/** The payload of each kind an account writes for itself. */
export const accountEventPayloads = {
  "team.invitation-sent": z.object({ invitationId: z.string() }),
  "team.member-joined": z.object({}),
  "team.member-left": z.object({}),
  "team.member-removed": z.object({ memberUserId: z.string() }),
  "team.project-submitted": z.object({}),
  "team.draft-deleted": z.object({ files: z.array(fileShape) }),
  "judging.invitation-accepted": z.object({ invitationId: z.string() }),
  "advisors.invitation-accepted": z.object({ invitationId: z.string(), advisoryGroup: z.string() }),
  "judging.conflict-declared": z.object({
    teamId: z.string(),
    released: z.optional(z.number()),
    assigned: z.optional(z.number()),
  }),
  "organization.code-regenerated": z.object({ notified: z.number() }),
  "organization.employees-invited": z.object({
    sent: z.number(),
    skippedEnrolled: z.number(),
    duplicates: z.number(),
    skippedInvitedToday: z.number(),
  }),
  "organization.employee-removed": z.object({ registrationId: z.string() }),
  "organization.admin-invited": z.object({ email: z.string(), invitationId: z.string() }),
  "organization.admin-invitation-cancelled": z.object({ invitationId: z.string() }),
  "organization.admin-added": z.object({ invitationId: z.string() }),
  "organization.admin-removed": z.object({ userId: z.string() }),
  "organization.listing-requested": z.object({ displayName: z.string(), website: z.nullable(z.string()) }),
  "organization.listing-logo-uploaded": z.object({ logoKey: z.string(), contentType: z.string() }),
  "organization.unlisted": z.object({}),
  "sponsor.presence-saved": z.object({ sponsorshipId: z.string(), status: z.string() }),
  "sponsor.logo-uploaded": z.object({
    sponsorshipId: z.string(),
    logoKey: z.string(),
    contentType: z.string(),
    status: z.string(),
  }),
} satisfies Record<keyof typeof accountEventSummaries, z.ZodMiniType>;

export type AccountEventKind = keyof typeof accountEventPayloads;
export type AccountEventPayload<Kind extends AccountEventKind> = z.output<(typeof accountEventPayloads)[Kind]>;

/**
 * An organizer's preview of the site on another day (issue 52,
 * app/editions/preview.server.ts): started and left on the desk, each an
 * organizer's row with the envelope below (which edition version, the
 * instant shown). Not registry actions: a preview belongs to one desk
 * session, which no API token or job has.
 */
export const sitePreviewKinds = { start: "site-preview.start", leave: "site-preview.leave" } as const;

/** Who an account acts as. */
export const accountRoles = ["participant", "judge", "advisor", "admin", "sponsor"] as const;
export type AccountRole = (typeof accountRoles)[number];

/** The envelope of every organizer action's row (and a personal-data read's). */
export const organizerEnvelope = z.object({
  targets: z.record(z.string(), z.unknown()),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
  reason: z.optional(z.nullable(z.string())),
});

/** A daily job's row: what it did, or its error (`after`); `targets` names the job. */
export const dailyJobEnvelope = z.object({
  targets: z.object({ job: z.string() }),
  after: z.union([
    z.object({ outcome: z.literal("done"), result: z.optional(z.unknown()) }),
    z.object({ outcome: z.literal("failed"), error: z.string() }),
  ]),
});

/** Throws when `payload` does not fit `kind`: a programming error, never a user's. */
export function checkedPayload<Kind extends AccountEventKind>(kind: Kind, payload: unknown): AccountEventPayload<Kind> {
  const parsed = accountEventPayloads[kind].safeParse(payload);
  if (!parsed.success) throw new Error(`The ${kind} event's payload does not fit its kind: ${parsed.error.message}`);
  return parsed.data as AccountEventPayload<Kind>;
}

/** Throws when an organizer's row, or a daily job's run, does not fit its envelope. */
export function checkedEnvelope(action: string, facts: unknown): void {
  const parsed = (action === dailyJobAction ? dailyJobEnvelope : organizerEnvelope).safeParse(facts);
  if (!parsed.success) throw new Error(`An event's facts do not fit their envelope: ${parsed.error.message}`);
}
