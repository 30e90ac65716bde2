import type { Edition } from "~/content/editions";
import { formatUsd, pricingPhaseLabels, type PlanId, type PricingPhase } from "~/content/pricing";
import { formatMountain } from "~/clock/format";

/** "Current price: $250 (Early Bird)", for the phase the clock is in. */
export function currentPriceText(edition: Edition, plan: PlanId, phase: PricingPhase): string {
  return `Current price: ${formatUsd(edition.prices[plan][phase])} (${pricingPhaseLabels[phase]})`;
}

/** "before January 8, 2026" / "from January 8, 2026". */
export function phaseCondition(edition: Edition, phase: PricingPhase): string {
  const day = formatMountain(edition.pricingRegularFrom, "longDate");
  return phase === "earlyBird" ? `before ${day}` : `from ${day}`;
}
