/**
 * What the server charges (ARCHITECTURE.md: prices are the server's). The
 * browser names a plan or a sponsor tier; the amount comes from app/content
 * and the clock, the Stripe Price from STRIPE_PRICE_* when configured.
 */
import {
  plans,
  pricingPhaseLabels,
  sponsorTiersById,
  type PlanId,
  type PricingPhase,
  type SponsorTierId,
} from "~/content/pricing";
import type { Edition } from "~/content/editions";
import { site } from "~/content/site";
import { priceFor } from "~/clock/schedule";

export interface Quote {
  amountCents: number;
  /** "Workforce Package (Early Bird)", "Gold sponsorship". */
  item: string;
  productName: string;
  priceId?: string;
}

const priceVariables = {
  individual: { earlyBird: "STRIPE_PRICE_INDIVIDUAL_EARLY", regular: "STRIPE_PRICE_INDIVIDUAL_REGULAR" },
  workforce: { earlyBird: "STRIPE_PRICE_WORKFORCE_EARLY", regular: "STRIPE_PRICE_WORKFORCE_REGULAR" },
} as const satisfies Record<PlanId, Record<PricingPhase, keyof Env>>;

export function quoteRegistration(
  env: Env,
  plan: PlanId,
  now: Date,
  edition: Edition,
): Quote & { phase: PricingPhase } {
  const { cents, phase } = priceFor(plan, now, edition);
  const item = `${plans[plan].name} (${pricingPhaseLabels[phase]})`;
  const priceId = env[priceVariables[plan][phase]]?.trim();
  return {
    amountCents: cents,
    phase,
    item,
    productName: `${site.name}: ${item}`,
    ...(priceId ? { priceId } : {}),
  };
}

export function quoteSponsorship(tier: SponsorTierId): Quote {
  const { name, cents } = sponsorTiersById[tier];
  const item = `${name} sponsorship`;
  return { amountCents: cents, item, productName: `${site.name}: ${item}` };
}
