import { describe, expect, it } from "vitest";
import { formatUsd } from "~/content/pricing";
import { milestonesById, prices } from "../edition-2026";
import { formatMilestoneDate } from "~/clock/format";
import { fetchWithEnv } from "./worker";
import { expectHtmlNotToContain, expectHtmlToContain } from "./html";

async function homeAt(appNow: string): Promise<string> {
  const response = await fetchWithEnv("/", { APP_NOW: appNow });
  expect(response.status).toBe(200);
  return response.text();
}

function priceIn(html: string, plan: "individual" | "workforce"): string | undefined {
  return new RegExp(`data-testid="price-${plan}"[^>]*>([^<]+)<`).exec(html)?.[1];
}

describe("home page", () => {
  it("shows early-bird prices before Jan 8, 2026 (Mountain Time)", async () => {
    const html = await homeAt("2025-12-01T12:00:00-07:00");
    expect(priceIn(html, "individual")).toBe(formatUsd(prices.individual.earlyBird));
    expect(priceIn(html, "workforce")).toBe(formatUsd(prices.workforce.earlyBird));
    expectHtmlToContain(html, "Early Bird pricing");
  });

  it("shows regular prices from Jan 8, 2026", async () => {
    const html = await homeAt("2026-01-08T00:00:00-07:00");
    expect(priceIn(html, "individual")).toBe(formatUsd(prices.individual.regular));
    expect(priceIn(html, "workforce")).toBe(formatUsd(prices.workforce.regular));
    expectHtmlToContain(html, "Regular pricing");
  });

  it("names the next milestone and invites enrollment while it is open", async () => {
    const html = await homeAt("2026-03-10T12:00:00-06:00");
    const next = milestonesById["submission-deadline"];
    expectHtmlToContain(html, next.title);
    expectHtmlToContain(html, formatMilestoneDate(next));
    expect(/<a[^>]+href="\/register\?tab=individual"[^>]*>Enter the Challenge<\/a>/.test(html)).toBe(true);
  });

  it("says plainly that enrollment has closed once the final deadline has passed", async () => {
    const html = await homeAt("2026-11-22T12:00:00-07:00");
    expectHtmlToContain(html, "The 2026 Challenge is over.", 'action="/next-edition"');
    expectHtmlNotToContain(html, 'href="/register?tab=individual"', 'data-testid="price-individual"');
  });

  it("has every section of the home page and exactly one h1", async () => {
    const html = await homeAt("2025-12-01T12:00:00-07:00");
    for (const title of [
      "How It Works",
      "Important Deadlines",
      "Why Join",
      "Training Certifications",
      "Choose Your Package",
      "Challenge Awards",
    ]) {
      expectHtmlToContain(html, `>${title}</h2>`);
    }
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expectHtmlToContain(html, ">Learn More<");
  });

  it("ships no JavaScript on the home page", async () => {
    const html = await homeAt("2025-12-01T12:00:00-07:00");
    expect(/<script(?![^>]*application\/ld\+json)/.test(html)).toBe(false);
    expectHtmlNotToContain(html, "modulepreload");
  });
});
