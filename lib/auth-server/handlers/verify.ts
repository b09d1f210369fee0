/**
 * GET /verify: the link in an email. Answers with a 303 to `redirect_to`: `?code=` for PKCE,
 * a `#access_token=…` fragment otherwise, `#error=…` (and the same query) on failure.
 * POST /verify: the same token as `token_hash`, answered with a session.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { authFlowState, authOneTimeTokens, authUsers, type AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import {
  clearEmailLinks,
  consumeEmailCode,
  consumeEmailToken,
  implicitAuthMethod,
  PKCE_PREFIX,
  safeRedirect,
  SINGLE_CONFIRMATION_ACCEPTED,
  type LinkType,
} from "../email-links";
import { AuthServerError, emailExists, oauthErrorByStatus, otpExpired, validationFailed } from "../errors";
import { isBanned, limitByIp } from "../guards";
import { jsonResponse, optionalString, readBody, redirectResponse } from "../http";
import { deleteSessions, newOpaqueToken, startSession, tokenResponse } from "../sessions";
import { normalizeEmail } from "../users";

/** Which stored link types a `type` parameter may use. */
function linkTypesFor(type: string | undefined | null, allowEmail: boolean): LinkType[] {
  switch (type) {
    case "signup":
      return ["signup"];
    case "invite":
      return ["invite"];
    case "recovery":
      return ["recovery"];
    case "magiclink":
      return ["magiclink"];
    case "email_change":
      return ["email_change_current", "email_change_new"];
    case "email":
      if (allowEmail) return ["signup", "recovery", "magiclink", "invite"];
    // falls through
    default:
      throw validationFailed("Unsupported verification type");
  }
}

/** GoTrue refuses a banned user's link (and code) so, in both verify paths. */
const linkUserBanned = () => new AuthServerError(403, "user_banned", "User is banned");

/** PKCE links carry GoTrue's `pkce_` prefix and point at a flow state; either is enough. */
function isPkceLink(token: string, flowStateId: string | null): boolean {
  return token.startsWith(PKCE_PREFIX) || flowStateId !== null;
}

/**
 * What following the link does to the account; null when it was one of the two email-change
 * links and the other has not been followed yet (the account stays as it is until then).
 */
async function applyLink(ctx: RequestContext, tx: DbOrTx, user: AuthUser, type: LinkType, relatesTo: string): Promise<AuthUser | null> {
  const changes: Partial<typeof authUsers.$inferInsert> = {};
  if (type === "email_change_current" || type === "email_change_new") {
    const newEmail = user.emailChange;
    const sentTo = type === "email_change_current" ? user.email : newEmail;
    if (!newEmail || sentTo?.toLowerCase() !== relatesTo.toLowerCase()) throw otpExpired();
    const other = type === "email_change_current" ? "email_change_new" : "email_change_current";
    const [pending] = await tx
      .select({ id: authOneTimeTokens.id })
      .from(authOneTimeTokens)
      .where(and(eq(authOneTimeTokens.userId, user.id), eq(authOneTimeTokens.tokenType, other)))
      .limit(1);
    if (pending) return null;
    const [taken] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(and(sql`lower(${authUsers.email}) = ${newEmail.toLowerCase()}`, ne(authUsers.id, user.id)))
      .limit(1);
    if (taken) throw emailExists();
    Object.assign(changes, { email: newEmail, emailChange: null, emailChangeSentAt: null });
  }
  // Any link proves the address, a recovery link included.
  if (!user.emailConfirmedAt) {
    changes.emailConfirmedAt = ctx.now;
    changes.userMetaData = { ...user.userMetaData, email_verified: true };
    // Whoever signed this address up without owning it chose the password it has: the owner, who
    // has now proved the address with a sign-in or reset link, does not inherit it.
    if (type === "magiclink" || type === "recovery") {
      changes.encryptedPassword = "";
      await deleteSessions(tx, user.id);
    }
  }
  // As in GoTrue, following one link invalidates the user's other outstanding links.
  await clearEmailLinks(tx, user.id);
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await tx
    .update(authUsers)
    .set({ ...changes, updatedAt: ctx.now })
    .where(eq(authUsers.id, user.id))
    .returning();
  return updated!;
}

/** GoTrue's answer to the first of two email-change links: a message, in the fragment (and query for PKCE). */
function singleConfirmationRedirect(target: string, pkce: boolean): string {
  const url = new URL(target);
  if (pkce) url.searchParams.set("message", SINGLE_CONFIRMATION_ACCEPTED);
  url.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: "" }).toString();
  return url.toString();
}

function errorRedirect(target: string, error: AuthServerError): string {
  const url = new URL(target);
  const params = new URLSearchParams();
  const oauth = oauthErrorByStatus[error.status];
  if (oauth) params.set("error", oauth);
  params.set("error_code", error.code);
  params.set("error_description", error.message);
  for (const [key, value] of params) url.searchParams.set(key, value);
  url.hash = params.toString();
  return url.toString();
}

