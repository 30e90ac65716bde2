/**
 * With JavaScript, checkout opens in a new tab (SPEC.md §4;
 * docs/decisions/005-checkout-in-a-new-tab.md). Browsers may block a tab
 * opened after a network round trip, so the panel always offers the link too.
 * Without JavaScript the action answers a 303 to the checkout instead.
 */
import { useEffect, useState } from "react";
import { SubmitButton, useIsPending } from "~/components/forms";

export interface CheckoutHandoffData {
  /** Changes with every action answer, so the same url opens again on a second submit. */
  id: string;
  checkoutUrl: string;
}

export function CheckoutHandoff({ handoff }: { handoff: CheckoutHandoffData | null | undefined }) {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    if (!handoff) return;
    const tab = window.open(handoff.checkoutUrl, "_blank");
    if (tab) tab.opener = null;
    setBlocked(!tab);
  }, [handoff]);
  if (!handoff) return null;
  return (
    <div role="status" data-testid="checkout-handoff" className="rounded-lg border-2 border-brand-600 bg-brand-50 p-4">
      <p className="font-semibold text-brand-950">
        {blocked ? "Your browser blocked the new tab." : "Checkout opened in a new tab."}
      </p>
      <p className="mt-1 text-slate-700">
        <a
          href={handoff.checkoutUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline hover:no-underline"
        >
          Continue to payment
        </a>{" "}
        <span className="text-sm text-slate-600">(opens in a new tab)</span>
      </p>
    </div>
  );
}

/**
 * A hidden field the action reads to choose between a JSON-style answer (open
 * the new tab) and a 303 redirect. Rendered only once React runs, so a page
 * without JavaScript never sends it.
 */
export const ENHANCED_FIELD = "_enhanced";

export function EnhancedField() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;
}

/** The end of every checkout form (/register, /sponsor-register): the marker, the handoff panel, the button. */
export function CheckoutSubmit({ handoff }: { handoff: CheckoutHandoffData | null | undefined }) {
  const pending = useIsPending();
  return (
    <>
      <EnhancedField />
      <CheckoutHandoff handoff={handoff} />
      <SubmitButton pending={pending} pendingLabel="Processing...">
        Continue to Payment
      </SubmitButton>
    </>
  );
}
