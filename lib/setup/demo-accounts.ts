/**
 * The demo accounts of embedded mode, whose passwords the README publishes: made in the embedded
 * auth server with their app users (roles, languages) only while the server is loopback-only,
 * and given random passwords once it is reachable from other machines.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { getDb, type Db } from "@/db/client";
import { insertUser } from "@/db/queries/users";
import { demoAccountsSeeded, markDemoAccountsSeeded } from "@/db/seed";
import { createUser, getUserById, updateUserById, verifyPassword } from "@/lib/auth-server";
import { findUserByEmail } from "@/lib/auth-server/users";

export type DemoAccount = {
  role: "owner" | "admin" | "user";
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  nativeLanguage: string;
  targetLanguage: string;
};

/** Demo accounts of embedded mode (also listed in the README). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: "owner", email: "owner@example.com", password: "lingoreel-owner", firstName: "Olivia", lastName: "Owner", nativeLanguage: "en", targetLanguage: "es" },
  { role: "admin", email: "admin@example.com", password: "lingoreel-admin", firstName: "Adam", lastName: "Admin", nativeLanguage: "en", targetLanguage: "fr" },
  { role: "user", email: "learner@example.com", password: "lingoreel-learner", firstName: "Lena", lastName: "Learner", nativeLanguage: "en", targetLanguage: "es" },
];

/** Creates the demo accounts in the embedded auth server and their app users with roles and languages. */
export async function seedDemoAccounts(db: Db): Promise<{ created: number }> {
  // Once per database: a demo account someone deleted stays deleted.
  if (await demoAccountsSeeded(db)) return { created: 0 };
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    const authUser = await createUser({
      email: account.email,
      password: account.password,
      userMetadata: { first_name: account.firstName, last_name: account.lastName },
      emailConfirmed: true,
    });
    const row = await insertUser(db, {
      id: authUser.id,
      email: account.email,
      username: account.email.split("@")[0],
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      nativeLanguage: account.nativeLanguage,
      targetLanguage: account.targetLanguage,
    });
    if (row) created++;
  }
  await markDemoAccountsSeeded(db);
  return { created };
}

/** The demo accounts that still have their published password (slow: a bcrypt check each). */
export async function demoAccountsWithPublishedPassword(): Promise<DemoAccount[]> {
  const still: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await verifyPassword(account.email, account.password)) still.push(account);
  }
  return still;
}

/**
 * For a server that other machines can reach: every demo account whose password is still the
 * published one gets a random one nobody knows, and its sessions end. Returns the accounts
 * changed. Accounts whose owner chose another password are left alone.
 */
export async function scrubDemoPasswords(): Promise<DemoAccount[]> {
  const db = await getDb();
  const scrubbed: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (!(await verifyPassword(account.email, account.password))) continue;
    const user = await findUserByEmail(db, account.email);
    if (!user || !(await getUserById(user.id))) continue;
    await updateUserById(user.id, { password: randomBytes(24).toString("base64url") });
    scrubbed.push(account);
  }
  return scrubbed;
}
