/**
 * The owner's user management (SPEC §2 "Users", §5, §6): everyone's accounts, role changes,
 * deletions, and confirming an email address for someone whose confirmation email cannot reach
 * them (a reachable install without SMTP). Each change re-reads the acting owner inside its transaction, under the account lock,
 * so two owners demoting each other at once cannot leave the product without one.
 */
import "server-only";
import type { Db, DbOrTx, Tx } from "@/db/client";
import { pendingInviteeAccountIds } from "@/db/queries/invitations";
import { deleteUser, getUserById, listUsersNewestFirst, lockUserAccounts, updateUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { conflict, forbidden, notFound } from "@/lib/api/errors";
import { confirmAuthEmail, deleteAuthAccount } from "@/lib/auth/admin";
import { env } from "@/lib/env";
import type { AdminUser } from "@/lib/types/api";
import { OWN_DELETE_MESSAGE, OWN_ROLE_MESSAGE, type UserRoleName } from "@/lib/validation/users";
import { toAdminUser } from "./serialize";
import { metaString } from "./users";

const userNotFound = () => notFound("User not found");

export const ALREADY_CONFIRMED_MESSAGE = "This user's email address is already confirmed.";

/**
 * Everyone, newest account first. With the embedded auth server this includes accounts that
 * signed up but never reached the app (an unconfirmed address keeps them out), with whether each
 * address is confirmed; hosted Supabase's accounts are known only once they use the app.
 */
export async function listAdminUsers(db: Db): Promise<AdminUser[]> {
  const appUsers = await listUsersNewestFirst(db);
  if (env().auth.kind !== "embedded") return appUsers.map((user) => toAdminUser(user));
  const { listAuthAccounts } = await import("@/lib/auth-server");
  const accounts = new Map((await listAuthAccounts(db)).map((a) => [a.id, a]));
  // Accounts waiting on an invitation are listed as invitations.
  for (const id of await pendingInviteeAccountIds(db)) accounts.delete(id);
  const rows = appUsers.map((user) => {
    const account = accounts.get(user.id);
    accounts.delete(user.id);
    return toAdminUser(user, { emailConfirmed: account ? account.emailConfirmedAt !== null : null, appUser: true });
  });
  for (const account of accounts.values()) {
    rows.push(
      toAdminUser(
        {
          id: account.id,
          email: account.email,
          username: account.email.split("@")[0] ?? null,
          firstName: metaString(account.userMetaData, "first_name", "firstName"),
          lastName: metaString(account.userMetaData, "last_name", "lastName"),
          profileImageUrl: null,
          role: "user",
          nativeLanguage: null,
          targetLanguage: null,
          createdAt: account.createdAt,
          lastLoginDate: account.lastSignInAt,
        },
        { emailConfirmed: account.emailConfirmedAt !== null, appUser: false },
      ),
    );
  }
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** An app user's row as the Users screen shows it, confirmation state included. */
async function adminUserOf(tx: DbOrTx, user: User): Promise<AdminUser> {
  if (env().auth.kind !== "embedded") return toAdminUser(user);
  const { findAuthUserById } = await import("@/lib/auth-server");
  const account = await findAuthUserById(tx, user.id);
  return toAdminUser(user, { emailConfirmed: account ? account.emailConfirmedAt !== null : null, appUser: true });
}

/** Starts an account change: locks, and checks the actor is (still) an owner. */
async function asOwner(tx: Tx, actor: User): Promise<void> {
  await lockUserAccounts(tx);
  const current = await getUserById(tx, { id: actor.id });
  if (current?.role !== "owner") throw forbidden();
}

export async function changeUserRole(db: Db, actor: User, userId: string, role: UserRoleName): Promise<AdminUser> {
  if (userId === actor.id && role !== "owner") throw forbidden(OWN_ROLE_MESSAGE);
  return db.transaction(async (tx) => {
    await asOwner(tx, actor);
    const target = await getUserById(tx, { id: userId });
    if (!target) throw userNotFound();
    if (target.role === role) return adminUserOf(tx, target);
    const updated = await updateUser(tx, { id: userId, values: { role } });
    if (!updated) throw userNotFound();
    return adminUserOf(tx, updated);
  });
}

/**
 * Deletes a user other than the actor: the app user with all their progress, favourites and daily
 * figures (cascades), and their sign-in account with its sessions, so their tokens stop working at
 * once. An account that signed up but never reached the app is deleted too.
 */
export async function deleteUserAccount(db: Db, actor: User, userId: string): Promise<{ id: string; deleted: true }> {
  if (userId === actor.id) throw forbidden(OWN_DELETE_MESSAGE);
  await db.transaction(async (tx) => {
    await asOwner(tx, actor);
    const appUser = await deleteUser(tx, { id: userId });
    const { findAuthUserById } = await import("@/lib/auth-server");
    // Hosted accounts are not in these tables: the app row decides whether there was anyone.
    if (!appUser && !(await findAuthUserById(tx, userId))) throw userNotFound();
    // Last, so a refusal from a hosted auth server rolls the product's rows back too.
    await deleteAuthAccount(tx, userId);
  });
  return { id: userId, deleted: true };
}

/**
 * Confirms a user's email address on the owner's word, as following the confirmation link would:
 * the way in for someone whose email cannot reach them. 404 for nobody, 409 when already confirmed.
 */
export async function confirmUserEmail(db: Db, actor: User, userId: string): Promise<{ id: string; emailConfirmed: true }> {
  await db.transaction(async (tx) => {
    await asOwner(tx, actor);
    const result = await confirmAuthEmail(tx, userId);
    if (result === "absent") throw userNotFound();
    if (result === "already_confirmed") throw conflict(ALREADY_CONFIRMED_MESSAGE);
  });
  return { id: userId, emailConfirmed: true };
}
