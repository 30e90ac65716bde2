/**
 * Which projects the showcase shows (issue 25): one condition, read by the
 * gallery, the project pages, the vote (./projects.server.ts, ./votes.server.ts)
 * and the desk's vote review and Audience Choice (./vote-review.server.ts).
 * Kept free of router imports so every server module may use it.
 */
import { and, eq, isNull, sql, type Placeholder } from "drizzle-orm";
import { submissions } from "~/db/schema";
import { isSubmittedProject } from "~/portal/submitted.server";

/**
 * Whether a project may be named in public (its title, its page): its team
 * agreed to show it and the organizers have not hidden it (issue 50). The
 * one rule wherever a project is named after moderation: the showcase
 * below, the published results (app/judging/published.server.ts,
 * app/results/publication.server.ts) and the credentials' evidence
 * (app/credentials/credential.server.ts). NULL (no submission) counts as no.
 */
export const nameableInPublic = and(eq(submissions.publicConsent, true), isNull(submissions.hiddenAt))!;

/**
 * Submitted, consenting, not hidden by the organizers (issue 33,
 * ./moderation.server.ts), with a title and a slug: what the showcase may
 * show. The vote checks it too, and so does the Audience Choice: a hidden
 * project is not in the running while it is hidden.
 */
export const shownIn = (editionId: string | Placeholder) =>
  and(
    eq(submissions.editionId, editionId),
    isSubmittedProject,
    nameableInPublic,
    sql`${submissions.title} IS NOT NULL AND ${submissions.slug} IS NOT NULL`,
  );
