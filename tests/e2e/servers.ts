/**
 * The five servers the end-to-end tests run against (playwright.config.ts),
 * each with its own fresh database. An uncommon port, so a developer's own
 * `npm start` on 8787 is left alone.
 *
 * The first is the site on a day of early-bird enrollment. A spec that needs
 * another day says it on each request with X-App-Now (honoured outside
 * production only): the site after the 2026 finals (`afterFinalsNow`:
 * lifecycle.spec.ts, credentials.spec.ts), the judging window, every phase
 * (layout.spec.ts).
 */
/**
 * The projects `npm run seed -- projects` puts on the main server's database
 * for showcase.spec.ts (its gallery) and impact.spec.ts (the impact figures,
 * issue 55): the same number in both, since seeding again adds nothing and
 * either spec may run first.
 */
export const seededProjects = 40;

export const port = Number(process.env.E2E_PORT ?? 8791);
export const baseURL = `http://127.0.0.1:${port}`;
export const earlyBirdNow = process.env.E2E_APP_NOW ?? "2025-12-01T12:00:00-07:00";

/** A day after the 2026 finals, for X-App-Now. */
export const afterFinalsNow = "2026-11-23T12:00:00-07:00";

/**
 * The second server has a database of its own for the story that runs the
 * Challenge's second half on the organizers' desk (desk-story.spec.ts): it
 * counts and ranks every submitted project and publishes the top ones, and
 * its first director comes from the bootstrap step, so neither the
 * first server's projects nor its pages may share their database. Its own
 * pretend day is in the judging window; each request still says its time
 * (X-App-Now).
 */
export const storyPort = port + 1;
export const storyBaseURL = `http://127.0.0.1:${storyPort}`;
export const storyNow = "2026-03-25T12:00:00-06:00";

/**
 * The third server has a database of its own for the second desk story
 * (desk-second-story.spec.ts, issue 33): credentials, showcase moderation,
 * a late submission, the vote review and an announcement, each of which
 * counts or sends to every row of its kind, so it shares nothing with the
 * other stories. Its pretend day is in the showcase.
 */
export const secondStoryPort = port + 2;
export const secondStoryBaseURL = `http://127.0.0.1:${secondStoryPort}`;

/**
 * The fourth server has a database of its own for the story of the next
 * edition opened on the desk (edition-story.spec.ts, issue 52): it publishes
 * 2027 and then changes it, which changes what every page of every other
 * spec's server would say, and it counts the e-mails a change sends to every
 * person affected. Its pretend day is after the 2026 finals, when 2027 is
 * drafted; each request still says its time (X-App-Now).
 */
export const editionStoryPort = port + 3;
export const editionStoryBaseURL = `http://127.0.0.1:${editionStoryPort}`;
export const editionStoryNow = "2026-05-10T12:00:00-06:00";

/**
 * The fifth server has a database of its own for the story of the
 * recognition the site gives (recognition-story.spec.ts, issue 54): a
 * sponsor's logo approved on the desk, an organization listed with its tier,
 * judges' and advisors' published profiles. Each shows on public pages every
 * other spec checks (the home page, /sponsors, the footer's sponsors,
 * /employer-recognition, /judges-advisors), so none of it may reach their
 * databases. Its pretend day is in regular enrollment, when a sponsor pays,
 * an organization enrolls its employees and judges and advisors are invited;
 * each request still says its time (X-App-Now) where a step needs another.
 */
export const recognitionStoryPort = port + 4;
export const recognitionStoryBaseURL = `http://127.0.0.1:${recognitionStoryPort}`;
export const recognitionStoryNow = "2026-02-10T12:00:00-07:00";
