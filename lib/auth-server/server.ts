/**
 * The embedded auth server: routes GoTrue's HTTP API under /auth/v1/ to the handlers, and offers
 * the same accounts to server code directly (seeding, password checks, admin changes).
 */
import { eq, sql } from "drizzle-orm";
import { isDatabaseUnavailable } from "@/lib/api/errors";
import { authSessions, authUsers } from "@/db/schema";
import { resolveConfig, type AuthServerConfig, type AuthServerOptions } from "./config";
import { clientAddress } from "@/lib/http/client-address";
import type { Limiters, RequestContext, RequestSource } from "./context";
import { AuthServerError, databaseUnavailable, emailExists, unexpectedFailure, validationFailed } from "./errors";
import { corsHeaders, errorResponse, preflightResponse, requestOrigin } from "./http";
import { KeyStore, type Jwks } from "./keys";
import { routes } from "./routes";
import { clearEmailLinks } from "./email-links";
import { EmailRequestGate } from "./email-requests";
import { listMailbox, type MailboxMessage } from "./mail";
import { deliverOutbox } from "./outbox";
import { purgeExpired } from "./maintenance";
import { checkPasswordStrength, comparePassword, hashPassword, warmUpPasswordHashing } from "./passwords";
import { RateLimiter } from "./rate-limit";
import { deleteAuthUser, deleteSessions } from "./sessions";
import {
  findUserByEmail,
  findUserById,
  findUserByIdOrEmail,
  insertAuthUser,
  isUuid,
  loadUserJson,
  normalizeEmail,
  type UserJson,
} from "./users";


const PREFIX = "/auth/v1";
const PURGE_INTERVAL_MS = 60_000;
const SAFE_HEAD_PATHS = new Set(["/health", "/settings", "/.well-known/jwks.json"]);

export type CreateUserInput = {
  email: string;
  password: string;
  userMetadata?: Record<string, unknown>;
  /** Defaults to true: seeded and admin-made accounts need no confirmation email. */
  emailConfirmed?: boolean;
};

export type UpdateUserInput = {
  email?: string;
  password?: string;
  userMetadata?: Record<string, unknown>;
  /** A new password ends every session of the user; this one, when given, stays. */
  keepSessionId?: string;
};

export type SessionState = { userId: string; aal: string; hasVerifiedFactor: boolean };

