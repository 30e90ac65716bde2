/**
 * better-auth's core tables (user, session, account, verification) as its
 * drizzle adapter addresses them: each table under the model's name, each
 * column under the field's name (camelCase) with a snake_case column. Dates
 * are integer milliseconds (`timestamp_ms`), booleans 0/1, as better-auth's
 * own SQLite generator writes them. migrations/0002_auth.sql is the source of
 * truth; keep the two in step. better-auth checks this object against what it
 * writes when it starts and refuses a mismatch (SchemaMismatchError).
 */
import { relations, sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const nowMs = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const user = sqliteTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
  image: text("image"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  /** The twoFactor plugin's flag (migrations/0007_two_factor.sql): sign-in asks for a code. */
  twoFactorEnabled: integer("two_factor_enabled", { mode: "boolean" }).default(false),
});

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * When this session passed the second factor (migrations/0019_organizers.sql):
     * set only by the session hook of app/auth/auth.server.ts, else NULL.
     */
    secondFactorAt: integer("second_factor_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("session_user_id_idx").on(table.userId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: integer("access_token_expires_at", { mode: "timestamp_ms" }),
    refreshTokenExpiresAt: integer("refresh_token_expires_at", { mode: "timestamp_ms" }),
    scope: text("scope"),
    /** The scrypt hash of app/auth/password.server.ts, for providerId "credential". */
    password: text("password"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("account_user_id_idx").on(table.userId)],
);

export const verification = sqliteTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  },
  (table) => [index("verification_identifier_idx").on(table.identifier)],
);

/**
 * The relations better-auth's joins follow (`advanced.database.joins`,
 * app/auth/auth.server.ts): a session with its user in one statement, an
 * account with its user, a user with its accounts.
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

/** The twoFactor plugin's table (migrations/0007_two_factor.sql): secret and recovery codes, encrypted. */
export const twoFactor = sqliteTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: integer("verified", { mode: "boolean" }).default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  },
  (table) => [index("two_factor_secret_idx").on(table.secret), index("two_factor_user_id_idx").on(table.userId)],
);

export type AuthUser = typeof user.$inferSelect;

/** Failed sign-ins within the lockout window (app/auth/rate-limit.server.ts). */
export const signInFailures = sqliteTable("sign_in_failures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull(),
  /** An IPv4 address or an IPv6 /64 (app/lib/client-limit.server.ts). */
  client: text("client").notNull(),
  failedAt: text("failed_at").notNull(),
});

/** "Show the recovery codes" once (app/account/recovery-codes-flash.server.ts, migrations/0012_team_history.sql). */
export const recoveryCodeFlashes = sqliteTable("recovery_code_flashes", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  expiresAt: text("expires_at").notNull(),
});
