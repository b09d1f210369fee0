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
