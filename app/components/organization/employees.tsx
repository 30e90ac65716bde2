/** The dashboard's employee invitations and the list of employees enrolled with the code. */
import { getTextareaProps } from "@conform-to/react";
import { organizationLimits } from "~/content/organization";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { DashboardView } from "~/organization/dashboard-view.server";
import { InviteEmployeesSchema } from "~/organization/schema";
import { ErrorList } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { dangerButtonClass, SectionCard } from "../section-card";
import { TableRegion } from "../table-region";

const employeesCaption = "Employees enrolled with the company code";

export function InviteSection({
  enabled,
  leftToday,
  actionData,
}: {
  enabled: boolean;
  leftToday: number;
  actionData?: IntentActionData;
}) {
  const [form, fields] = useIntentForm("invite", InviteEmployeesSchema, actionData);
  const addresses = fields.addresses;
  const { key, ...textarea } = getTextareaProps(addresses, { ariaDescribedBy: "addresses-hint" });
  return (
    <SectionCard id="invite" title="Invite employees">
      <IntentForm intent="invite" form={form} className="mt-4 space-y-3">
        <label htmlFor={addresses.id} className="block text-sm font-semibold text-slate-800">
          E-mail addresses
        </label>
        <p id="addresses-hint" className="text-sm text-slate-500">
          {`Up to ${organizationLimits.invitationsPerPaste} at a time, separated by commas, spaces or new lines. Each gets an e-mail with the code and a link that fills it in. You can send ${leftToday} more today.`}
        </p>
        <textarea
          key={key}
          {...textarea}
          rows={6}
          disabled={!enabled}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 font-mono text-sm"
        />
        <ErrorList id={addresses.errorId} errors={addresses.errors} />
        <button type="submit" className="btn-primary" disabled={!enabled}>
          Send invitations
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function EmployeesSection({
  organizationId,
  employees,
  editionName,
  pastEditions,
  q,
  actionData,
}: {
  organizationId: string;
  employees: DashboardView["employees"];
  editionName: string;
  pastEditions: DashboardView["pastEditions"];
  q: string;
  actionData?: IntentActionData;
}) {
  return (
    <SectionCard id="employees" title="Employees">
      <p className="mt-2 text-sm text-slate-600">
        {`Everyone enrolled with your code in the ${editionName}, and where their project stands in the Challenge Portal: not started, a draft, or submitted.`}
      </p>
      {pastEditions.length > 0 ? (
        <ul className="mt-2 text-sm text-slate-700" data-testid="past-edition-counts">
          {pastEditions.map((p) => (
            <li
              key={p.editionName}
            >{`${p.editionName}: ${p.employees} ${p.employees === 1 ? "employee" : "employees"} enrolled`}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <form method="get" role="search" className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 grow">
            <label htmlFor="q" className="block text-sm font-semibold text-slate-800">
              Search by name or e-mail
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={q}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          </div>
          <button type="submit" className="btn-outline">
            Search
          </button>
        </form>
        <a href={`/organization/${organizationId}/employees.csv`} className="btn-outline" download>
          Download CSV
        </a>
      </div>
      <Refusals messages={intentErrors(actionData, "remove-employee")} />
      {employees.length === 0 ? (
        <p className="mt-4 text-slate-700" data-testid="no-employees">
          {q ? `Nobody enrolled matches “${q}”.` : "Nobody has enrolled with your code yet."}
        </p>
      ) : (
        <TableRegion label={employeesCaption} className="mt-4">
          <table className="w-full text-left text-sm" data-testid="employees">
            <caption className="sr-only">{employeesCaption}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                {["Name", "E-mail", "Enrolled", "Project"].map((heading) => (
                  <th key={heading} scope="col" className="py-2 pr-4">
                    {heading}
                  </th>
                ))}
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {employees.map((e) => (
                <tr key={e.id} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-4">{`${e.firstName} ${e.lastName}`}</td>
                  <td className="py-2 pr-4 wrap-anywhere">{e.email}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{e.enrolledOn}</td>
                  <td className="py-2 pr-4 whitespace-nowrap" data-testid="project-status">
                    {e.project}
                  </td>
                  <td className="py-2">
                    <details>
                      <summary className="cursor-pointer text-red-700">
                        Remove<span className="sr-only"> {`${e.firstName} ${e.lastName}`}</span>…
                      </summary>
                      <IntentForm intent="remove-employee" className="mt-2" errors={[]}>
                        <p className="max-w-xs text-xs text-slate-700">
                          {`${e.firstName} loses the enrollment at no charge and is told by e-mail.`}
                        </p>
                        <input type="hidden" name="registrationId" value={e.id} />
                        <button type="submit" className={`${dangerButtonClass} mt-2`}>
                          {`Yes, remove ${e.firstName} ${e.lastName}`}
                        </button>
                      </IntentForm>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </SectionCard>
  );
}
