/**
 * What makes a registration an organization (issue 14): a paid Workforce
 * Package. The dashboard's access, the desk's organizations list and its
 * overview all ask here; free of router imports, so every server module
 * (the desk's registry among them) may use it.
 */
import { and, eq } from "drizzle-orm";
import { registrations } from "~/db/schema";

export const paidWorkforce = and(eq(registrations.registrationType, "workforce"), eq(registrations.status, "paid"));
