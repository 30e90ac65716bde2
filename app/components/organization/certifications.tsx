/** The organization dashboard's certifications (issue 26): completion rates, then each employee's credentials. */
import type { OrganizationCertifications } from "~/organization/credentials.server";
import { SectionCard } from "../section-card";
import { TableRegion } from "../table-region";

const ratesCaption = "Completion rate per certification";
const heldCaption = "Certifications held per employee";

export function CertificationsSection({
  organizationId,
  view,
  editionName,
}: {
  organizationId: string;
  view: OrganizationCertifications;
  editionName: string;
}) {
  return (
    <SectionCard id="certifications" title="Certifications">
      <div className="mt-4 space-y-4 text-slate-700">
        <p>
          Credentials your {view.enrolled} enrolled employee{view.enrolled === 1 ? "" : "s"} hold in the {editionName}:
          the training provider's completions, the capstone and the finalists. Revoked credentials are not counted.
        </p>
        <TableRegion label={ratesCaption}>
          <table className="w-full text-left text-sm" data-testid="completion-rates">
            <caption className="sr-only">{ratesCaption}</caption>
            <thead className="border-b border-slate-200 text-slate-800">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Certification
                </th>
                <th scope="col" className="py-2 pr-4">
                  Employees holding it
                </th>
                <th scope="col" className="py-2">
                  Completion rate
                </th>
              </tr>
            </thead>
            <tbody>
              {view.rates.map((rate) => (
                <tr key={rate.id} className="border-b border-slate-100" data-rate={rate.id}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {rate.name}
                  </th>
                  <td className="py-2 pr-4">
                    {rate.holders} of {view.enrolled}
                  </td>
                  <td className="py-2">{rate.percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
        {view.employees.length > 0 ? (
          <TableRegion label={heldCaption}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{heldCaption}</caption>
              <thead className="border-b border-slate-200 text-slate-800">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Employee
                  </th>
                  <th scope="col" className="py-2">
                    Certifications held
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.employees.map((employee) => (
                  <tr key={employee.userId} className="border-b border-slate-100">
                    <th scope="row" className="py-2 pr-4 font-medium">
                      {employee.name}
                    </th>
                    <td className="py-2">
                      {employee.held.length === 0
                        ? "None yet"
                        : view.columns
                            .filter((column) => employee.held.includes(column.id))
                            .map((column) => column.name)
                            .join(", ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ) : null}
        <p>
          <a href={`/organization/${organizationId}/certifications.csv`} download>
            Download certifications (CSV)
          </a>
        </p>
      </div>
    </SectionCard>
  );
}
