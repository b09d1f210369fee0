/**
 * Tables of the embedded GoTrue-compatible auth server, in their own schema. Named
 * `embedded_auth` rather than `auth` so the same migrations also apply to a Supabase
 * database, whose `auth` schema belongs to the hosted auth service.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgSchema,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const authSchema = pgSchema("embedded_auth");

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const authUsers = authSchema.table(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    aud: text("aud").notNull().default("authenticated"),
    role: text("role").notNull().default("authenticated"),
    email: text("email").notNull(),
    encryptedPassword: text("encrypted_password").notNull(),
    emailConfirmedAt: ts("email_confirmed_at"),
    confirmationSentAt: ts("confirmation_sent_at"),
    recoverySentAt: ts("recovery_sent_at"),
    /** When the latest invitation link went out (admin invite). */
    invitedAt: ts("invited_at"),
    /** A pending new address awaiting confirmation. */
    emailChange: text("email_change"),
    emailChangeSentAt: ts("email_change_sent_at"),
    lastSignInAt: ts("last_sign_in_at"),
    appMetaData: jsonb("raw_app_meta_data").$type<Record<string, unknown>>().notNull().default({}),
    userMetaData: jsonb("raw_user_meta_data").$type<Record<string, unknown>>().notNull().default({}),
    bannedUntil: ts("banned_until"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("auth_users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const authSessions = authSchema.table(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    aal: text("aal").notNull().default("aal1"),
    factorId: uuid("factor_id"),
    /** Authentication methods used in this session: [{ method, timestamp }]. */
    amr: jsonb("amr").$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    userAgent: text("user_agent"),
    ip: text("ip"),
    notAfter: ts("not_after"),
    refreshedAt: ts("refreshed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId), index("auth_sessions_factor_idx").on(t.factorId)],
);

export const authRefreshTokens = authSchema.table(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    token: text("token").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    parent: text("parent"),
    revoked: boolean("revoked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("auth_refresh_tokens_token_idx").on(t.token),
    index("auth_refresh_tokens_session_idx").on(t.sessionId),
    index("auth_refresh_tokens_parent_idx").on(t.parent),
    index("auth_refresh_tokens_user_idx").on(t.userId),
    /** Finds revoked tokens old enough to purge. */
    index("auth_refresh_tokens_revoked_updated_idx").on(t.updatedAt).where(sql`${t.revoked}`),
  ],
);

export const authMfaFactors = authSchema.table(
  "mfa_factors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    friendlyName: text("friendly_name"),
    factorType: text("factor_type").notNull(),
    status: text("status").notNull().default("unverified"),
    secret: text("secret"),
    phone: text("phone"),
    lastChallengedAt: ts("last_challenged_at"),
    /** The TOTP time step (unix time / 30) of the last accepted code; codes at or before it are refused. */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("auth_mfa_factors_user_idx").on(t.userId),
    uniqueIndex("auth_mfa_factors_user_name_idx")
      .on(t.userId, t.friendlyName)
      .where(sql`${t.friendlyName} is not null and ${t.friendlyName} <> ''`),
  ],
);

export const authMfaChallenges = authSchema.table(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factorId: uuid("factor_id")
      .notNull()
      .references(() => authMfaFactors.id, { onDelete: "cascade" }),
    ip: text("ip"),
    verifiedAt: ts("verified_at"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_mfa_challenges_factor_idx").on(t.factorId)],
);

/** PKCE flow state: the auth code an email link carries back to the app. */
export const authFlowState = authSchema.table(
  "flow_state",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => authUsers.id, { onDelete: "cascade" }),
    authCode: text("auth_code").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    codeChallengeMethod: text("code_challenge_method").notNull(),
    authenticationMethod: text("authentication_method").notNull(),
    authCodeIssuedAt: ts("auth_code_issued_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_flow_state_code_idx").on(t.authCode),
    index("auth_flow_state_created_idx").on(t.createdAt),
    index("auth_flow_state_user_idx").on(t.userId),
  ],
);

/** Hashed one-time tokens sent by email (signup confirmation, recovery, email change). */
export const authOneTimeTokens = authSchema.table(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    tokenType: text("token_type").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The email address the token was sent to. */
    relatesTo: text("relates_to").notNull(),
    /** PKCE flow this link completes, when the request carried a code challenge. */
    flowStateId: uuid("flow_state_id").references(() => authFlowState.id, { onDelete: "set null" }),
    redirectTo: text("redirect_to"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_one_time_tokens_user_type_idx").on(t.userId, t.tokenType),
    index("auth_one_time_tokens_hash_idx").on(t.tokenHash),
    index("auth_one_time_tokens_flow_state_idx").on(t.flowStateId),
    index("auth_one_time_tokens_created_idx").on(t.createdAt),
  ],
);

/** ES256 signing keys; the newest active one signs, all of them verify. */
export const authSigningKeys = authSchema.table("signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The service-role key of the admin API (/auth/v1/admin), made at first use unless
 * SUPABASE_SERVICE_ROLE_KEY names one. Only its SHA-256 is kept; `npm run auth:service-key`
 * makes a new one and prints it, which ends the old.
 */
export const authServiceKeys = authSchema.table("service_keys", {
  id: serial("id").primaryKey(),
  keyHash: text("key_hash").notNull(),
  createdAt: createdAt(),
});

/** Outgoing email, kept as the dev mailbox in embedded mode. */
export const authMail = authSchema.table(
  "mail",
  {
    id: serial("id").primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    kind: text("kind").notNull(),
    /** Delivery headers beyond the usual (a reminder's List-Unsubscribe), as sent. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_mail_to_idx").on(sql`lower(${t.to})`, t.createdAt)],
);

export type AuthUser = typeof authUsers.$inferSelect;
export type AuthSession = typeof authSessions.$inferSelect;
export type AuthFactor = typeof authMfaFactors.$inferSelect;
