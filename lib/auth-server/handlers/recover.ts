/**
 * POST /recover (password-reset email) and POST /resend (signup or email-change link again),
 * answered alike for registered and unknown addresses (see email-requests.ts).
 */
import { z } from "zod";
import type { RequestContext } from "../context";
import { parsePkce, safeRedirect, sendEmailChangeLinks, sendEmailLink } from "../email-links";
import { answerEmailRequest } from "../email-requests";
import { AuthServerError, validationFailed } from "../errors";
import { limitByIp } from "../guards";
import { optionalString, readBody } from "../http";
import { findUserByEmail, normalizeEmail } from "../users";

const recoverSchema = z.object({
  email: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export async function recover(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.otp);
  const body = await readBody(ctx.request, recoverSchema);
  const email = normalizeEmail(body.email, "Password recovery requires an email");
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));
  return answerEmailRequest(ctx, "recovery", email, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return false;
    return ctx.db.transaction((tx) => sendEmailLink(ctx, tx, { user, type: "recovery", to: user.email, redirectTo, pkce }, { admitted: true }));
  });
}

const resendSchema = z.object({
  type: optionalString,
  email: optionalString,
  phone: optionalString,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export async function resend(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.otp);
  const body = await readBody(ctx.request, resendSchema);
  const type = body.type;
  if (type !== "signup" && type !== "email_change" && type !== "sms" && type !== "phone_change") {
    throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  }
  if (type === "sms" || type === "phone_change" || (body.phone && !body.email)) {
    throw new AuthServerError(400, "phone_provider_disabled", "Phone logins are disabled");
  }
  if (body.email && body.phone) throw validationFailed("Only an email address or phone number should be provided.");
  const email = normalizeEmail(body.email, type === "signup" ? "Type provided requires an email address" : "Missing email address or phone number");
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));

  return answerEmailRequest(ctx, type, email, async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return false;
    if (type === "signup") {
      if (user.emailConfirmedAt) return false;
      return ctx.db.transaction((tx) => sendEmailLink(ctx, tx, { user, type: "signup", to: user.email, redirectTo, pkce }, { admitted: true }));
    }
    const pending = user.emailChange;
    if (!pending) return false;
    return ctx.db.transaction((tx) => sendEmailChangeLinks(ctx, tx, { user, newEmail: pending, redirectTo, pkce }, { admitted: true }));
  });
}
