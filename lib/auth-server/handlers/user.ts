/** GET /user, PUT /user and POST /logout: requests made with the user's access token. */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { authSessions, authUsers } from "@/db/schema";
import type { RequestContext } from "../context";
import { clearEmailLinks, firstNameOf, parsePkce, safeRedirect, sendEmailLink } from "../email-links";
import { AuthServerError, emailExists, validationFailed } from "../errors";
import { authenticate, limitByIp } from "../guards";
import { emptyResponse, jsonResponse, optionalObject, optionalString, readBody } from "../http";
import { checkPasswordStrength, comparePassword, hashPassword } from "../passwords";
import { composeEmailChangeNotice, storeMail } from "../mail";
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

export async function updateUser(ctx: RequestContext): Promise<Response> {
  const { user, session } = await authenticate(ctx);
  limitByIp(ctx, ctx.limits.otp);
  const body = await readBody(ctx.request, updateSchema);
  if (body.phone) throw new AuthServerError(422, "phone_provider_disabled", "Phone logins are disabled");
  const pkce = parsePkce(body.code_challenge, body.code_challenge_method);
  if (body.password !== undefined) checkPasswordStrength(body.password, ctx.config.minPasswordLength);
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

  let encryptedPassword: string | undefined;
  if (body.password !== undefined) {
    if (await comparePassword(body.password, user.encryptedPassword, ctx.config.passwordHashCost)) {
      throw new AuthServerError(422, "same_password", "New password should be different from the old password.");
    }
    encryptedPassword = await hashPassword(body.password, ctx.config.passwordHashCost);
  }

  const json = await ctx.db.transaction(async (tx) => {
    const changes: Partial<typeof authUsers.$inferInsert> = {};
    if (encryptedPassword) {
      // Links sent before the new password stop working, as in GoTrue.
      Object.assign(changes, { encryptedPassword, confirmationSentAt: null, recoverySentAt: null, emailChangeSentAt: null });
      await clearEmailLinks(tx, user.id);
    }
    if (body.data) changes.userMetaData = mergeMetadata(user.userMetaData, body.data);
    if (newEmail) changes.emailChange = newEmail;
    if (Object.keys(changes).length > 0) {
      const [updated] = await tx
        .update(authUsers)
        .set({ ...changes, updatedAt: ctx.now })
        .where(eq(authUsers.id, user.id))
        .returning();
      Object.assign(user, updated);
    }
    // A new password signs every other device out, as GoTrue does.
    if (encryptedPassword) await deleteSessions(tx, user.id, session.id);
    if (newEmail) {
      // The current address hears of the change first, so a session in the wrong hands cannot
      // move the account away unnoticed.
      const notice = composeEmailChangeNotice({ to: user.email, newEmail, firstName: firstNameOf(user) });
      await storeMail(tx, notice, ctx.now);
      ctx.outbox.push({ mail: notice, userId: user.id, type: "email_change_notice" });
      const redirectTo = safeRedirect(ctx.site, ctx.url.searchParams.get("redirect_to"));
      await sendEmailLink(ctx, tx, { user, type: "email_change", to: newEmail, redirectTo, pkce });
    }
    return loadUserJson(tx, user);
  });
  return jsonResponse(json);
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
