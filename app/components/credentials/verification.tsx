/** The result of verifying a credential on the server (issue 26): a summary and the four checks, in words. */
import type { Check, VerificationReport } from "~/credentials/verify.server";

const outcomeLabel: Record<Check["outcome"], string> = {
  pass: "Passed",
  fail: "Failed",
  unknown: "Not checked",
};

const outcomeClass: Record<Check["outcome"], string> = {
  pass: "bg-green-100 text-green-900",
  fail: "bg-red-100 text-red-900",
  unknown: "bg-amber-100 text-amber-900",
};

export function VerificationResult({ report, headingId }: { report: VerificationReport; headingId: string }) {
  const rows: [string, Check][] = [
    ["Signature", report.signature],
    ["Issuer", report.issuer],
    ["Status", report.status],
    ["Dates", report.dates],
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-xl font-bold text-brand-950">
        Verification
      </h2>
      <p className="mt-2 text-lg font-semibold" data-testid="verification-summary" role="status">
        {report.verified ? "✓ " : report.summary.startsWith("This credential does not") ? "✗ " : "? "}
        {report.summary}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_auto_1fr]">
        {rows.map(([label, check]) => (
          <div key={label} className="contents" data-check={label.toLowerCase()} data-outcome={check.outcome}>
            <dt className="font-semibold text-slate-800">{label}</dt>
            <dd>
              <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${outcomeClass[check.outcome]}`}>
                {outcomeLabel[check.outcome]}
              </span>
            </dd>
            <dd className="text-slate-700">{check.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
