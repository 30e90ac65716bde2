/** Offers to serve as judge or advisor (migrations/0003_judge_advisor_interests.sql and 0022_handled.sql, the sources of truth). */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { isoNow } from "./columns";

/** Offers to serve as a judge or advisor, from /judge-advisor-register (docs/accounts.md). */
export const judgeAdvisorInterests = sqliteTable("judge_advisor_interests", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The signed-in account that sent it (better-auth's user.id); NULL once that account is deleted. */
  userId: text("user_id"),
  role: text("role", { enum: ["judge", "advisor"] }).notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  organization: text("organization").notNull(),
  title: text("title").notNull(),
  linkedIn: text("linkedin"),
  expertise: text("expertise").notNull(),
  experience: text("experience").notNull(),
  motivation: text("motivation").notNull(),
  createdAt: text("created_at").notNull().default(isoNow),
  /** When an organizer marked it handled, and who ("organizer:<email>"); NULL while it waits (0022). */
  handledAt: text("handled_at"),
  handledBy: text("handled_by"),
});

export type JudgeAdvisorInterestRow = typeof judgeAdvisorInterests.$inferSelect;
