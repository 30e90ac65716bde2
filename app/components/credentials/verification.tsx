/**
 * The result of verifying a credential on the server (issue 26, issue 31):
 * one outcome, what the credential claims, and how each part was checked.
 * Only a credential the Challenge issued and that still holds gets the green
 * check; a credential signed by anyone else never does, whatever it claims.
 */
import { formatMountain } from "~/clock/format";
import { verificationOutcomes } from "~/content/credentials";
import type { CredentialClaims, VerificationReport } from "~/credentials/verify.server";

const toneClass = {
  valid: "border-green-300 bg-green-50 text-green-950",
  refused: "border-red-300 bg-red-50 text-red-950",
  unknown: "border-amber-300 bg-amber-50 text-amber-950",
} as const;

const toneMark = { valid: "✓", refused: "✗", unknown: "?" } as const;

/** A claimed date as people read it, or the claim as written when it is not a date. */
function claimedDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatMountain(date, "longDate");
}

function Claims({ claims }: { claims: CredentialClaims }) {
  const rows: [string, string | null][] = [
    ["Credential", claims.name],
    ["Achievement", claims.achievement],
    ["Issuer's name", claims.issuerName],
    ["Issuer's id", claims.issuerId],
    ["Holder's display name", claims.subjectName],
    ["Awarded", claimedDate(claims.awardedDate)],
    ["Valid from", claimedDate(claims.validFrom)],
    ["Valid until", claimedDate(claims.validUntil)],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  if (shown.length === 0) return null;
  return (
    <>
      <h3 className="mt-6 font-semibold text-slate-800">What it claims</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]" data-testid="verification-claims">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function VerificationResult({ report, headingId }: { report: VerificationReport; headingId: string }) {
  const tone = verificationOutcomes[report.outcome].tone;
  const findings: [string, string][] = [
    ["Signature", report.findings.signature],
    ["Issuer", report.findings.issuer],
    ["Revocation", report.findings.status],
    ["Dates", report.findings.dates],
  ];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      data-outcome={report.outcome}
    >
      <h2 id={headingId} className="text-xl font-bold text-brand-950">
        Verification
      </h2>
      <div className={`mt-3 rounded-lg border p-4 ${toneClass[tone]}`}>
        <p className="flex gap-2 text-lg font-semibold">
          <span aria-hidden="true" data-testid="verification-mark">
            {toneMark[tone]}
          </span>
          <span data-testid="verification-summary" role="status">
            {report.summary}
          </span>
        </p>
        <p className="mt-1">{report.explanation}</p>
      </div>
      <Claims claims={report.claims} />
      <h3 className="mt-6 font-semibold text-slate-800">How it was checked</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {findings.map(([label, detail]) => (
          <div key={label} className="contents" data-check={label.toLowerCase()}>
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className="break-words text-slate-700">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
