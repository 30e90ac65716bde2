/**
 * What each form of the organization dashboard does (issue 21): one intent
 * per form, its schema and its handler, run by `handleIntentPost`. Every
 * handler acts on the organization the layout's middleware found for this
 * account (never on an id the form names without checking it belongs there).
 */
import type { Refusal } from "~/lib/refusal";
import { editionOf } from "~/clock/clock.server";
import type { Edition } from "~/content/editions";
import { companyCodeEditionMessages } from "~/content/organization";
import type { SessionUser } from "~/auth/session.server";
import { organizationMessages as m } from "~/content/organization";
import type { Db } from "~/db/client.server";
import { intent, type IntentOutcome } from "~/forms/intent-action.server";
import type { Organization } from "./access.server";
import { cancelAdminInvitation, inviteAdmin, removeAdmin } from "./admins.server";
import { regenerateCode } from "./code.server";
import { removeEmployee } from "./employees.server";
import { inviteEmployees } from "./invitations.server";
import {
  CancelAdminInvitationSchema,
  InviteAdminSchema,
  InviteEmployeesSchema,
  RegenerateSchema,
  RemoveAdminSchema,
  RemoveEmployeeSchema,
} from "./schema";

export interface OrganizationCtx {
  env: Env;
  db: Db;
  user: SessionUser;
  organization: Organization;
  now: Date;
  /** The clock's edition: a package of an earlier one no longer invites anyone (issue 23). */
  edition: Edition;
  origin: string;
  requestId: string;
}

const here = (ctx: OrganizationCtx, anchor: string) => `/organization/${ctx.organization.id}#${anchor}`;

/** A service's `{ ok, message }` answer as an intent's outcome, with the toast's title and the section to return to. */
function outcomeOf(
  ctx: OrganizationCtx,
  result: { ok: true; message: string } | Refusal,
  title: string,
  anchor: string,
  field?: string,
): IntentOutcome {
  if (!result.ok) return { ...result, field };
  return { ok: true, toast: { type: "success", title, description: result.message }, redirectTo: here(ctx, anchor) };
}

export const organizationIntents = {
  regenerate: intent({
    schema: RegenerateSchema,
    async handle(_, ctx: OrganizationCtx) {
      const result = await regenerateCode(ctx.env, ctx.db, ctx.organization, ctx.user, ctx);
      if (!result.ok) {
        return {
          ok: false,
          status: 409,
          message: result.reason === "suspended" ? m.codeSuspended : m.changedMeanwhile,
        };
      }
      return outcomeOf(ctx, { ok: true, message: m.codeRegenerated }, "New company code issued", "code");
    },
  }),
  invite: intent({
    schema: InviteEmployeesSchema,
    async handle({ addresses }, ctx: OrganizationCtx) {
      // Its code would be refused on /register: do not e-mail links that cannot work.
      if (ctx.organization.editionId !== ctx.edition.id) {
        const message = companyCodeEditionMessages.codeOfPastEdition(
          editionOf(ctx.env, ctx.organization.editionId).name,
        );
        return { ok: false, message, status: 403, field: "addresses" };
      }
      const result = await inviteEmployees(ctx.env, ctx.db, ctx.organization, ctx.user, addresses, ctx);
      return outcomeOf(ctx, result, "Invitations", "invite", "addresses");
    },
  }),
  "remove-employee": intent({
    schema: RemoveEmployeeSchema,
    async handle({ registrationId }, ctx: OrganizationCtx) {
      const result = await removeEmployee(ctx.env, ctx.db, ctx.organization, ctx.user, registrationId, ctx);
      if (!result.ok) return { ok: false, status: 404, message: m.employeeNotFound };
      return outcomeOf(ctx, { ok: true, message: m.employeeRemoved(result.name) }, "Employee removed", "employees");
    },
  }),
  "invite-admin": intent({
    schema: InviteAdminSchema,
    async handle({ email }, ctx: OrganizationCtx) {
      const result = await inviteAdmin(ctx.env, ctx.db, ctx.organization, ctx.user, email, ctx);
      return outcomeOf(ctx, result, "Invitation sent", "admins", "email");
    },
  }),
  "cancel-admin-invitation": intent({
    schema: CancelAdminInvitationSchema,
    async handle({ invitationId }, ctx: OrganizationCtx) {
      const result = await cancelAdminInvitation(ctx.db, ctx.organization, ctx.user, invitationId, ctx.now);
      return outcomeOf(ctx, result, "Done", "admins");
    },
  }),
  "remove-admin": intent({
    schema: RemoveAdminSchema,
    async handle({ userId }, ctx: OrganizationCtx) {
      const result = await removeAdmin(ctx.db, ctx.organization, ctx.user, userId, ctx.now);
      return outcomeOf(ctx, result, "Done", "admins");
    },
  }),
};
