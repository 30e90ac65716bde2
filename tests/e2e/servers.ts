/**
 * The two servers the end-to-end tests run against (playwright.config.ts):
 * the site on a day of early-bird enrollment, and the site after the 2026
 * finals, each with its own fresh database. An uncommon port, so a
 * developer's own `npm start` on 8787 is left alone.
 */
export const port = Number(process.env.E2E_PORT ?? 8791);
export const baseURL = `http://127.0.0.1:${port}`;
export const earlyBirdNow = process.env.E2E_APP_NOW ?? "2025-12-01T12:00:00-07:00";

export const afterFinalsPort = port + 1;
export const afterFinalsBaseURL = `http://127.0.0.1:${afterFinalsPort}`;
export const afterFinalsNow = "2026-11-23T12:00:00-07:00";
