/** /account's records: registrations and projects by edition, sponsorships, organizations managed, judge and advisor interest (issue 13). */
import { Link } from "react-router";
import { sponsorPresenceMessages, sponsorPresencePaths } from "~/content/sponsor-presence";
import type { AccountActivity, AccountEdition, AccountRegistration } from "~/account/activity.server";
import { formatMountain } from "~/clock/format";
import { sponsorReportText } from "~/content/impact";
import { formatUsd } from "~/content/pricing";
import { ActivityTable, Panel } from "./panel";

const registrationStatus: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  expired: "Not paid (checkout expired)",
  failed: "Payment failed",
  enrolled: "Enrolled",
};

const sponsorshipStatus: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  expired: "Not paid (checkout expired)",
  failed: "Payment failed",
};

function amountText(amountCents: number, refundedCents: number) {
  const amount = formatUsd(amountCents);
  return refundedCents > 0 ? `${amount} (${formatUsd(refundedCents)} refunded)` : amount;
}

const projectStatus = { submitted: "Submitted", draft: "Draft, not submitted", "not-started": "Not started" } as const;

/** Registrations and projects, one group per edition, the newest first (issue 23). */
export function RegistrationsSection({ editions }: { editions: AccountEdition[] }) {
  return (
    <Panel id="registrations" title="Your registrations and projects">
      {editions.length === 0 ? (
        <p>
          You haven't registered for the Challenge yet.{" "}
          <Link to="/register" className="font-medium text-brand-700 underline">
            Register as an individual or for your organization
          </Link>
          .
        </p>
      ) : (
        editions.map((edition) => (
          <section
            key={edition.editionId}
            aria-labelledby={`edition-${edition.editionId}`}
            className="mt-4 first:mt-0"
            data-testid="account-edition"
          >
            <h3 id={`edition-${edition.editionId}`} className="text-lg font-semibold text-brand-950">
              {edition.editionName}
            </h3>
            {edition.projects.map((p) => (
              <p key={p.editionId} data-testid="account-project">
                {`Project: ${p.teamName ?? "your project"}, ${projectStatus[p.status].toLowerCase()}${p.submittedAt ? ` ${p.submittedAt}` : ""}`}
              </p>
            ))}
            {edition.registrations.length > 0 ? <RegistrationsTable registrations={edition.registrations} /> : null}
          </section>
        ))
      )}
    </Panel>
  );
}

function RegistrationsTable({ registrations }: { registrations: AccountRegistration[] }) {
  return (
    <ActivityTable
      caption="Your registrations, newest first"
      columns={["Registration", "Amount", "Status", "Date", "Receipt"]}
    >
      {registrations.map((r) => (
        <tr key={r.id} className="border-b border-slate-100 align-top" data-testid="registration-row">
          <td className="py-2 pr-4">
            <p className="font-medium text-slate-900">{r.item}</p>
            {r.kind === "enrollment" && r.organizationName ? (
              <p>{`Through ${r.organizationName}'s Workforce Package`}</p>
            ) : r.organizationName ? (
              <p>{`For ${r.organizationName}`}</p>
            ) : null}
            {r.companyCode ? (
              <p>
                Company code: <span className="font-mono font-semibold">{r.companyCode}</span>{" "}
                <span className="text-slate-500">(keep it private; share it with your employees)</span>
              </p>
            ) : null}
          </td>
          <td className="py-2 pr-4">{amountText(r.amountCents, r.refundedCents)}</td>
          <td className="py-2 pr-4">{registrationStatus[r.status] ?? r.status}</td>
          <td className="py-2 pr-4">{formatMountain(new Date(r.paidAt ?? r.createdAt))}</td>
          <td className="py-2">
            {r.receiptPath ? (
              <Link to={r.receiptPath} className="font-medium text-brand-700 underline">
                View<span className="sr-only"> receipt for {r.item}</span>
              </Link>
            ) : (
              <span className="text-slate-500">None</span>
            )}
          </td>
        </tr>
      ))}
    </ActivityTable>
  );
}

export function SponsorshipsSection({ sponsorships }: { sponsorships: AccountActivity["sponsorships"] }) {
  return (
    <Panel id="sponsorships" title="Your sponsorships">
      {sponsorships.length === 0 ? (
        <p>
          No sponsorships from this account.{" "}
          <Link to="/sponsors" className="font-medium text-brand-700 underline">
            See how sponsoring works
          </Link>
          .
        </p>
      ) : (
        <ActivityTable caption="Your sponsorships, newest first" columns={["Sponsorship", "Amount", "Status", "Date"]}>
          {sponsorships.map((s) => (
            <tr key={s.id} className="border-b border-slate-100" data-testid="sponsorship-row">
              <td className="py-2 pr-4">
                <p className="font-medium text-slate-900">{s.item}</p>
                <p>{s.companyName}</p>
              </td>
              <td className="py-2 pr-4">{amountText(s.amountCents, s.refundedCents)}</td>
              <td className="py-2 pr-4">{sponsorshipStatus[s.status] ?? s.status}</td>
              <td className="py-2">{formatMountain(new Date(s.paidAt ?? s.createdAt))}</td>
            </tr>
          ))}
        </ActivityTable>
      )}
      {sponsorships.some((s) => s.status === "paid") ? (
        <p className="mt-4">
          <Link to="/account/sponsor-report" className="font-medium text-brand-700 underline">
            {sponsorReportText.accountLink}
          </Link>
          {`: ${sponsorReportText.accountLinkLead}`}
        </p>
      ) : null}
      {sponsorships.some((s) => s.status === "paid") ? (
        <p>
          <Link to={sponsorPresencePaths.page} className="font-medium text-brand-700 underline">
            {sponsorPresenceMessages.accountLink}
          </Link>
          {`: ${sponsorPresenceMessages.accountLinkLead}`}
        </p>
      ) : null}
    </Panel>
  );
}

export function InterestsSection({ interests }: { interests: AccountActivity["interests"] }) {
  return (
    <Panel id="interests" title="Judge and advisor interest">
      {interests.length === 0 ? (
        <p>
          You haven't offered to judge or advise.{" "}
          <Link to="/judges-advisors" className="font-medium text-brand-700 underline">
            Learn about judges and advisors
          </Link>
          .
        </p>
      ) : (
        <ul className="space-y-2">
          {interests.map((i) => (
            <li key={i.id} data-testid="interest-row">
              <span className="font-medium text-slate-900">{i.role === "judge" ? "Judge" : "Advisor"}</span>, {i.title}{" "}
              at {i.organization}, sent {formatMountain(new Date(i.createdAt))}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Organizations this account bought a Workforce Package for or co-administers (issue 14); absent when none. */
export function OrganizationsSection({
  organizations,
}: {
  organizations: { id: string; name: string; role: "owner" | "admin" }[];
}) {
  if (organizations.length === 0) return null;
  return (
    <Panel id="organizations" title="Organizations you manage">
      <ul className="space-y-2">
        {organizations.map((organization) => (
          <li key={organization.id}>
            <Link to={`/organization/${organization.id}`} className="font-medium text-brand-700 underline">
              {organization.name}
            </Link>
            {organization.role === "owner" ? " (you bought its Workforce Package)" : " (co-administrator)"}: company
            code, employees, invitations and recognition tier
          </li>
        ))}
      </ul>
    </Panel>
  );
}
