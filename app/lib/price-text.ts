import { PRICING_REGULAR_FROM } from "../content/dates";
import { formatUsd, pricingPhaseLabels, prices, type PlanId, type PricingPhase } from "../content/pricing";
import { formatMountain } from "./schedule";

/** "Current price: $250 (Early Bird)", for the phase the clock is in. */
export function currentPriceText(plan: PlanId, phase: PricingPhase): string {
  return `Current price: ${formatUsd(prices[plan][phase])} (${pricingPhaseLabels[phase]})`;
}

/** "before January 8, 2026" / "from January 8, 2026". */
export function phaseCondition(phase: PricingPhase): string {
  const day = formatMountain(PRICING_REGULAR_FROM, "longDate");
  return phase === "earlyBird" ? `before ${day}` : `from ${day}`;
}
