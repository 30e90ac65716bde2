/**
 * The one rule for "a submitted project": its submission's status is
 * `submitted` (a draft, or a project withdrawn to a draft, is not). Judging
 * judges it, the showcase may show it, the overview counts it, and AI
 * Innovator and result credentials credit it.
 */
import { eq, type SQL } from "drizzle-orm";
import { submissions } from "~/db/schema";

export const isSubmittedProject: SQL = eq(submissions.status, "submitted");