export async function verifyGet(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.verify);
  const params = ctx.url.searchParams;
  const redirectTo = safeRedirect(ctx.site, params.get("redirect_to"));
  const type = params.get("type");
  try {
    const token = params.get("token");
    if (!token) throw validationFailed("Verify requires a token or a token hash");
    if (!type) throw validationFailed("Verify requires a verification type");
    const types = linkTypesFor(type, false);

    const result = await ctx.db.transaction(async (tx) => {
      const consumed = await consumeEmailToken(ctx, tx, token, types);
      if (isPkceLink(token, consumed.ott.flowStateId) && !consumed.ott.flowStateId) {
        // Its flow state is gone: never fall back to putting a session in the URL.
        throw new AuthServerError(404, "flow_state_not_found", "No associated flow state found");
      }
      if (isBanned(consumed.user, ctx.now)) throw linkUserBanned();
      const user = await applyLink(ctx, tx, consumed.user, consumed.type, consumed.ott.relatesTo);
      if (!user) return { kind: "single_confirmation" as const, pkce: consumed.ott.flowStateId !== null };
      if (consumed.ott.flowStateId) {
        // PKCE: hand out a short-lived code that only the holder of the code verifier can use.
        const authCode = newOpaqueToken();
        const [flow] = await tx
          .update(authFlowState)
          .set({ authCode, authCodeIssuedAt: ctx.now, userId: user.id })
          .where(eq(authFlowState.id, consumed.ott.flowStateId))
          .returning({ id: authFlowState.id });
        if (!flow) throw new AuthServerError(404, "flow_state_not_found", "No associated flow state found");
        return { kind: "pkce" as const, authCode };
      }
      const started = await startSession(ctx, tx, user, implicitAuthMethod(consumed.type));
      return { kind: "implicit" as const, user, ...started };
    });

    if (result.kind === "single_confirmation") return redirectResponse(singleConfirmationRedirect(redirectTo, result.pkce));
    const target = new URL(redirectTo);
    if (result.kind === "pkce") {
      target.searchParams.set("code", result.authCode);
      return redirectResponse(target.toString());
    }
    const tokens = await tokenResponse(ctx, ctx.db, result.user, result.session, result.refreshToken);
    target.hash = new URLSearchParams({
      access_token: tokens.access_token,
      expires_at: String(tokens.expires_at),
      expires_in: String(tokens.expires_in),
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      type,
    }).toString();
    return redirectResponse(target.toString());
  } catch (error) {
    if (error instanceof AuthServerError) return redirectResponse(errorRedirect(redirectTo, error));
    throw error;
  }
}

const verifySchema = z.object({
  type: optionalString,
  token: optionalString,
  token_hash: optionalString,
  email: optionalString,
  phone: optionalString,
  redirect_to: optionalString,
});

export async function verifyPost(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.verify);
  const body = await readBody(ctx.request, verifySchema);
  if (!body.type) throw validationFailed("Verify requires a verification type");
  if (body.type === "sms" || body.type === "phone_change" || body.phone) {
    // As GoTrue: no phone account exists, so a phone code is never valid (a malformed number is named).
    if (body.phone && !/^\+?[1-9]\d{7,14}$/.test(body.phone.replace(/[\s()-]/g, ""))) {
      throw validationFailed("Invalid phone number format (E.164 required)");
    }
    throw otpExpired("Token has expired or is invalid");
  }
  const types = linkTypesFor(body.type, true);
  const tokenHash = body.token_hash;
  if (!tokenHash && !body.token) throw validationFailed("Verify requires either a token or a token hash");
  if (!tokenHash && !body.email) throw validationFailed("Only an email address or phone number should be provided on verify");
  const result = await ctx.db.transaction(async (tx) => {
    // A six-digit code sent with a link, typed in (verifyOtp({ email, token, type })); or the link's own token.
    const consumed = tokenHash
      ? await consumeEmailToken(ctx, tx, tokenHash, types, "Token has expired or is invalid")
      : await consumeEmailCode(ctx, tx, normalizeEmail(body.email), body.token!, types);
    // A PKCE link only ever yields a code for the browser holding the verifier; handing out a
    // session here would let anyone who sees the link skip that. Answered like an unknown token
    // (the transaction rolls back, so the link itself keeps working).
    if (tokenHash && isPkceLink(tokenHash, consumed.ott.flowStateId)) throw otpExpired("Token has expired or is invalid");
    const user = await applyLink(ctx, tx, consumed.user, consumed.type, consumed.ott.relatesTo);
    if (!user) return null;
    if (isBanned(user, ctx.now)) throw linkUserBanned();
    return { user, ...(await startSession(ctx, tx, user, implicitAuthMethod(consumed.type))) };
  });
  if (!result) return jsonResponse({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" });
  return jsonResponse(await tokenResponse(ctx, ctx.db, result.user, result.session, result.refreshToken));
}
