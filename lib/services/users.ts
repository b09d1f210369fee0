/**
 * App users: created on first sight of an auth user (embedded server or hosted Supabase).
 * The first account in an empty database becomes the owner.
 */
import "server-only";
import type { Db } from "@/db/client";
import { countUsers, getUserById, insertUser, lockUserAccounts, updateUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { unauthorized } from "@/lib/api/errors";
import { MAX_NAME_LENGTH, truncateText } from "@/lib/auth-server/metadata";
import { env } from "@/lib/env";
import { acceptInvitation } from "@/lib/invitations/service";

export type AuthIdentity = {
  id: string;
  email: string;
  userMetadata?: Record<string, unknown>;
};

const LOGIN_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The first non-empty string among `keys` of auth metadata, cut to a name's length: metadata set
 * before the auth server capped it, or by a hosted Supabase, which does not, may hold megabytes.
 */
export function metaString(meta: Record<string, unknown> | undefined, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = meta?.[key];
    if (typeof value === "string" && value.trim() !== "") return truncateText(value.trim(), MAX_NAME_LENGTH).trimEnd();
  }
  return null;
}

/**
 * Returns the app user for an authenticated identity, creating it on first sight. `known`: the
 * user's row as the caller already read it (null: there was none), to spare the look-up.
 */
export async function ensureAppUser(db: Db, identity: AuthIdentity, options: { now?: Date; known?: User | null } = {}): Promise<User> {
  const now = options.now ?? new Date();
  const existing = options.known !== undefined ? (options.known ?? undefined) : await getUserById(db, { id: identity.id });
  if (existing) {
    const stale = !existing.lastLoginDate || now.getTime() - existing.lastLoginDate.getTime() > LOGIN_TOUCH_INTERVAL_MS;
    const emailChanged = identity.email && existing.email.toLowerCase() !== identity.email.toLowerCase();
    if (!stale && !emailChanged) return existing;
    const updated = await updateUser(db, {
      id: existing.id,
      values: { lastLoginDate: now, ...(emailChanged ? { email: identity.email } : {}) },
    });
    return updated ?? existing;
  }

  return db.transaction(async (tx) => {
    // Serialise first-user creation so exactly one account becomes the owner.
    await lockUserAccounts(tx);
    const again = await getUserById(tx, { id: identity.id });
    if (again) return again;
    // A request already past its token check when an owner deleted the account must not bring
    // the user back (the deletion holds the same lock). Hosted accounts live elsewhere.
    if (env().auth.kind === "embedded") {
      const { findAuthUserById } = await import("@/lib/auth-server");
      if (!(await findAuthUserById(tx, identity.id))) throw unauthorized();
    }
    const isFirst = (await countUsers(tx)) === 0;
    // An invitee takes the role they were invited with (the first account is the owner regardless).
    const invitedAs = await acceptInvitation(tx, identity, now);
    const meta = identity.userMetadata;
    const created = await insertUser(tx, {
      id: identity.id,
      email: identity.email,
      firstName: metaString(meta, "first_name", "firstName"),
      lastName: metaString(meta, "last_name", "lastName"),
      username: metaString(meta, "username") ?? identity.email.split("@")[0] ?? null,
      role: isFirst ? "owner" : (invitedAs ?? "user"),
      lastLoginDate: now,
    });
    if (!created) throw new Error("app user insert returned nothing");
    return created;
  });
}
