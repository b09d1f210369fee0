/** POST /recover (password-reset email) and POST /resend (signup or email-change link again). */
import { z } from "zod";
import type { RequestContext } from "../context";
import { parsePkce, safeRedirect, sendEmailChangeLinks, sendEmailLink } from "../email-links";
import { AuthServerError, validationFailed } from "../errors";
import { limitByIp } from "../guards";
import { jsonResponse, optionalString, readBody } from "../http";
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
  const user = await findUserByEmail(ctx.db, email);
  // Unknown addresses get the same answer, so the endpoint does not reveal who is registered.
  if (user) {
    await ctx.db.transaction((tx) => sendEmailLink(ctx, tx, { user, type: "recovery", to: user.email, redirectTo, pkce }));
  }
  return jsonResponse({});
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

  const user = await findUserByEmail(ctx.db, email);
  if (!user) return jsonResponse({});
  if (type === "signup") {
    if (user.emailConfirmedAt) return jsonResponse({});
    await ctx.db.transaction((tx) => sendEmailLink(ctx, tx, { user, type: "signup", to: user.email, redirectTo, pkce }));
  } else {
    const pending = user.emailChange;
    if (!pending) return jsonResponse({});
    await ctx.db.transaction((tx) => sendEmailChangeLinks(ctx, tx, { user, newEmail: pending, redirectTo, pkce }));
  }
  return jsonResponse({});
}
