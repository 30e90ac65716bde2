/**
 * Vitest globalSetup (runs in Node): serves the fake Resend API of
 * tests/fakes/resend.ts on a loopback port and hands its URL to the workerd
 * tests as the RESEND_BASE_URL binding (vitest.config.ts).
 */
import type { TestProject } from "vitest/node";
import { createFakeResend } from "./resend";
import { serveFake } from "./serve";

declare module "vitest" {
  export interface ProvidedContext {
    resendBaseUrl: string;
  }
}

export default function setup(project: TestProject) {
  return serveFake(project, createFakeResend(), "resendBaseUrl");
}
