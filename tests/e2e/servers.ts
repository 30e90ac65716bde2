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

/**
 * A third server with a database of its own for stories that run the
 * Challenge's second half end to end (judging, publication): what they
 * publish must not reach the other servers' pages. Its own pretend day is
 * in the judging window; each request still says its time (X-App-Now).
 */
export const storyPort = port + 2;
export const storyBaseURL = `http://127.0.0.1:${storyPort}`;
export const storyNow = "2026-03-25T12:00:00-06:00";
