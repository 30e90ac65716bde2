/** The dashboard's co-administrators (invite, cancel, remove) and its activity log. */
import { getInputProps } from "@conform-to/react";
import { eventLabels } from "~/content/organization";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { DashboardView } from "~/organization/dashboard-view.server";
import { InviteAdminSchema } from "~/organization/schema";
import { ErrorList } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";

export function AdminsSection({ view, actionData }: { view: DashboardView; actionData?: IntentActionData }) {
  const [form, fields] = useIntentForm("invite-admin", InviteAdminSchema, actionData);
  const { key, ...email } = getInputProps(fields.email, { type: "email" });
  return (
    <SectionCard id="admins" title="Co-administrators">
      <p className="mt-2 text-sm text-slate-600">
        People who manage this organization with you. They sign in with their own account.
      </p>
      <ul className="mt-4 divide-y divide-slate-100" data-testid="admins">
        {view.admins.map((o) => (
          <li key={o.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="wrap-anywhere">
              {o.email}{" "}
              <span className="text-sm text-slate-500">
                {o.role === "owner" ? "(bought the package)" : "(co-administrator)"}
                {o.userId === view.me ? " — you" : ""}
              </span>
            </span>
            {o.role === "admin" ? (
              <details>
                <summary className="cursor-pointer text-sm text-red-700">
                  Remove<span className="sr-only"> {o.email}</span>…
                </summary>
                <IntentForm intent="remove-admin" className="mt-2" errors={[]}>
                  <input type="hidden" name="userId" value={o.userId} />
                  <button type="submit" className={`${dangerButtonClass} wrap-anywhere`}>
                    {`Yes, remove ${o.email}`}
                  </button>
                </IntentForm>
              </details>
            ) : null}
          </li>
        ))}
        {view.invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="wrap-anywhere">
              {i.email} <span className="text-sm text-slate-500">(invited; the link works until {i.expires})</span>
            </span>
            <IntentForm intent="cancel-admin-invitation" errors={[]}>
              <input type="hidden" name="invitationId" value={i.id} />
              <button type="submit" className="text-sm text-red-700 underline">
                Cancel invitation<span className="sr-only"> for {i.email}</span>
              </button>
            </IntentForm>
          </li>
        ))}
      </ul>
      <Refusals
        messages={[...intentErrors(actionData, "remove-admin"), ...intentErrors(actionData, "cancel-admin-invitation")]}
      />
      <IntentForm intent="invite-admin" form={form} className="mt-4">
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={fields.email.id} className="block text-sm font-semibold text-slate-800">
              Invite by e-mail
            </label>
            <input
              key={key}
              {...email}
              autoComplete="off"
              className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <button type="submit" className="btn-outline">
            Send invitation
          </button>
        </div>
        <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
      </IntentForm>
    </SectionCard>
  );
}

function eventDetail(action: string, detail: string | null): string {
  if (!detail) return "";
  try {
    const d = JSON.parse(detail) as Record<string, unknown>;
    if (action === "employees-invited") return `${String(d.sent)} sent`;
    if (action === "admin-invited") return String(d.email ?? "");
  } catch {
    // An unreadable detail is simply not shown.
  }
  return "";
}

export function ActivitySection({ events }: { events: DashboardView["events"] }) {
  return (
    <SectionCard id="activity" title="Activity">
      {events.length === 0 ? (
        <p className="mt-2 text-slate-700">No changes yet.</p>
      ) : (
        <ul className="mt-3 space-y-1 text-sm text-slate-700" data-testid="activity">
          {events.map((e) => (
            <li key={e.id}>
              {e.when}: {e.actorEmail ?? "a deleted account"} — {eventLabels[e.action] ?? e.action}
              {eventDetail(e.action, e.detail) ? ` (${eventDetail(e.action, e.detail)})` : ""}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
