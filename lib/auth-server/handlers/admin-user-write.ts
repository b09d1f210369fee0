/**
 * POST /admin/users and PUT /admin/users/{id} (supabase-js's `admin.createUser`, `updateUserById`),
 * with GoTrue's fields: email, password (or a bcrypt password_hash), email_confirm, user_metadata
 * and app_metadata (merged key by key; null removes a key), role, ban_duration. No email is sent.
 *
 * Where this server is stricter than GoTrue: a password given to createUser must pass the same
 * strength rule as everywhere else (GoTrue checks it on updates only); phone numbers are refused
 * (no phone provider); an address another account has is 422 `email_exists` on updates too.
 * A new password or a ban ends the user's sessions (GoTrue's refuses a banned user's tokens).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { authUsers, type AuthUser } from "@/db/schema";
import type { RequestContext } from "../context";
import { clearEmailLinks } from "../email-links";
import { AuthServerError, emailExists, unexpectedFailure, validationFailed } from "../errors";
import { jsonResponse, optionalBoolean, optionalObject, optionalString, readBody } from "../http";
import { checkMetadataSize, checkNames } from "../metadata";
import { checkPasswordStrength, hashPassword } from "../passwords";
import { deleteSessions } from "../sessions";
import { findUserByEmail, findUserById, loadUserJson, normalizeEmail } from "../users";
import { banUntil } from "./admin-ban";
import { loadUser, parseGoUuid } from "./admin-guard";

const paramsSchema = z.object({
  id: optionalString,
  role: optionalString,
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  password_hash: optionalString,
  email_confirm: optionalBoolean,
  user_metadata: optionalObject,
  app_metadata: optionalObject,
  ban_duration: optionalString,
});

/** GoTrue's default role for new users (hosted Supabase's GOTRUE_JWT_DEFAULT_GROUP_NAME). */
const DEFAULT_ROLE = "authenticated";
const BCRYPT_HASH = /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/;

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: key by key, null removes the key. */
export function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

function checkUserMetadata(update: Record<string, unknown> | undefined, merged: Record<string, unknown>): void {
  if (!update) return;
  checkNames(update);
  checkMetadataSize(merged);
}

