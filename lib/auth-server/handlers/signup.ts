/**
 * POST /signup: email and password; the account stays unconfirmed until the emailed link is
 * followed. A confirmed address gets a look-alike user and no email; an unconfirmed one takes
 * the new password and data and gets a fresh link.
 */
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { authUsers } from "@/db/schema";
import type { RequestContext } from "../context";
import { clearEmailLinks, parsePkce, safeRedirect, sendEmailLink } from "../email-links";
import { AuthServerError, validationFailed } from "../errors";
import { limitByIp } from "../guards";
import { jsonResponse, optionalObject, optionalString, readBody } from "../http";
import { checkPasswordStrength, hashPassword } from "../passwords";
import { deleteSessions } from "../sessions";
import { findUserByEmail, loadUserJson, normalizeEmail, obfuscatedUserJson } from "../users";

const signupSchema = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: optionalObject,
  code_challenge: optionalString,
  code_challenge_method: optionalString,
});

export async function signup(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.signIns);
  const body = await readBody(ctx.request, signupSchema);
  if (!body.email) {
    if (body.phone) throw new AuthServerError(400, "phone_provider_disabled", "Phone signups are disabled");
    throw new AuthServerError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  if (!body.password) throw validationFailed("Signup requires a valid password");
  checkPasswordStrength(body.password, ctx.config.minPasswordLength);
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  const email = normalizeEmail(body.email);
  const data = body.data ?? {};
  const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));

  // Hashing is slow: do it before the transaction, and on every path, so that how long the
  // answer takes does not tell whether the address is registered.
  const encryptedPassword = await hashPassword(body.password, ctx.config.passwordHashCost);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.emailConfirmedAt) return jsonResponse(obfuscatedUserJson(email, data, ctx.now));

  const result = await ctx.db.transaction(async (tx) => {
    let user = existing;
    let created = false;
    if (!user) {
      const [inserted] = await tx
        .insert(authUsers)
        .values({
          email,
          encryptedPassword,
          appMetaData: { provider: "email", providers: ["email"] },
          userMetaData: data,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning();
      // A concurrent sign-up with the same address won the race.
      user = inserted ?? (await findUserByEmail(tx, email));
      if (!user) throw new Error("user vanished during sign-up");
      created = inserted !== undefined;
    }
    if (!created) {
      // The address is registered but was never confirmed, so nobody has proven they own it. The
      // newest sign-up's password and data replace the earlier ones and the earlier links stop
      // working: whoever follows the link in the mailbox ends up with the password they chose,
      // not one an earlier sign-up planted.
      const [replaced] = await tx
        .update(authUsers)
        .set({ encryptedPassword, userMetaData: data, emailChange: null, updatedAt: ctx.now })
        .where(and(eq(authUsers.id, user.id), isNull(authUsers.emailConfirmedAt)))
        .returning();
      if (!replaced) return null;
      user = replaced;
      await clearEmailLinks(tx, user.id);
      await deleteSessions(tx, user.id);
    }
    await sendEmailLink(ctx, tx, { user, type: "signup", to: user.email, redirectTo, pkce });
    return loadUserJson(tx, user);
  });
  return jsonResponse(result ?? obfuscatedUserJson(email, data, ctx.now));
}
