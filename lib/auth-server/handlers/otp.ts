/**
 * POST /otp with an email (supabase-js `signInWithOtp`): emails a magic link that also carries a
 * six-digit code (`verifyOtp({ email, token, type: "email" })`). With `create_user` (the default)
 * an unknown address gets an account, unconfirmed and without a password, that the link or code
 * confirms; the first sign-in then leads to onboarding.
 *
 * Answered as /recover is (email-requests.ts): the same `{}` and about the same time whether or
 * not the address has an account, after the same per-address minute and hourly caps. GoTrue
 * itself answers an unknown address with `create_user: false` by 422 `otp_disabled`, which tells
 * who is registered; here that address simply gets no email.
 *
 * With sign-ups off, a request that may create an account is refused outright (GoTrue's 422
 * `signup_disabled`), whatever the address: sign-in forms send `create_user: false`.
 */
import { z } from "zod";
import type { AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import { parsePkce, safeRedirect, sendEmailLink } from "../email-links";
import { answerEmailRequest } from "../email-requests";
import { AuthServerError, validationFailed } from "../errors";
import { isBanned, limitByIp } from "../guards";
import { optionalBoolean, optionalObject, optionalString, readBody } from "../http";
import { checkMetadataSize, checkNames } from "../metadata";
import { signupsAllowed, signupDisabled } from "./signup";
import { findUserByEmail, insertAuthUser, normalizeEmail } from "../users";

const otpSchema = z.object({
  email: optionalString,
  phone: optionalString,
  channel: optionalString,
  create_user: optionalBoolean,
  data: optionalObject,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

/** An invited account that never accepted, whose invitation has run out: no way in but a new invitation. */
function invitationLapsed(ctx: RequestContext, user: AuthUser): boolean {
  return !user.emailConfirmedAt && user.invitedAt !== null && user.invitedAt.getTime() + ctx.config.inviteExpirySeconds * 1000 <= ctx.now.getTime();
}

export async function otp(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.otp);
  const body = await readBody(ctx.request, otpSchema);
  if (body.email && body.phone) throw validationFailed("Only an email address or phone number should be provided");
  if (!body.email) {
    if (!body.phone) throw validationFailed("One of email or phone must be set");
    // As GoTrue: no phone account exists, so one that may not be made is refused first.
    if (body.create_user === false) throw new AuthServerError(422, "otp_disabled", "Signups not allowed for otp");
    throw new AuthServerError(400, "phone_provider_disabled", "Unsupported phone provider");
  }
  const email = normalizeEmail(body.email);
  const createUser = body.create_user ?? true;
  const data = body.data ?? {};
  checkNames(data);
  checkMetadataSize(data);
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));
  if (createUser && !(await signupsAllowed(ctx))) throw signupDisabled();

  return answerEmailRequest(ctx, "magiclink", email, async () => {
    let user = await findUserByEmail(ctx.db, email);
    if (!user && createUser) {
      user =
        (await insertAuthUser(ctx.db, { email, encryptedPassword: "", userMetadata: data, confirmedAt: null, now: ctx.now })) ??
        (await findUserByEmail(ctx.db, email));
    }
    if (!user || isBanned(user, ctx.now) || invitationLapsed(ctx, user)) return false;
    const found = user;
    return ctx.db.transaction((tx) => sendEmailLink(ctx, tx, { user: found, type: "magiclink", to: found.email, redirectTo, pkce }, { admitted: true }));
  });
}
