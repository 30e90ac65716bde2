/**
 * When a Checkout Session stops being payable (issue 16): at the end of the
 * window its price or its enrollment was given in, within Stripe's bounds
 * (app/content/limits.ts). Without it Stripe keeps a session open for 24
 * hours, so an early-bird price could be paid on the second day of regular
 * pricing, or enrollment after it closed.
 */
import type { Edition } from "~/content/editions";
import { checkoutSessionLifetime } from "~/content/limits";
import { pricingPhase } from "~/clock/schedule";

/** The end of what a registration checkout opened at `now` was offered under. */
export function registrationWindowEnd(now: Date, edition: Edition): Date {
  const enrollmentCloses = edition.finalEnrollmentDeadline.closesAt;
  const regularFrom = edition.pricingRegularFrom;
  if (pricingPhase(now, edition) === "earlyBird" && regularFrom < enrollmentCloses) return regularFrom;
  return enrollmentCloses;
}

/**
 * The session's expires_at, in Unix seconds. The lifetime is measured on the
 * site's clock (`now`, which APP_NOW moves in previews and tests) and laid
 * from the real time, which is what Stripe checks it against; in production
 * the two are the same.
 */
export function checkoutExpiresAt(now: Date, windowEnd: Date | null, realNow = new Date()): number {
  const min = checkoutSessionLifetime.minMinutes * 60_000;
  const max = checkoutSessionLifetime.maxMinutes * 60_000;
  const remaining = windowEnd ? windowEnd.getTime() - now.getTime() : max;
  const lifetime = Math.min(max, Math.max(min, remaining));
  return Math.floor((realNow.getTime() + lifetime) / 1000);
}
