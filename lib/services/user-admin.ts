/**
 * The owner's user management (SPEC §2 "Users", §5, §6): everyone's accounts, role changes and
 * deletions. Each change re-reads the acting owner inside its transaction, under the account lock,
 * so two owners demoting each other at once cannot leave the product without one.
 */
import type { Db, Tx } from "@/db/client";
import { deleteUser, getUserById, listUsersNewestFirst, updateUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { forbidden, notFound } from "@/lib/api/errors";
import { deleteAuthAccount } from "@/lib/auth/admin";
import type { AdminUser } from "@/lib/data/types";
import { OWN_DELETE_MESSAGE, OWN_ROLE_MESSAGE, type UserRoleName } from "@/lib/validation/users";
import { toAdminUser } from "./serialize";
import { lockUserAccounts } from "./users";

const userNotFound = () => notFound("User not found");

export async function listAdminUsers(db: Db): Promise<AdminUser[]> {
  return (await listUsersNewestFirst(db)).map(toAdminUser);
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
    if (target.role === role) return toAdminUser(target);
    const updated = await updateUser(tx, { id: userId, values: { role } });
    if (!updated) throw userNotFound();
    return toAdminUser(updated);
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
