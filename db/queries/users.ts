/** Queries on app users. No permission checks here: services decide who may call them. */
import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { users, type NewUser, type User } from "../schema";

export async function getUserById(db: DbOrTx, params: { id: string }): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, params.id)).limit(1);
  return row;
}

export async function getUserByEmail(db: DbOrTx, params: { email: string }): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${params.email})`)
    .limit(1);
  return row;
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.id }).returning();
  return row;
}

export async function updateUser(db: DbOrTx, params: { id: string; values: Partial<NewUser> }): Promise<User | undefined> {
  const [row] = await db.update(users).set(params.values).where(eq(users.id, params.id)).returning();
  return row;
}

export async function listUsers(db: DbOrTx): Promise<User[]> {
  return db.select().from(users).orderBy(asc(users.createdAt));
}

/** Everyone, newest account first, with the columns the owner's Users screen shows. */
export async function listUsersNewestFirst(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
      nativeLanguage: users.nativeLanguage,
      targetLanguage: users.targetLanguage,
      createdAt: users.createdAt,
      lastLoginDate: users.lastLoginDate,
    })
    .from(users)
    .orderBy(desc(users.createdAt), asc(users.id));
}

/** Deletes an app user; their progress, favourites and daily figures go by their cascades. */
export async function deleteUser(db: DbOrTx, params: { id: string }): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, params.id)).returning({ id: users.id });
  return deleted.length > 0;
}

/** How many owners the product has (an install keeps at least one). */
export async function countOwners(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "owner"));
  return row?.n ?? 0;
}

/**
 * Serialises changes to who has which account and role (first-user creation, role changes,
 * deletions), so concurrent changes cannot leave the product without an owner or bring back a
 * deleted user.
 */
export async function lockUserAccounts(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7224101)`);
}

/** Counts one quiz answer in the learner's all-time totals and sets the streak (and day zone) it leads to. */
export async function addQuizToUser(
  tx: DbOrTx,
  params: { id: string; newlyLearned: number; values: Pick<Partial<NewUser>, "streak" | "longestStreak" | "lastActiveDate" | "dayTimeZone" | "dayTimeZoneSince"> },
): Promise<User | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      totalQuizzes: sql`${users.totalQuizzes} + 1`,
      totalWordsLearned: sql`${users.totalWordsLearned} + ${params.newlyLearned}`,
      ...params.values,
    })
    .where(eq(users.id, params.id))
    .returning();
  return row;
}

/** Adds words learned to the learner's all-time total without counting a quiz (an answer that does not count for the day). */
export async function addLearnedWordsToUser(tx: DbOrTx, params: { id: string; newlyLearned: number }): Promise<User | undefined> {
  const [row] = await tx
    .update(users)
    .set({ totalWordsLearned: sql`${users.totalWordsLearned} + ${params.newlyLearned}` })
    .where(eq(users.id, params.id))
    .returning();
  return row;
}
