/**
 * Account changes an owner makes on the embedded auth server's tables, inside the caller's
 * transaction (GoTrue's admin API does the same for hosted Supabase), and the accounts the
 * owner's Users screen lists with their confirmation state.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authOneTimeTokens, authUsers } from "@/db/schema";
import { findUserById } from "./users";

export type ConfirmEmailResult = "confirmed" | "already_confirmed" | "absent";

/**
 * Marks the account's email address as confirmed, as following its sign-up link would, and
 * voids that link. Leaves other outstanding links (a password reset) alone.
 */
export async function confirmAuthUserEmail(tx: DbOrTx, userId: string, now = new Date()): Promise<ConfirmEmailResult> {
  const user = await findUserById(tx, userId);
  if (!user) return "absent";
  if (user.emailConfirmedAt) return "already_confirmed";
  await tx
    .update(authUsers)
    .set({ emailConfirmedAt: now, confirmationSentAt: null, userMetaData: { ...user.userMetaData, email_verified: true }, updatedAt: now })
    .where(eq(authUsers.id, userId));
  await tx.delete(authOneTimeTokens).where(and(eq(authOneTimeTokens.userId, userId), inArray(authOneTimeTokens.tokenType, ["signup", "signup_code"])));
  return "confirmed";
}

/** Every account with what the Users screen shows of it. */
export async function listAuthAccounts(db: DbOrTx) {
  return db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      emailConfirmedAt: authUsers.emailConfirmedAt,
      userMetaData: authUsers.userMetaData,
      createdAt: authUsers.createdAt,
      lastSignInAt: authUsers.lastSignInAt,
    })
    .from(authUsers);
}
export type AuthAccountRow = Awaited<ReturnType<typeof listAuthAccounts>>[number];