export type AuthServer = {
  /**
   * Answers a request whose path starts with /auth/v1/. `source` says who sent it; by default the
   * client address the app's HTTP server put on the request ("unknown" when there is none).
   */
  handle(request: Request, source?: RequestSource): Promise<Response>;
  /**
   * Answers a request of the app's own server code with the service role, as if it carried the
   * service-role key (the admin API: an owner's invitation). Never for a browser's request.
   */
  handleAsServiceRole(request: Request): Promise<Response>;
  /** Creates an account, or returns the existing one with that email unchanged. */
  createUser(input: CreateUserInput): Promise<UserJson>;
  /** Whether the password is the account's (by user id or email); false for unknown accounts. */
  verifyPassword(userIdOrEmail: string, password: string): Promise<boolean>;
  /**
   * Sets email (confirmed, no email sent) and/or password directly, like GoTrue's admin API. A new
   * password signs the user out everywhere (but `keepSessionId`).
   */
  updateUserById(id: string, changes: UpdateUserInput): Promise<UserJson>;
  /** Deletes the account with its sessions and factors; false when there was none. */
  deleteUserById(id: string): Promise<boolean>;
  getUserById(id: string): Promise<UserJson | null>;
  /**
   * Whether a session (an access token's session_id) still exists and has not passed its
   * not_after: signing out, a new password or a detected token reuse end sessions before their
   * access tokens expire.
   */
  isSessionActive(sessionId: string): Promise<boolean>;
  /** A live session's user, assurance level and whether that user has a verified second factor; null when it has ended. */
  getSessionState(sessionId: string): Promise<SessionState | null>;
  /** The public signing keys (creates the first key on first use). */
  getPublicJwks(): Promise<Jwks>;
  /** Stored messages, newest first. */
  listMailbox(options?: { to?: string; limit?: number }): Promise<MailboxMessage[]>;
};

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function createAuthServer(options: AuthServerOptions): AuthServer {
  const config: AuthServerConfig = resolveConfig(options);
  const keys = new KeyStore(config.getDb);
  const r = config.rateLimits;
  const limits: Limiters = {
    emailSent: new RateLimiter(r.emailSentPerHour, 3_600_000, config.now),
    emailPerAddress: new RateLimiter(r.emailSentPerAddressPerHour, 3_600_000, config.now),
    emailPerIp: new RateLimiter(r.emailSentPerIpPerHour, 3_600_000, config.now),
    signIns: new RateLimiter(r.signInsPer5Min, 300_000, config.now),
    failedSignIns: new RateLimiter(r.failedSignInsPerEmailPer5Min, 300_000, config.now),
    tokenRefresh: new RateLimiter(r.tokenRefreshPer5Min, 300_000, config.now),
    verify: new RateLimiter(r.verifyPer5Min, 300_000, config.now),
    otp: new RateLimiter(r.otpPer5Min, 300_000, config.now),
    mfa: new RateLimiter(r.mfaPerMinute, 60_000, config.now),
    mfaFactorFailures: new RateLimiter(r.failedMfaPerFactorPer5Min, 300_000, config.now),
    // A challenge lives for minutes; a day-long window means its failures are not refilled in time.
    mfaChallengeFailures: new RateLimiter(r.failedMfaPerChallenge, 86_400_000, config.now),
  };
  const emailRequests = new EmailRequestGate();
  const siteOrigin = config.siteUrl ? new URL(config.siteUrl).origin : undefined;
  warmUpPasswordHashing(config.passwordHashCost);

  let lastPurgeAt = Number.NEGATIVE_INFINITY;
  async function purgeExpiredRows(): Promise<void> {
    const now = config.now();
    // (A clock that went back counts as time passed.)
    if (Math.abs(now.getTime() - lastPurgeAt) < PURGE_INTERVAL_MS) return;
    lastPurgeAt = now.getTime();
    try {
      await purgeExpired(await config.getDb(), config, now);
    } catch (error) {
      config.logError("could not purge expired tokens", error);
    }
  }

  async function dispatch(request: Request, source: RequestSource, serviceRole: boolean): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${PREFIX}/`)) throw new AuthServerError(404, "not_found", "Not found");
    const path = url.pathname.slice(PREFIX.length).replace(/\/+$/, "") || "/";
    for (const [name, value] of url.searchParams) {
      if (name.includes("\u0000") || value.includes("\u0000")) throw validationFailed(`Query parameter "${name}" must not contain NUL characters`);
    }
    // HEAD only where a GET has no side effects: link scanners must not use up email links.
    const method = request.method === "HEAD" && SAFE_HEAD_PATHS.has(path) ? "GET" : request.method;
    let pathMatched = false;
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const db = await config.getDb();
      const ctx: RequestContext = {
        config,
        db,
        request,
        url,
        site: siteOrigin ?? requestOrigin(request),
        ip: source.ip,
        via: source.via,
        serviceRole,
        now: config.now(),
        keys,
        limits,
        emailRequests,
        purgeExpired: purgeExpiredRows,
        outbox: [],
      };
      const response = await route.handler(ctx, ...match.slice(1).map(decodeParam));
      await deliverOutbox(ctx);
      return response;
    }
    if (pathMatched) throw new AuthServerError(405, "method_not_allowed", `Method ${request.method} is not allowed here`);
    throw new AuthServerError(404, "not_found", "Not found");
  }

  async function handle(request: Request, source?: RequestSource, serviceRole = false): Promise<Response> {
    if (request.method === "OPTIONS") return preflightResponse(request);
    let response: Response;
    try {
      response = await dispatch(request, source ?? { ip: clientAddress(request.headers), via: "http" }, serviceRole);
    } catch (error) {
      if (error instanceof AuthServerError) {
        response = errorResponse(error);
      } else if (isDatabaseUnavailable(error)) {
        config.logError(`${request.method} ${new URL(request.url).pathname}: the database is unavailable`, error instanceof Error ? error.message : error);
        response = errorResponse(databaseUnavailable());
      } else {
        config.logError(`${request.method} ${new URL(request.url).pathname} failed`, error);
        response = errorResponse(unexpectedFailure());
      }
    }
    for (const [name, value] of Object.entries(corsHeaders(request))) response.headers.set(name, value);
    // Tokens, users and factors (and errors about them) are the caller's alone: no cache keeps
    // them. The public key set says for itself how long it may be kept.
    if (!response.headers.has("cache-control")) response.headers.set("Cache-Control", "private, no-store");
    if (request.method === "HEAD") return new Response(null, { status: response.status, headers: response.headers });
    return response;
  }

  async function createUser(input: CreateUserInput): Promise<UserJson> {
    const db = await config.getDb();
    const email = normalizeEmail(input.email);
    const existing = await findUserByEmail(db, email);
    if (existing) return loadUserJson(db, existing);
    checkPasswordStrength(input.password, config.minPasswordLength);
    const now = config.now();
    const encryptedPassword = await hashPassword(input.password, config.passwordHashCost);
    const created = await insertAuthUser(db, {
      email,
      encryptedPassword,
      userMetadata: input.userMetadata ?? {},
      confirmedAt: input.emailConfirmed === false ? null : now,
      now,
    });
    const user = created ?? (await findUserByEmail(db, email));
    if (!user) throw unexpectedFailure("Database error creating user");
    return loadUserJson(db, user);
  }

  async function verifyPassword(userIdOrEmail: string, password: string): Promise<boolean> {
    const db = await config.getDb();
    const user = await findUserByIdOrEmail(db, userIdOrEmail);
    return comparePassword(password, user?.encryptedPassword, config.passwordHashCost);
  }

  async function updateUserById(id: string, changes: UpdateUserInput): Promise<UserJson> {
    const db = await config.getDb();
    const user = await findUserById(db, id);
    if (!user) throw new AuthServerError(404, "user_not_found", "User not found");
    const now = config.now();
    const set: Partial<typeof authUsers.$inferInsert> = {};
    if (changes.email !== undefined) {
      const email = normalizeEmail(changes.email);
      if (email !== user.email.toLowerCase()) {
        const taken = await findUserByEmail(db, email);
        if (taken && taken.id !== user.id) throw emailExists();
        Object.assign(set, { email, emailChange: null, emailChangeSentAt: null, emailConfirmedAt: user.emailConfirmedAt ?? now });
      }
    }
    if (changes.password !== undefined) {
      checkPasswordStrength(changes.password, config.minPasswordLength);
      set.encryptedPassword = await hashPassword(changes.password, config.passwordHashCost);
      Object.assign(set, { confirmationSentAt: null, recoverySentAt: null, emailChangeSentAt: null });
    }
    if (changes.userMetadata !== undefined) set.userMetaData = { ...user.userMetaData, ...changes.userMetadata };
    if (Object.keys(set).length === 0) return loadUserJson(db, user);
    try {
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx.update(authUsers).set({ ...set, updatedAt: now }).where(eq(authUsers.id, id)).returning();
        if (set.encryptedPassword || set.email) await clearEmailLinks(tx, id);
        // A new password ends the user's sessions: all of them, or all but the one to keep.
        if (set.encryptedPassword) await deleteSessions(tx, id, changes.keepSessionId);
        return row!;
      });
      return loadUserJson(db, updated);
    } catch (error) {
      // The unique index on the address decides races between two changes to the same email.
      if (set.email && (error as { code?: string; cause?: { code?: string } }).cause?.code === "23505") throw emailExists();
      if (set.email && (error as { code?: string }).code === "23505") throw emailExists();
      throw error;
    }
  }

  async function deleteUserById(id: string): Promise<boolean> {
    const db = await config.getDb();
    const user = await findUserById(db, id);
    if (!user) return false;
    return db.transaction((tx) => deleteAuthUser(tx, id));
  }

  async function getUserById(id: string): Promise<UserJson | null> {
    const db = await config.getDb();
    const user = await findUserById(db, id);
    return user ? loadUserJson(db, user) : null;
  }

  async function getSessionState(sessionId: string): Promise<SessionState | null> {
    if (!isUuid(sessionId)) return null;
    const db = await config.getDb();
    const [row] = await db
      .select({
        userId: authSessions.userId,
        aal: authSessions.aal,
        notAfter: authSessions.notAfter,
        // Spelled out: inside a subquery drizzle would leave both user_id columns unqualified.
        hasVerifiedFactor: sql<boolean>`exists (select 1 from "embedded_auth"."mfa_factors" f where f.user_id = "embedded_auth"."sessions"."user_id" and f.status = 'verified')`,
      })
      .from(authSessions)
      .where(eq(authSessions.id, sessionId))
      .limit(1);
    if (!row || (row.notAfter !== null && row.notAfter.getTime() <= config.now().getTime())) return null;
    return { userId: row.userId, aal: row.aal, hasVerifiedFactor: Boolean(row.hasVerifiedFactor) };
  }

  return {
    handle: (request, source) => handle(request, source),
    handleAsServiceRole: (request) => handle(request, { ip: "in-process", via: "in-process" }, true),
    createUser,
    verifyPassword,
    updateUserById,
    deleteUserById,
    getUserById,
    getSessionState,
    isSessionActive: async (sessionId) => (await getSessionState(sessionId)) !== null,
    getPublicJwks: () => keys.jwks(),
    listMailbox: async (opts) => listMailbox(await config.getDb(), opts),
  };
}
