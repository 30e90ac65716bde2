/**
 * The showcase's test projects and voters (issue 25): submitted projects
 * written straight to D1 (the portal's own tests prove how a project gets
 * there), voters made through the real sign-up, and votes posted as a browser
 * without JavaScript posts them, from a chosen address and at a chosen time.
 */
import { env } from "cloudflare:test";
import { slugify } from "~/content/showcase";
import { postForm } from "./auth-helpers";
import { createMemberDisplay, createSubmission, createTeam } from "./factories";
import { person, type Person } from "./portal-helpers";

/** Inside the showcase window (Mar 20–30, 2026, Mountain Time). */
export const SHOWCASE = { APP_NOW: "2026-03-25T12:00:00-06:00" };

let counter = 0;

export interface TestProject {
  teamId: string;
  slug: string;
  title: string;
  members: Person[];
}

/** A submitted project of edition 2026, shown when `consent` (the default). */
export async function submittedProject(
  tag: string,
  {
    consent = true,
    track = "generative-ai",
    title = `${tag} project ${++counter}`,
    teamName = `Team ${tag} ${counter}` as string | null,
    members = 1,
    display = "full" as "full" | "initial" | "team",
  } = {},
): Promise<TestProject> {
  const people = [];
  for (let i = 0; i < members; i++) people.push(await person(`${tag}-member${i}`));
  const slug = slugify(title);
  const { id: teamId } = await createTeam({ name: teamName, members: people.map((p) => p.id) });
  for (const p of people) await createMemberDisplay({ teamId, userId: p.id, nameDisplay: display });
  await createSubmission({
    teamId,
    updatedBy: people[0]!.id,
    abstract: "What the project does, at length.",
    videoUrl: "https://www.loom.com/share/abc",
    aiUseLog: "How AI was used.",
    title,
    summary: `${title} in one sentence.`,
    track,
    publicConsent: consent,
    slug,
  });
  return { teamId, slug, title, members: people };
}

/** A vote for `project` as a browser without JavaScript sends it. */
export function vote(
  project: Pick<TestProject, "slug">,
  who: Person,
  { clock = SHOWCASE, ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } = {},
) {
  return postForm(`/showcase/${project.slug}`, { intent: "vote" }, { ip, cookie: who.cookie, appNow: clock.APP_NOW });
}

/** Every vote of edition 2026, as the admin CLI reads them. */
export async function voteRows() {
  const { results } = await env.DB.prepare(
    `SELECT id, team_id AS teamId, user_id AS userId, client_ip AS clientIp, ip_prefix AS ipPrefix,
       account_created_at AS accountCreatedAt, email_domain AS emailDomain, cast_at AS castAt, moves,
       excluded_at AS excludedAt, excluded_category AS excludedCategory
     FROM showcase_votes WHERE edition_id = '2026'`,
  ).all<{
    id: string;
    teamId: string;
    userId: string;
    clientIp: string;
    ipPrefix: string;
    accountCreatedAt: string;
    emailDomain: string;
    castAt: string;
    moves: number;
    excludedAt: string | null;
    excludedCategory: string | null;
  }>();
  return results;
}
