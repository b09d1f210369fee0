/**
 * POST /invite (supabase-js's `admin.inviteUserByEmail`) and POST /admin/generate_link
 * (`admin.generateLink`), as GoTrue's invite.go and mail.go answer them.
 *
 * An invitation makes an unconfirmed account without a password (`encrypted_password` ""), or
 * invites again one that is not confirmed yet; a confirmed address is 422 `email_exists`. Such an
 * unconfirmed account keeps no password someone chose at sign-up: whoever signed up with the
 * invitee's address never proved it, and must not keep a way into the account the invitee is about
 * to confirm (GoTrue keeps it). The email costs one of the server-wide hourly cap, never the
 * per-IP one (an operator's script, or the app's own in-process call), and keeps the one-a-minute rule per user.
 *
 * generate_link sends nothing and spends no cap: it answers the user with the link (`action_link`),
 * its token (`hashed_token`, what `verifyOtp({ token_hash })` takes), its six-digit code
 * (`email_otp`), `verification_type` and `redirect_to`. A magic link for an unknown address makes a
 * sign-up link for a new account with a random password, as GoTrue does.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "@/db/client";
import { authUsers, type AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import { clearEmailLinks, issueLink, safeRedirect, sendEmailLink, type LinkType } from "../email-links";
import { AuthServerError, emailExists, validationFailed } from "../errors";
import { jsonResponse, optionalObject, optionalString, readBody } from "../http";
import { checkMetadataSize, checkNames } from "../metadata";
import { checkPasswordStrength, hashPassword } from "../passwords";
import { deleteSessions } from "../sessions";
import { findUserByEmail, insertAuthUser, loadUserJson, normalizeEmail } from "../users";
import { mergeMetadata } from "./admin-user-write";

function checkData(data: Record<string, unknown>): void {
  checkNames(data);
  checkMetadataSize(data);
}

async function stamp(ctx: RequestContext, tx: DbOrTx, user: AuthUser, changes: Partial<typeof authUsers.$inferInsert>): Promise<AuthUser> {
  const [row] = await tx.update(authUsers).set({ ...changes, updatedAt: ctx.now }).where(eq(authUsers.id, user.id)).returning();
  return row!;
}

/** The account an invitation is for: a new one without a password, or an unconfirmed one made ready for it. */
async function invitee(ctx: RequestContext, tx: DbOrTx, email: string, data: Record<string, unknown>): Promise<AuthUser> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.emailConfirmedAt) throw emailExists();
  if (!existing) {
    const created = await insertAuthUser(tx, { email, encryptedPassword: "", userMetadata: data, confirmedAt: null, now: ctx.now });
    // A concurrent sign-up or invitation took the address first.
    if (!created) throw emailExists();
    return created;
  }
  if (existing.encryptedPassword === "") return existing;
  await clearEmailLinks(tx, existing.id);
  await deleteSessions(tx, existing.id);
  return stamp(ctx, tx, existing, { encryptedPassword: "" });
}

const inviteSchema = z.object({ email: optionalString, data: optionalObject });

export async function invite(ctx: RequestContext): Promise<Response> {
  const params = await readBody(ctx.request, inviteSchema);
  const email = normalizeEmail(params.email);
  const data = params.data ?? {};
  checkData(data);
  const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));
  const json = await ctx.db.transaction(async (tx) => {
    const user = await invitee(ctx, tx, email, data);
    await sendEmailLink(ctx, tx, { user, type: "invite", to: user.email, redirectTo, pkce: null }, { serviceRole: true });
    return loadUserJson(tx, await stamp(ctx, tx, user, { confirmationSentAt: ctx.now }));
  });
  return jsonResponse(json);
}

const linkSchema = z.object({
  type: optionalString,
  email: optionalString,
  new_email: optionalString,
  password: optionalString,
  data: optionalObject,
  redirect_to: optionalString,
});

const userNotFound = () => new AuthServerError(404, "user_not_found", "User with this email not found");

export async function generateLink(ctx: RequestContext): Promise<Response> {
  const params = await readBody(ctx.request, linkSchema);
  const email = normalizeEmail(params.email);
  // supabase-js puts redirectTo in the query; GoTrue also takes a redirect_to field of the body.
  const redirectTo = safeRedirect(ctx.site, params.redirect_to ?? ctx.url.searchParams.get("redirect_to"));
  const existing = await findUserByEmail(ctx.db, email);
  let type = params.type ?? "";
  let password = params.password ?? "";
  if (!existing && type === "magiclink") {
    type = "signup";
    password = randomBytes(48).toString("base64url");
  }
  if (!existing && ["recovery", "email_change_current", "email_change_new"].includes(type)) throw userNotFound();
  const data = params.data ?? {};
  let encryptedPassword = "";
  if (!existing && (type === "signup" || type === "invite")) checkData(data);
  if (!existing && type === "signup") {
    if (!password) throw validationFailed("Signup requires a valid password");
    checkPasswordStrength(password, ctx.config.minPasswordLength);
    encryptedPassword = await hashPassword(password, ctx.config.passwordHashCost);
  }

  const result = await ctx.db.transaction(async (tx) => {
    let user = existing;
    let to = email;
    switch (type) {
      case "magiclink":
      case "recovery":
        user = await stamp(ctx, tx, user!, { recoverySentAt: ctx.now });
        break;
      case "invite":
        user = await invitee(ctx, tx, email, data);
        user = await stamp(ctx, tx, user, { confirmationSentAt: ctx.now, invitedAt: ctx.now });
        break;
      case "signup":
        if (user?.emailConfirmedAt) throw emailExists();
        if (user && params.data) {
          const merged = mergeMetadata(user.userMetaData, params.data);
          checkData(merged);
          user = await stamp(ctx, tx, user, { userMetaData: merged });
        }
        user ??= await insertAuthUser(tx, { email, encryptedPassword, userMetadata: data, confirmedAt: null, now: ctx.now });
        if (!user) throw emailExists();
        user = await stamp(ctx, tx, user, { confirmationSentAt: ctx.now });
        break;
      case "email_change_current":
      case "email_change_new": {
        const newEmail = normalizeEmail(params.new_email);
        const taken = await findUserByEmail(tx, newEmail);
        if (taken && taken.id !== user!.id) throw emailExists();
        user = await stamp(ctx, tx, user!, { emailChange: newEmail, emailChangeSentAt: ctx.now });
        if (type === "email_change_new") to = newEmail;
        break;
      }
      default:
        throw validationFailed(`Invalid email action link type requested: ${type}`);
    }
    const issued = await issueLink(ctx, tx, { user, type: type as LinkType, to, redirectTo, flowStateId: null });
    return { user: await loadUserJson(tx, user), issued };
  });
  const { user, issued } = result;
  return jsonResponse({
    ...user,
    action_link: issued.link,
    email_otp: issued.code,
    hashed_token: issued.token,
    verification_type: type,
    redirect_to: issued.redirectTo,
  });
}
