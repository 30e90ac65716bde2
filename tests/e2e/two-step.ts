import { createHmac } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { toast } from "./auth-helpers";

/**
 * Two-step sign-in as a person does it: the codes an authenticator app
 * computes, and turning it on through /account (account, judging and the
 * judging story use it).
 */

/** RFC 6238 (SHA-1, 6 digits, 30 s), as the authenticator app on a phone computes it. */
export function totp(base32Secret: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32Secret.replace(/=+$/, "").toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const start = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(start) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The last time step `freshTotp` handed out per secret: each code counts once (issue 50). */
const lastStepHandedOut = new Map<string, number>();

/**
 * A code fresh enough to survive the trip and not used before, as a person
 * waits for the next code: the current step's (unless it ends within 5
 * seconds) or the next one's (the site accepts one step ahead), else it
 * waits for the clock to move.
 */
export async function freshTotp(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    const earliest = now % 30_000 > 25_000 ? current + 1 : current;
    const step = Math.max(earliest, (lastStepHandedOut.get(secret) ?? -1) + 1);
    if (step <= current + 1) {
      lastStepHandedOut.set(secret, step);
      return totp(secret, step * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 200));
  }
}

/** Turns on two-step sign-in at /account (signed in, with the account's password); answers the secret. */
export async function turnOnTwoStep(page: Page, password: string): Promise<string> {
  await page.goto("/account");
  await page.waitForLoadState("domcontentloaded");
  const enable = page.getByRole("form", { name: "Turn on two-step sign-in" });
  await enable.getByLabel("Password").fill(password);
  await enable.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
  const uri = (await page.getByTestId("totp-uri").textContent()) ?? "";
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const confirm = page.getByRole("form", { name: "Confirm with a code" });
  await confirm.getByLabel("6-digit code").fill(await freshTotp(secret));
  await confirm.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
  await expect(toast(page, "Two-Step Sign-In Is On")).toBeVisible();
  return secret;
}
