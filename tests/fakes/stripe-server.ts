/**
 * Vitest globalSetup (runs in Node): serves the fake Stripe API of
 * tests/fakes/stripe.ts on a loopback port and hands its URL to the workerd
 * tests as the STRIPE_API_BASE binding (vitest.config.ts), where
 * app/payments/gateway.server.ts points the real SDK at it.
 */
import type { TestProject } from "vitest/node";
import { createFakeStripe } from "./stripe";
import { serveFake } from "./serve";

declare module "vitest" {
  export interface ProvidedContext {
    stripeBaseUrl: string;
  }
}

export default function setup(project: TestProject) {
  return serveFake(project, createFakeStripe(), "stripeBaseUrl");
}
