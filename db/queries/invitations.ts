/** Queries on invitations. No permission checks here: lib/invitations decides who may call them. */
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { invitations, users, type Invitation } from "../schema";

const pending = isNull(invitations.acceptedAt);

/** Open invitations (expired ones too), newest first, with the inviter's address. */
export function listPendingInvitations(db: DbOrTx) {
  return db
    .select({ invitation: invitations, invitedByEmail: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(pending)
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function getPendingInvitation(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<Invitation | undefined> {
  const query = db.select().from(invitations).where(and(eq(invitations.id, id), pending)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function findPendingInvitationByEmail(db: DbOrTx, email: string): Promise<Invitation | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(sql`lower(${invitations.email}) = lower(${email})`, pending))
    .limit(1);
  return row;
}

/** The open, unexpired invitation of a newly seen account (by its id or its address), locked. */
export async function takeInvitationFor(tx: DbOrTx, identity: { id: string; email: string }, now: Date): Promise<Invitation | undefined> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        pending,
        gt(invitations.expiresAt, now),
        sql`(${invitations.authUserId} = ${identity.id} or lower(${invitations.email}) = lower(${identity.email}))`,
      ),
    )
    .limit(1)
    .for("update");
  if (!row) return undefined;
  await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, row.id));
  return row;
}

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert): Promise<Invitation | undefined> {
  const [row] = await db.insert(invitations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateInvitation(db: DbOrTx, id: string, values: Partial<typeof invitations.$inferInsert>): Promise<Invitation | undefined> {
  const [row] = await db.update(invitations).set(values).where(eq(invitations.id, id)).returning();
  return row;
}

export async function deleteInvitation(db: DbOrTx, id: string): Promise<void> {
  await db.delete(invitations).where(eq(invitations.id, id));
}

/** The sign-in accounts of open invitations: the Users screen lists them as invitations, not as users. */
export async function pendingInviteeAccountIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ id: invitations.authUserId }).from(invitations).where(pending);
  return new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
}
