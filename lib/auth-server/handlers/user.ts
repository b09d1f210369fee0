/** GET /user, PUT /user and POST /logout: requests made with the user's access token. */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { authSessions, authUsers, type AuthSession, type AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import {
  clearEmailLinks,
  consumeReauthenticationCode,
  parsePkce,
  RECOVERY_METHOD,
  safeRedirect,
  sendEmailChangeLinks,
  sendReauthenticationCode,
} from "../email-links";
import { AuthServerError, emailExists, validationFailed } from "../errors";
import { authenticate, limitByIp, passwordMatches } from "../guards";
import { emptyResponse, jsonResponse, optionalObject, optionalString, readBody } from "../http";
import { checkMetadataSize, checkNames } from "../metadata";
import { checkPasswordStrength, comparePassword, hashPassword } from "../passwords";
import { deleteSessions } from "../sessions";
import { findUserByEmail, listFactors, loadUserJson, normalizeEmail } from "../users";

export async function getUser(ctx: RequestContext): Promise<Response> {
  const { user } = await authenticate(ctx);
  return jsonResponse(await loadUserJson(ctx.db, user));
}

const updateSchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  current_password: optionalString,
  data: optionalObject,
  nonce: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/** GoTrue merges metadata key by key; a null value removes the key. */
function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/**
 * A session that began with a password-reset link may set a new password without proving anything
 * more, and so may one that began with an invitation link while the account has none yet.
 */
function mayChoosePassword(user: AuthUser, session: AuthSession): boolean {
  return session.amr.some((entry) => entry.method === RECOVERY_METHOD || (entry.method === "invite" && user.encryptedPassword === ""));
}

const reauthenticationNeeded = () =>
  new AuthServerError(400, "reauthentication_needed", "Password update requires reauthentication");

/**
 * A new password outside a recovery session needs proof that the account's owner is asking, not
 * just whoever holds the token: the emailed reauthentication code (`nonce`) or the current
 * password (`current_password`), whose wrong guesses count against the account's sign-in cap.
 */
async function checkReauthentication(
  ctx: RequestContext,
  tx: DbOrTx,
  user: AuthUser,
  session: AuthSession,
  body: { nonce?: string; current_password?: string },
): Promise<void> {
  if (mayChoosePassword(user, session)) return;
  if (body.nonce) return consumeReauthenticationCode(ctx, tx, user, body.nonce);
  if (body.current_password === undefined) throw reauthenticationNeeded();
  if (!(await passwordMatches(ctx, user.email, body.current_password, user.encryptedPassword))) {
    throw new AuthServerError(400, "current_password_mismatch", "Current password required when setting new password.");
  }
}

export async function updateUser(ctx: RequestContext): Promise<Response> {
  const { user, session } = await authenticate(ctx);
  limitByIp(ctx, ctx.limits.otp);
  const body = await readBody(ctx.request, updateSchema);
  if (body.phone) throw new AuthServerError(422, "phone_provider_disabled", "Phone logins are disabled");
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  if (body.password !== undefined) checkPasswordStrength(body.password, ctx.config.minPasswordLength);
  let metadata: Record<string, unknown> | undefined;
  if (body.data) {
    checkNames(body.data);
    // The merged result counts, so the cap cannot be passed a few keys at a time.
    metadata = mergeMetadata(user.userMetaData, body.data);
    checkMetadataSize(metadata);
  }
  let newEmail: string | undefined;
  if (body.email !== undefined) {
    const email = normalizeEmail(body.email);
    if (email !== user.email.toLowerCase()) newEmail = email;
  }

  // As in GoTrue: with a verified second factor, only an aal2 session may change the credentials.
  if ((body.password || newEmail) && session.aal !== "aal2") {
    const factors = await listFactors(ctx.db, user.id);
    if (factors.some((f) => f.status === "verified")) {
      throw new AuthServerError(401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled.");
    }
  }

  if (newEmail) {
    const taken = await findUserByEmail(ctx.db, newEmail);
    if (taken && taken.id !== user.id) throw emailExists();
  }

  const json = await ctx.db.transaction(async (tx) => {
    const changes: Partial<typeof authUsers.$inferInsert> = {};
    if (body.password !== undefined) {
      await checkReauthentication(ctx, tx, user, session, body);
      if (await comparePassword(body.password, user.encryptedPassword, ctx.config.passwordHashCost)) {
        throw new AuthServerError(422, "same_password", "New password should be different from the old password.");
      }
      const encryptedPassword = await hashPassword(body.password, ctx.config.passwordHashCost);
      // Links sent before the new password stop working, as in GoTrue.
      Object.assign(changes, { encryptedPassword, confirmationSentAt: null, recoverySentAt: null, emailChangeSentAt: null, emailChange: null });
      await clearEmailLinks(tx, user.id);
    }
    if (metadata) changes.userMetaData = metadata;
    if (Object.keys(changes).length > 0) {
      const [updated] = await tx
        .update(authUsers)
        .set({ ...changes, updatedAt: ctx.now })
        .where(eq(authUsers.id, user.id))
        .returning();
      Object.assign(user, updated);
    }
    // A new password signs every other device out, as GoTrue does.
    if (changes.encryptedPassword) await deleteSessions(tx, user.id, session.id);
    if (newEmail) {
      const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));
      await sendEmailChangeLinks(ctx, tx, { user, newEmail, redirectTo, pkce });
    }
    return loadUserJson(tx, user);
  });
  return jsonResponse(json);
}

/** GET /reauthenticate: emails the signed-in user a code to send as `nonce` with a new password. */
export async function reauthenticate(ctx: RequestContext): Promise<Response> {
  const { user } = await authenticate(ctx);
  limitByIp(ctx, ctx.limits.otp);
  if (!user.emailConfirmedAt) throw new AuthServerError(422, "email_not_confirmed", "Please verify your email first.");
  await ctx.db.transaction((tx) => sendReauthenticationCode(ctx, tx, user));
  return jsonResponse({});
}

export async function logout(ctx: RequestContext): Promise<Response> {
  const { user, session } = await authenticate(ctx);
  const scope = ctx.url.searchParams.get("scope") ?? "global";
  if (scope === "global") await deleteSessions(ctx.db, user.id);
  else if (scope === "others") await deleteSessions(ctx.db, user.id, session.id);
  else if (scope === "local") await ctx.db.delete(authSessions).where(eq(authSessions.id, session.id));
  else throw validationFailed(`Unsupported logout scope "${scope}"`);
  return emptyResponse(204);
}
