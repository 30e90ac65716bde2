/** /organize/organizers' sections: the organizers with their roles (change, remove) and granting a role. */
import { getInputProps, getSelectProps } from "@conform-to/react";
import type { IntentActionData } from "~/forms/intent-action.server";
import { GrantOrganizerSchema } from "~/organize/schema";
import { ErrorList } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";
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
        in with its code. Removing a role also revokes the person&apos;s API tokens.
      </p>
      <Refusals messages={intentErrors(actionData, "remove")} />
      <DeskTable id="organizers-table" caption="Organizers and their roles" head={["Account", "Role", "Granted", ""]}>
        {organizers.map((o) => (
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
                  Remove<span className="sr-only"> {o.email}&apos;s role</span>…
                </summary>
                <IntentForm intent="remove" className="mt-2" errors={[]}>
                  <input type="hidden" name="email" value={o.email} />
                  <p className="mb-2 text-sm text-slate-700">
                    {`${o.email} loses the ${o.roleLabel} role at once, and their API tokens stop working.`}
                  </p>
                  <button type="submit" className={dangerButtonClass}>
                    {`Yes, remove ${o.email}'s role`}
                  </button>
                </IntentForm>
              </details>
            </td>
          </tr>
        ))}
      </DeskTable>
    </SectionCard>
  );
}

export function GrantSection({
  roles,
  actionData,
}: {
  roles: { id: string; label: string; description: string }[];
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("grant", GrantOrganizerSchema, actionData);
  const { key: emailKey, ...email } = getInputProps(fields.email, { type: "email" });
  const { key: roleKey, ...role } = getSelectProps(fields.role);
  return (
    <SectionCard id="grant" title="Grant or change a role">
      <p className="mt-2 text-sm text-slate-700">
        The person needs an account with a verified address. Granting a role to someone who holds one changes it.
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
        <div>
          <label htmlFor={fields.email.id} className={deskLabelClass}>
            Their account&apos;s e-mail
          </label>
          <input key={emailKey} {...email} autoComplete="off" className={deskControlClass} />
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
        </div>
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
        <button type="submit" className="btn-primary">
          Grant role
        </button>
      </IntentForm>
    </SectionCard>
  );
}
