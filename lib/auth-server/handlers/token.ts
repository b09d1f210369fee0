/** POST /token?grant_type=password|refresh_token|pkce */
import { createHash } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { authFlowState, authRefreshTokens, authSessions } from "@/db/schema";
import type { RequestContext } from "../context";
import { AuthServerError, emailNotConfirmed, invalidCredentials, validationFailed } from "../errors";
import { isBanned, limitByIp, passwordMatches, userBanned } from "../guards";
import { jsonResponse, optionalString, readBody } from "../http";
import { issueRefreshToken, startSession, tokenResponse } from "../sessions";
import { findUserByEmail, findUserById } from "../users";
import { idTokenGrant, web3Grant } from "./unsupported";

const passwordSchema = z.object({ email: optionalString, phone: optionalString, password: optionalString });
const refreshSchema = z.object({ refresh_token: optionalString });
const pkceSchema = z.object({ auth_code: optionalString, code_verifier: optionalString });


export async function token(ctx: RequestContext): Promise<Response> {
  switch (ctx.url.searchParams.get("grant_type")) {
    case "password":
      return passwordGrant(ctx);
    case "refresh_token":
      return refreshTokenGrant(ctx);
    case "pkce":
      return pkceGrant(ctx);
    // Sign-ins with providers this server does not offer: GoTrue's refusals (unsupported.ts).
    case "id_token":
      return idTokenGrant(ctx);
    case "web3":
      return web3Grant(ctx);
    default:
      throw validationFailed("unsupported_grant_type");
  }
}

async function passwordGrant(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.signIns);
  const body = await readBody(ctx.request, passwordSchema);
  if (body.email && body.phone) throw validationFailed("Only an email address or phone number should be provided on login.");
  if (!body.email) {
    if (body.phone) throw new AuthServerError(422, "phone_provider_disabled", "Phone logins are disabled");
    throw validationFailed("missing email or phone");
  }
  // Guessing one account's password from many addresses is capped per account, known or not.
  const user = await findUserByEmail(ctx.db, body.email);
  const ok = await passwordMatches(ctx, body.email, body.password ?? "", user?.encryptedPassword);
  if (!user || !ok) throw invalidCredentials();
  if (isBanned(user, ctx.now)) throw userBanned();
  if (!user.emailConfirmedAt) throw emailNotConfirmed();
  const { session, refreshToken } = await ctx.db.transaction((tx) => startSession(ctx, tx, user, "password"));
  return jsonResponse(await tokenResponse(ctx, ctx.db, user, session, refreshToken));
}

type RefreshOutcome =
  | { kind: "ok"; userId: string; sessionId: string; refreshToken: string }
  | { kind: "error"; error: AuthServerError };

async function refreshTokenGrant(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.tokenRefresh);
  const body = await readBody(ctx.request, refreshSchema);
  if (!body.refresh_token) throw validationFailed("refresh_token required");
  const presented = body.refresh_token;

  // Errors that must keep the transaction's work (revoking a reused token's session) are
  // returned rather than thrown, so the transaction commits.
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [row] = await tx.select().from(authRefreshTokens).where(eq(authRefreshTokens.token, presented)).limit(1).for("update");
    if (!row) {
      return { kind: "error", error: new AuthServerError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found") };
    }
    const user = await findUserById(tx, row.userId);
    if (!user) {
      return { kind: "error", error: new AuthServerError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found") };
    }
    if (isBanned(user, ctx.now)) return { kind: "error", error: userBanned() };

    if (row.revoked) {
      const reuseUntil = row.updatedAt.getTime() + ctx.config.refreshTokenReuseIntervalSeconds * 1000;
      if (ctx.now.getTime() <= reuseUntil) {
        // A client that lost the response of its last refresh gets the session's current token.
        const [active] = await tx
          .select()
          .from(authRefreshTokens)
          .where(and(eq(authRefreshTokens.sessionId, row.sessionId), eq(authRefreshTokens.revoked, false)))
          .orderBy(desc(authRefreshTokens.id))
          .limit(1);
        if (active) return { kind: "ok", userId: user.id, sessionId: row.sessionId, refreshToken: active.token };
      }
      // Reuse of an old token: someone may hold a stolen copy, so the whole session ends.
      await tx.delete(authSessions).where(eq(authSessions.id, row.sessionId));
      return { kind: "error", error: new AuthServerError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used") };
    }

    await tx.update(authRefreshTokens).set({ revoked: true, updatedAt: ctx.now }).where(eq(authRefreshTokens.id, row.id));
    const refreshToken = await issueRefreshToken(ctx, tx, user.id, row.sessionId, row.token);
    await tx.update(authSessions).set({ refreshedAt: ctx.now, updatedAt: ctx.now }).where(eq(authSessions.id, row.sessionId));
    return { kind: "ok", userId: user.id, sessionId: row.sessionId, refreshToken };
  });

  if (outcome.kind === "error") throw outcome.error;
  // Refreshes come steadily from every signed-in client: a good moment for housekeeping.
  await ctx.purgeExpired();
  const user = await findUserById(ctx.db, outcome.userId);
  const [session] = await ctx.db.select().from(authSessions).where(eq(authSessions.id, outcome.sessionId)).limit(1);
  if (!user || !session) throw new AuthServerError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  return jsonResponse(await tokenResponse(ctx, ctx.db, user, session, outcome.refreshToken));
}

function challengeMatches(verifier: string, challenge: string, method: string): boolean {
  if (method === "plain") return verifier === challenge;
  return createHash("sha256").update(verifier).digest("base64url") === challenge;
}

async function pkceGrant(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.tokenRefresh);
  const body = await readBody(ctx.request, pkceSchema);
  if (!body.auth_code || !body.code_verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const authCode = body.auth_code;
  const verifier = body.code_verifier;

  const result = await ctx.db.transaction(async (tx) => {
    const [flow] = await tx.select().from(authFlowState).where(eq(authFlowState.authCode, authCode)).limit(1).for("update");
    if (!flow || !flow.authCodeIssuedAt || !flow.userId) {
      throw new AuthServerError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    }
    if (flow.authCodeIssuedAt.getTime() + ctx.config.flowStateExpirySeconds * 1000 < ctx.now.getTime()) {
      throw new AuthServerError(400, "flow_state_expired", "invalid flow state, flow state has expired");
    }
    if (!challengeMatches(verifier, flow.codeChallenge, flow.codeChallengeMethod)) {
      throw new AuthServerError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
    }
    const user = await findUserById(tx, flow.userId);
    if (!user) throw new AuthServerError(404, "user_not_found", "User not found");
    if (isBanned(user, ctx.now)) throw userBanned();
    await tx.delete(authFlowState).where(eq(authFlowState.id, flow.id));
    const started = await startSession(ctx, tx, user, flow.authenticationMethod);
    return { user, ...started };
  });
  return jsonResponse(await tokenResponse(ctx, ctx.db, result.user, result.session, result.refreshToken));
}
