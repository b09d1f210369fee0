/**
 * POST /signup: email and password; the account stays unconfirmed until the emailed link is
 * followed. A confirmed address gets a look-alike user and no email; an unconfirmed one keeps
 * its first credentials and gets its link again.
 *
 * With sign-ups off (GoTrue's DISABLE_SIGNUP) the answer is GoTrue's 422 `signup_disabled`, except
 * on an install with no account yet, whose first sign-up makes its owner.
 *
 * With autoconfirm (GoTrue's MAILER_AUTOCONFIRM) no email is sent: a new account is confirmed at
 * once and the answer is a session, as GoTrue's is; a registered address gets GoTrue's 422
 * "User already registered", except that an unconfirmed one signed up again with its first
 * password is confirmed and signed in (any other password would plant a stranger's password).
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { authUsers, type AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import { clearEmailLinks, parsePkce, safeRedirect, sendEmailLink } from "../email-links";
import { startEmailCooldown } from "../email-requests";
import { AuthServerError, validationFailed } from "../errors";
import { limitByIp } from "../guards";
import { jsonResponse, optionalObject, optionalString, readBody } from "../http";
import { checkMetadataSize, checkNames } from "../metadata";
import { deliverOutbox } from "../outbox";
import { checkPasswordStrength, comparePassword, hashPassword } from "../passwords";
import { startSession, tokenResponse } from "../sessions";
import { findUserByEmail, insertAuthUser, loadUserJson, normalizeEmail, obfuscatedUserJson } from "../users";

const signupSchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: optionalObject,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export const signupDisabled = () => new AuthServerError(422, "signup_disabled", "Signups not allowed for this instance");

/** Whether a request may make an account: sign-ups are on, or nobody has an account yet. */
export async function signupsAllowed(ctx: RequestContext): Promise<boolean> {
  if (!ctx.config.disableSignup) return true;
  const [row] = await ctx.db.select({ any: sql<boolean>`exists (select 1 from ${authUsers})` }).from(sql`(select 1) as one`);
  return !row?.any;
}

export async function signup(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.signIns);
  const body = await readBody(ctx.request, signupSchema);
  if (body.email && !(await signupsAllowed(ctx))) throw signupDisabled();
  if (!body.email) {
    if (body.phone) throw new AuthServerError(400, "phone_provider_disabled", "Phone signups are disabled");
    throw new AuthServerError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  if (!body.password) throw validationFailed("Signup requires a valid password");
  checkPasswordStrength(body.password, ctx.config.minPasswordLength);
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const email = normalizeEmail(body.email);
  const data = body.data ?? {};
  checkNames(data);
  checkMetadataSize(data);
  const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));

  // Hashing is slow: do it before the transaction, and on every path, so that how long the
  // answer takes does not tell whether the address is registered.
  const encryptedPassword = await hashPassword(body.password, ctx.config.passwordHashCost);
  const existing = await findUserByEmail(ctx.db, email);
  if (ctx.config.autoconfirm) return autoconfirmedSignup(ctx, { email, data, encryptedPassword, password: body.password, existing });
  if (existing?.emailConfirmedAt) return answerSignup(ctx, email, obfuscatedUserJson(email, data, ctx.now));

  const result = await ctx.db.transaction(async (tx) => {
    // An address registered but never confirmed keeps the password and details it was first
    // signed up with: a later sign-up only gets the confirmation link sent again, so nobody can
    // plant a password of their own on an account whose owner is about to confirm it.
    const user =
      existing ??
      (await insertAuthUser(tx, { email, encryptedPassword, userMetadata: data, confirmedAt: null, now: ctx.now })) ??
      // A concurrent sign-up with the same address won the race.
      (await findUserByEmail(tx, email));
    if (!user) throw new Error("user vanished during sign-up");
    if (user.emailConfirmedAt) return null;
    await sendEmailLink(ctx, tx, { user, type: "signup", to: user.email, redirectTo, pkce });
    return loadUserJson(tx, user);
  });
  return answerSignup(ctx, email, result ?? obfuscatedUserJson(email, data, ctx.now));
}

/**
 * Sends the link, then starts the address's minute before a resend, whether or not the sign-up
 * made an account: a resend answered 429 after one sign-up and 200 after another would tell.
 */
async function answerSignup(ctx: RequestContext, email: string, json: unknown): Promise<Response> {
  await deliverOutbox(ctx);
  startEmailCooldown(ctx, "signup", email);
  return jsonResponse(json);
}

const userAlreadyRegistered = () => new AuthServerError(422, "user_already_exists", "User already registered");

async function autoconfirmedSignup(
  ctx: RequestContext,
  input: { email: string; data: Record<string, unknown>; encryptedPassword: string; password: string; existing: AuthUser | undefined },
): Promise<Response> {
  const { existing } = input;
  if (existing && (existing.emailConfirmedAt || !(await comparePassword(input.password, existing.encryptedPassword, ctx.config.passwordHashCost)))) {
    throw userAlreadyRegistered();
  }
  const started = await ctx.db.transaction(async (tx) => {
    let user =
      existing ??
      (await insertAuthUser(tx, { email: input.email, encryptedPassword: input.encryptedPassword, userMetadata: input.data, confirmedAt: ctx.now, now: ctx.now }));
    // A concurrent sign-up with the same address won the race.
    if (!user) throw userAlreadyRegistered();
    if (!user.emailConfirmedAt) {
      const [confirmed] = await tx
        .update(authUsers)
        .set({ emailConfirmedAt: ctx.now, userMetaData: { ...user.userMetaData, email_verified: true }, updatedAt: ctx.now })
        .where(eq(authUsers.id, user.id))
        .returning();
      user = confirmed!;
      await clearEmailLinks(tx, user.id);
    }
    return { user, ...(await startSession(ctx, tx, user, "password")) };
  });
  return jsonResponse(await tokenResponse(ctx, ctx.db, started.user, started.session, started.refreshToken));
}