/** Whether an error is Postgres's unique violation (as postgres-js or PGlite report it, maybe wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}

/** POST /admin/users */
export async function createUser(ctx: RequestContext): Promise<Response> {
  const params = await readBody(ctx.request, paramsSchema);
  if (!params.email && !params.phone) throw validationFailed("Cannot create a user without either an email or phone");
  let email = "";
  if (params.email) {
    email = normalizeEmail(params.email);
    if (await findUserByEmail(ctx.db, email)) throw emailExists();
  }
  if (params.phone) throw new AuthServerError(400, "phone_provider_disabled", "Phone signups are disabled");
  if (params.password !== undefined && params.password_hash) {
    throw validationFailed("Only a password or a password hash should be provided");
  }
  let encryptedPassword: string;
  if (params.password_hash) {
    if (!BCRYPT_HASH.test(params.password_hash)) throw validationFailed("Only bcrypt password hashes are supported by this server");
    encryptedPassword = params.password_hash;
  } else if (params.password) {
    checkPasswordStrength(params.password, ctx.config.minPasswordLength);
    encryptedPassword = await hashPassword(params.password, ctx.config.passwordHashCost);
  } else {
    // As GoTrue: an account made without a password gets a long random one nobody knows.
    encryptedPassword = await hashPassword(randomBytes(48).toString("base64url"), ctx.config.passwordHashCost);
  }
  let id: string | undefined;
  if (params.id) {
    id = parseGoUuid(params.id) ?? undefined;
    if (!id) throw validationFailed("ID must conform to the uuid v4 format");
    if (/^[0-]+$/.test(id)) throw validationFailed("ID cannot be a nil uuid");
  }
  const bannedUntil = banUntil(params.ban_duration, ctx.now);
  const appMetaData = mergeMetadata({ provider: "email", providers: ["email"] }, params.app_metadata ?? {});
  let userMetaData = params.user_metadata ?? {};
  if (params.email_confirm) userMetaData = { ...userMetaData, email_verified: true };
  checkUserMetadata(params.user_metadata, userMetaData);

  let created: AuthUser;
  try {
    [created] = (await ctx.db
      .insert(authUsers)
      .values({
        ...(id ? { id } : {}),
        email,
        encryptedPassword,
        role: params.role?.trim() || DEFAULT_ROLE,
        emailConfirmedAt: params.email_confirm ? ctx.now : null,
        appMetaData,
        userMetaData,
        bannedUntil: bannedUntil ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning()) as [AuthUser];
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent creation took the address, or the id was taken.
    if (await findUserByEmail(ctx.db, email)) throw emailExists();
    throw unexpectedFailure("Database error creating new user");
  }
  return jsonResponse(await loadUserJson(ctx.db, created));
}

/** PUT /admin/users/{id} */
export async function updateUser(ctx: RequestContext, rawId: string): Promise<Response> {
  const user = await loadUser(ctx, rawId);
  const params = await readBody(ctx.request, paramsSchema);
  const email = params.email ? normalizeEmail(params.email) : undefined;
  if (params.phone) throw new AuthServerError(422, "phone_provider_disabled", "Phone logins are disabled");
  const bannedUntil = banUntil(params.ban_duration, ctx.now);
  if (params.password !== undefined) checkPasswordStrength(params.password, ctx.config.minPasswordLength);
  const newEmail = email !== undefined && email !== user.email.toLowerCase() ? email : undefined;
  if (newEmail) {
    const taken = await findUserByEmail(ctx.db, newEmail);
    if (taken && taken.id !== user.id) throw emailExists();
  }

  const set: Partial<typeof authUsers.$inferInsert> = {};
  let userMetaData = user.userMetaData;
  if (params.role?.trim()) set.role = params.role.trim();
  if (params.email_confirm) {
    set.emailConfirmedAt = ctx.now;
    userMetaData = { ...userMetaData, email_verified: true };
  }
  if (params.password !== undefined) {
    set.encryptedPassword = await hashPassword(params.password, ctx.config.passwordHashCost);
    // Links sent before the new password stop working, as in GoTrue.
    Object.assign(set, { confirmationSentAt: null, recoverySentAt: null, emailChange: null, emailChangeSentAt: null });
  }
  if (newEmail) Object.assign(set, { email: newEmail, emailChange: null, emailChangeSentAt: null });
  if (params.app_metadata) set.appMetaData = mergeMetadata(user.appMetaData, params.app_metadata);
  if (params.user_metadata) userMetaData = mergeMetadata(userMetaData, params.user_metadata);
  checkUserMetadata(params.user_metadata, userMetaData);
  if (userMetaData !== user.userMetaData) set.userMetaData = userMetaData;
  if (bannedUntil !== undefined) set.bannedUntil = bannedUntil;
  if (Object.keys(set).length === 0) return jsonResponse(await loadUserJson(ctx.db, user));

  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.update(authUsers).set({ ...set, updatedAt: ctx.now }).where(eq(authUsers.id, user.id)).returning();
      if (!row) throw new AuthServerError(404, "user_not_found", "User not found");
      if (set.emailConfirmedAt || set.encryptedPassword || set.email) await clearEmailLinks(tx, user.id);
      // A new password signs the user out everywhere; so does a ban, which GoTrue enforces by refusing the tokens.
      const banned = set.bannedUntil && set.bannedUntil.getTime() > ctx.now.getTime();
      if (set.encryptedPassword || banned) await deleteSessions(tx, user.id);
      return row;
    });
    return jsonResponse(await loadUserJson(ctx.db, updated));
  } catch (error) {
    if (newEmail && isUniqueViolation(error) && (await findUserById(ctx.db, user.id))) throw emailExists();
    throw error;
  }
}
