/**
 * The embedded GoTrue-compatible auth server, used when no hosted Supabase is configured.
 * `createAuthServer` builds an instance; the functions below use the process-wide instance
 * configured from env() (kept on globalThis, since Next bundles this module into several chunks).
 */
import { getDb } from "@/db/client";
import { env } from "@/lib/env";
import type { RequestSource } from "./context";
import { AuthServerError } from "./errors";
import { authOptionsFromEnv } from "./env-overrides";
import { errorResponse } from "./http";
import type { Jwks } from "./keys";
import type { MailboxMessage } from "./mail";
import { createAuthServer, type AuthServer, type CreateUserInput, type SessionState, type UpdateUserInput } from "./server";
import type { UserJson } from "./users";

export { createAuthServer } from "./server";
export type { AuthServer, CreateUserInput, SessionState, UpdateUserInput } from "./server";
export type { AuthServerOptions, RateLimits } from "./config";
export type { RequestSource } from "./context";
export { defaultRateLimits } from "./config";
export { deleteAuthUser } from "./sessions";
export { confirmAuthUserEmail, listAuthAccounts, type AuthAccountRow, type ConfirmEmailResult } from "./accounts";
export { findUserById as findAuthUserById } from "./users";
export { AuthServerError } from "./errors";
export { authEnvVarNames } from "./env-overrides";
export type { Jwks } from "./keys";
export type { MailboxMessage } from "./mail";
export type { UserJson, FactorJson } from "./users";

const instanceKey = Symbol.for("lingoreel.auth-server");
type GlobalWithAuthServer = typeof globalThis & { [instanceKey]?: AuthServer };

/** The process-wide server, built from env() on first use. */
export function defaultAuthServer(): AuthServer {
  const g = globalThis as GlobalWithAuthServer;
  if (!g[instanceKey]) {
    const config = env();
    if (!config.smtp && !config.devMailbox) {
      // lib/env requires SITE_URL with SMTP, so links in real emails never come from a Host header.
      console.warn("[auth] Emails are not delivered: set SMTP_URL and SITE_URL (or AUTH_DEV_MAILBOX=1 to read them at /dev/mailbox).");
    }
    g[instanceKey] = createAuthServer({
      getDb,
      siteUrl: config.siteUrl,
      smtp: config.smtp,
      autoconfirm: config.authAutoconfirm,
      disableSignup: config.signupDisabled,
      ...authOptionsFromEnv(),
    });
  }
  return g[instanceKey];
}

/** Forgets the process-wide server, so the next call builds one anew (tests, after a database change). */
export function resetDefaultAuthServer(): void {
  delete (globalThis as GlobalWithAuthServer)[instanceKey];
}

/**
 * Entry point of app/auth/v1/[...path] (and of the app's in-process calls, which pass the source
 * of the browser request they serve): 404 unless the embedded server is the configured one.
 */
export async function handleAuthRequest(request: Request, source?: RequestSource): Promise<Response> {
  if (env().auth.kind !== "embedded") return errorResponse(new AuthServerError(404, "not_found", "Not found"));
  return defaultAuthServer().handle(request, source);
}

export function createUser(input: CreateUserInput): Promise<UserJson> {
  return defaultAuthServer().createUser(input);
}

export function verifyPassword(userIdOrEmail: string, password: string): Promise<boolean> {
  return defaultAuthServer().verifyPassword(userIdOrEmail, password);
}

export function updateUserById(id: string, changes: UpdateUserInput): Promise<UserJson> {
  return defaultAuthServer().updateUserById(id, changes);
}

export function deleteUserById(id: string): Promise<boolean> {
  return defaultAuthServer().deleteUserById(id);
}

export function getUserById(id: string): Promise<UserJson | null> {
  return defaultAuthServer().getUserById(id);
}

/** Whether the session exists and has not passed its not_after. */
export function isSessionActive(sessionId: string): Promise<boolean> {
  return defaultAuthServer().isSessionActive(sessionId);
}

/** A live session's user, assurance level and second-factor status (for the app's token checks). */
export function getSessionState(sessionId: string): Promise<SessionState | null> {
  return defaultAuthServer().getSessionState(sessionId);
}

export function getPublicJwks(): Promise<Jwks> {
  return defaultAuthServer().getPublicJwks();
}

export function listMailbox(options?: { to?: string; limit?: number }): Promise<MailboxMessage[]> {
  return defaultAuthServer().listMailbox(options);
}
