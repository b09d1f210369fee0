/**
 * Invitations (the owner's Users screen): ask someone in by email with a role, resend, revoke,
 * and hand the role over the first time the invitee reaches the app. The invitee's sign-in
 * account is made at once, waiting for its emailed link (auth-invite.ts); the link lands on
 * /invitation, where they choose a password and go on to onboarding.
 */
import "server-only";
import type { Db, DbOrTx } from "@/db/client";
import {
  deleteInvitation,
  findPendingInvitationByEmail,
  getPendingInvitation,
  insertInvitation,
  listPendingInvitations,
  takeInvitationFor,
  updateInvitation,
} from "@/db/queries/invitations";
import { getUserByEmail, getUserById, lockUserAccounts } from "@/db/queries/users";
import type { Invitation, User } from "@/db/schema";
import { ApiError, conflict, forbidden, notFound } from "@/lib/api/errors";
import { deleteAuthAccount } from "@/lib/auth/admin";
import { INVITATION_EXPIRY_DAYS } from "@/lib/validation/invitations";
import type { UserRoleName } from "@/lib/validation/users";
import { ALREADY_REGISTERED_MESSAGE, sendAuthInvite } from "./auth-invite";
import type { InvitationJson } from "./types";


export const ALREADY_INVITED_MESSAGE = "This address has already been invited: resend its invitation instead.";
const invitationNotFound = () => notFound("Invitation not found");

/** The page the emailed link lands on. */
const acceptPage = (origin: string) => `${origin}/invitation`;
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_EXPIRY_DAYS * 86_400_000);

function toJson(invitation: Invitation, invitedBy: string | null, now: Date): InvitationJson {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedBy,
    createdAt: invitation.createdAt.toISOString(),
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now.getTime(),
  };
}

/** The actor must (still) be an owner: re-read, as every account change does. */
async function requireOwner(db: DbOrTx, actor: User): Promise<void> {
  if ((await getUserById(db, { id: actor.id }))?.role !== "owner") throw forbidden();
}

export async function listInvitations(db: Db, now = new Date()): Promise<InvitationJson[]> {
  return (await listPendingInvitations(db)).map((row) => toJson(row.invitation, row.invitedByEmail, now));
}

export async function createInvitation(
  db: Db,
  actor: User,
  input: { email: string; role: UserRoleName },
  origin: string,
  now = new Date(),
): Promise<InvitationJson> {
  await requireOwner(db, actor);
  if (await getUserByEmail(db, { email: input.email })) throw conflict(ALREADY_REGISTERED_MESSAGE);
  if (await findPendingInvitationByEmail(db, input.email)) throw conflict(ALREADY_INVITED_MESSAGE);
  // The row first: of two owners inviting the same address at once, only the one whose row wins
  // sends, and an email that cannot be sent takes its row back with it (no account waits unlisted).
  const created = await insertInvitation(db, {
    email: input.email,
    role: input.role,
    invitedBy: actor.id,
    authUserId: null,
    createdAt: now,
    sentAt: now,
    expiresAt: expiryFrom(now),
  });
  if (!created) throw conflict(ALREADY_INVITED_MESSAGE);
  let authUserId: string;
  try {
    authUserId = await sendAuthInvite({ email: input.email, redirectTo: acceptPage(origin), locale: actor.interfaceLanguage });
  } catch (error) {
    await deleteInvitation(db, created.id);
    throw error;
  }
  const updated = await updateInvitation(db, created.id, { authUserId });
  return toJson(updated ?? created, actor.email, now);
}

/** Emails a fresh link (the old one stops working) and gives the invitation its full time again. */
export async function resendInvitation(db: Db, actor: User, id: string, origin: string, now = new Date()): Promise<InvitationJson> {
  await requireOwner(db, actor);
  const invitation = await getPendingInvitation(db, id);
  if (!invitation) throw invitationNotFound();
  const authUserId = await sendAuthInvite({ email: invitation.email, redirectTo: acceptPage(origin), locale: actor.interfaceLanguage });
  const updated = await updateInvitation(db, id, { authUserId, sentAt: now, expiresAt: expiryFrom(now) });
  if (!updated) throw invitationNotFound();
  return toJson(updated, actor.email, now);
}

/** Withdraws an open invitation and the waiting sign-in account with it, so its link stops working. */
export async function revokeInvitation(db: Db, actor: User, id: string): Promise<{ id: string; revoked: true }> {
  await db.transaction(async (tx) => {
    await lockUserAccounts(tx);
    await requireOwner(tx, actor);
    const invitation = await getPendingInvitation(tx, id, { lock: true });
    if (!invitation) throw invitationNotFound();
    await deleteInvitation(tx, id);
    // An account that has reached the app is a user now: the Users list removes it, not this.
    if (invitation.authUserId && !(await getUserById(tx, { id: invitation.authUserId }))) {
      await deleteAuthAccount(tx, invitation.authUserId).catch((error: unknown) => {
        // Hosted without a key cannot delete; the invitation still goes, the link stays until it expires.
        if (!(error instanceof ApiError)) throw error;
      });
    }
  });
  return { id, revoked: true };
}

/** The role a newly seen account gets from its open invitation (marked accepted), or undefined. */
export async function acceptInvitation(tx: DbOrTx, identity: { id: string; email: string }, now: Date): Promise<UserRoleName | undefined> {
  return (await takeInvitationFor(tx, identity, now))?.role;
}

