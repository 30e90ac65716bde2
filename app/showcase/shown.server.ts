/**
 * Which projects the showcase shows (issue 25): one condition, read by the
 * gallery, the project pages, the vote (./projects.server.ts, ./votes.server.ts)
 * and the desk's vote review and Audience Choice (./vote-review.server.ts).
 * Kept free of router imports so every server module may use it.
 */
import { and, eq, sql, type Placeholder } from "drizzle-orm";
import { submissions } from "~/db/schema";
import { isSubmittedProject } from "~/portal/submitted.server";

/** Submitted, consenting, with a title and a slug: what the showcase may show (the vote checks it too). */
export const shownIn = (editionId: string | Placeholder) =>
  and(
    eq(submissions.editionId, editionId),
    isSubmittedProject,
    eq(submissions.publicConsent, true),
    sql`${submissions.title} IS NOT NULL AND ${submissions.slug} IS NOT NULL`,
  );
