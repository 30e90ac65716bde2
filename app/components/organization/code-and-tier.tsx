/** The dashboard's company code (copy, regenerate) and recognition tier sections. */
import type { IntentActionData } from "~/forms/intent-action.server";
import { organizationMessages } from "~/content/organization";
import type { DashboardView } from "~/organization/dashboard-view.server";
import { IntentForm, intentErrors, Refusals } from "../intent-form";
import { useNonce } from "../nonce";
import { dangerButtonClass, SectionCard } from "../section-card";

export function CodeSection({
  code,
  pastNote,
  actionData,
}: {
  code: string | null;
  /** Set when the package's edition is over: its code enrolls nobody now (issue 23). */
  pastNote: string | null;
  actionData?: IntentActionData;
}) {
  return (
    <SectionCard id="code" title="Company code">
      {pastNote ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-950" data-testid="code-past-edition">
          {pastNote}
        </p>
      ) : null}
      {code ? (
        <>
          <p className="mt-2 text-slate-700">
            Employees enter it on the Individual registration form and are enrolled at no charge. Keep it within your
            organization.
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <label htmlFor="company-code" className="sr-only">
              Company code
            </label>
            <input
              id="company-code"
              data-testid="company-code"
              readOnly
              value={code}
              size={code.length + 2}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-2xl font-bold tracking-wider text-brand-900"
            />
            <CopyButton target="company-code" />
          </div>
          <details className="mt-6">
            <summary className="cursor-pointer font-semibold text-brand-800">Regenerate the code…</summary>
            <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <p>
                A new code replaces this one at once: <strong>the current code stops enrolling anyone</strong>.
                Employees already enrolled stay enrolled. Every administrator is told by e-mail.
              </p>
              <IntentForm intent="regenerate" className="mt-3" errors={[]}>
                <button type="submit" className={dangerButtonClass}>
                  Yes, regenerate the code
                </button>
              </IntentForm>
            </div>
          </details>
        </>
      ) : (
        <p className="mt-2 text-slate-700" data-testid="code-suspended">
          {organizationMessages.codeSuspended}
        </p>
      )}
      <Refusals messages={intentErrors(actionData, "regenerate")} />
    </SectionCard>
  );
}

export function TierSection({ tier }: { tier: DashboardView["tier"] }) {
  return (
    <SectionCard id="tier" title="Recognition tier">
      <p className="mt-2 text-slate-700" data-testid="participant-count">
        {`${tier.participants} ${tier.participants === 1 ? "employee is" : "employees are"} enrolled today.`}
      </p>
      <p className="mt-1 text-lg font-semibold text-brand-900" data-testid="current-tier">
        {tier.current
          ? `${tier.current.name}${tier.current.badge ? ` (${tier.current.badge})` : ""}`
          : "No recognition tier yet"}
      </p>
      {tier.next ? (
        <div className="mt-3">
          <label htmlFor="tier-progress" className="text-sm text-slate-700" data-testid="next-tier">
            {`${tier.toNext} more for ${tier.next.name} (${tier.next.minParticipants} participants)`}
          </label>
          <progress
            id="tier-progress"
            className="mt-1 block h-3 w-full"
            value={tier.participants}
            max={tier.next.minParticipants}
          >
            {`${tier.participants} of ${tier.next.minParticipants}`}
          </progress>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">The highest tier: thank you for leading Idaho's workforce.</p>
      )}
    </SectionCard>
  );
}

/**
 * A copy button for the code: hidden until a tiny inline script (carrying the
 * response's CSP nonce) shows and wires it; without JavaScript the code is
 * selectable text in a read-only field.
 */
export function CopyButton({ target }: { target: string }) {
  const nonce = useNonce();
  const script = `(()=>{const b=document.getElementById("copy-${target}"),i=document.getElementById("${target}");if(!b||!i||!navigator.clipboard)return;b.hidden=false;b.addEventListener("click",()=>{navigator.clipboard.writeText(i.value).then(()=>{b.textContent="Copied"},()=>{i.select()})})})();`;
  return (
    <>
      <button id={`copy-${target}`} type="button" hidden className="btn-outline">
        Copy
      </button>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
