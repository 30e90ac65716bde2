/**
 * The people concern's block of the desk's overview, apart from its desk
 * pages so the impact figures (app/impact) can count with it without the
 * desk's page machinery.
 */
import { and, count, eq } from "drizzle-orm";
import { plans, pricingPhaseLabels, pricingPhases, type PlanId } from "~/content/pricing";
import { registrations } from "~/db/schema";
import type { Desk } from "~/organize/guard.server";
import { firstCount, overviewBlock } from "~/organize/overview-block.server";

/** The overview's registrations: paid ones by plan and pricing phase, and employees enrolled with a company code. */
export function registrationsOverview({ db, edition }: Pick<Desk, "db" | "edition">) {
  return overviewBlock(
    [
      db
        .select({ plan: registrations.plan, phase: registrations.pricingPhase, n: count() })
        .from(registrations)
        .where(and(eq(registrations.editionId, edition.id), eq(registrations.status, "paid")))
        .groupBy(registrations.plan, registrations.pricingPhase),
      db
        .select({ n: count() })
        .from(registrations)
        .where(and(eq(registrations.editionId, edition.id), eq(registrations.status, "enrolled"))),
    ] as const,
    ([byPlan, enrolled]) => {
      const of = (plan: PlanId, phase: string) => byPlan.find((r) => r.plan === plan && r.phase === phase)?.n ?? 0;
      return {
        phases: pricingPhases.map((phase) => pricingPhaseLabels[phase]),
        registrations: (Object.keys(plans) as PlanId[]).map((plan) => {
          const perPhase = pricingPhases.map((phase) => of(plan, phase));
          return { plan, label: plans[plan].name, perPhase, total: perPhase.reduce((a, b) => a + b, 0) };
        }),
        enrolled: firstCount(enrolled),
      };
    },
  );
}
