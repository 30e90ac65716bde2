/**
 * /organize/organizers' sections: the organizers with their roles (remove),
 * granting a role, and the directors, whose role changes under the
 * two-person rule (ADR 021). Every form asks for the code again.
 */
import { getSelectProps } from "@conform-to/react";
import type { IntentActionData } from "~/forms/intent-action.server";
import { DirectorSchema, GrantOrganizerSchema, withSecondFactorCode } from "~/organize/schema";
import { ErrorList } from "../forms";
import { IntentForm, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";
import { AccountEmailField, CodeAgainField } from "./code-again-field";
import { cellClass, DeskTable, deskControlClass, deskLabelClass } from "./desk";

interface Organizer {
  userId: string;
  email: string;
  role: string;
  roleLabel: string;
  grantedAt: string;
  grantedBy: string;
  twoFactorEnabled: boolean;
}

/** Every message of an intent's last post, field or form: the row forms share one place to show them. */
function postedErrors(actionData: IntentActionData | undefined, intent: string): string[] {
  if (actionData?.intent !== intent) return [];
  return Object.values(actionData.result.error ?? {}).flatMap((messages) => messages ?? []);
}

export function OrganizersSection({
  organizers,
  me,
  actionData,
}: {
  organizers: Organizer[];
  me: string;
  actionData?: IntentActionData;
}) {
  return (
    <SectionCard id="organizers" title="Organizers">
      <p className="mt-2 text-sm text-slate-700">
        Everyone who holds a role. A role works on the desk only for a verified account with two-step sign-in on, signed
        in with its code. Removing a role also revokes the person&apos;s API tokens. A director&apos;s role is removed
        only when a second director confirms it.
      </p>
      <Refusals messages={[...postedErrors(actionData, "remove"), ...postedErrors(actionData, "remove-director")]} />
      <DeskTable id="organizers-table" caption="Organizers and their roles" head={["Account", "Role", "Granted", ""]}>
        {organizers.map((o) => {
          const director = o.role === "director";
          return (
            <tr key={o.userId}>
              <td className={`${cellClass} break-all`}>
                {o.email}
                {o.userId === me ? " (you)" : ""}
                {o.twoFactorEnabled ? null : (
                  <span className="block text-xs text-amber-800">Two-step sign-in is off: cannot open the desk.</span>
                )}
              </td>
              <td className={cellClass}>{o.roleLabel}</td>
              <td className={cellClass}>
                {o.grantedAt}
                <span className="block text-xs text-slate-600 break-all">by {o.grantedBy}</span>
              </td>
              <td className={cellClass}>
                <details>
                  <summary className="cursor-pointer text-red-700 underline">
                    {director ? "Propose removing" : "Remove"}
                    <span className="sr-only"> {o.email}&apos;s role</span>…
                  </summary>
                  <IntentForm intent={director ? "remove-director" : "remove"} className="mt-2 space-y-2" errors={[]}>
                    <input type="hidden" name="email" value={o.email} />
                    <p className="text-sm text-slate-700">
                      {director
                        ? `A second director confirms it; then ${o.email} loses the director role, their API tokens stop working and every director is e-mailed.`
                        : `${o.email} loses the ${o.roleLabel} role at once, and their API tokens stop working.`}
                    </p>
                    <CodeAgainField id={`remove-code-${o.userId}`} />
                    <button type="submit" className={dangerButtonClass}>
                      {director ? `Propose removing ${o.email}'s director role` : `Yes, remove ${o.email}'s role`}
                    </button>
                  </IntentForm>
                </details>
              </td>
            </tr>
          );
        })}
      </DeskTable>
    </SectionCard>
  );
}

const GrantForm = withSecondFactorCode(GrantOrganizerSchema);
const DirectorForm = withSecondFactorCode(DirectorSchema);

export function GrantSection({
  roles,
  actionData,
}: {
  roles: { id: string; label: string; description: string }[];
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("grant", GrantForm, actionData);
  const { key: roleKey, ...role } = getSelectProps(fields.role);
  return (
    <SectionCard id="grant" title="Grant or change a role">
      <p className="mt-2 text-sm text-slate-700">
        The person needs an account with a verified address. Granting a role to someone who holds one changes it. The
        director role is proposed below instead.
      </p>
      <dl className="mt-3 space-y-1 text-sm text-slate-800">
        {roles.map((r) => (
          <div key={r.id}>
            <dt className="inline font-semibold">{r.label}: </dt>
            <dd className="inline">{r.description}</dd>
          </div>
        ))}
      </dl>
      <IntentForm intent="grant" form={form} className="mt-4 space-y-4">
        <AccountEmailField field={fields.email} />
        <div>
          <label htmlFor={fields.role.id} className={deskLabelClass}>
            Role
          </label>
          <select key={roleKey} {...role} className={deskControlClass}>
            <option value="">Choose a role</option>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
          <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <CodeAgainField field={fields.code} />
        <button type="submit" className="btn-primary">
          Grant role
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function DirectorSection({
  director,
  actionData,
}: {
  director: { label: string; description: string };
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("grant-director", DirectorForm, actionData);

  return (
    <SectionCard id="directors" title="Directors">
      <p className="mt-2 text-sm text-slate-700">
        {`${director.label}: ${director.description}`} Making someone a director, or removing a director&apos;s role,
        takes two directors: you propose it here, a director who already held the role when you proposed it confirms it
        with their own code within a day, and every director is e-mailed. The person needs a verified address and
        two-step sign-in on.
      </p>
      <IntentForm intent="grant-director" form={form} className="mt-4 space-y-4">
        <AccountEmailField field={fields.email} />
        <CodeAgainField field={fields.code} />
        <button type="submit" className="btn-primary">
          Propose a director
        </button>
      </IntentForm>
    </SectionCard>
  );
}
