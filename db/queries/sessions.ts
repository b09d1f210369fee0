/**
 * Queries on embedded auth sessions as the product API sees them: whether the session behind an
 * access token is live, and the app user it belongs to, answered in one round trip (every
 * authenticated request asks).
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { authSessions, users, type User } from "../schema";

export type LiveSession = {
  userId: string;
  aal: string;
  hasVerifiedFactor: boolean;
  /** When the session ends by itself (null: never). */
  notAfter: Date | null;
  /** The app user of the session's auth user; null before its first request created one. */
  user: User | null;
};

/** The session if it exists and has not passed its not_after at `now`, with its app user. */
export async function getLiveSessionWithUser(db: DbOrTx, params: { sessionId: string; now: Date }): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({
      userId: authSessions.userId,
      aal: authSessions.aal,
      notAfter: authSessions.notAfter,
      user: users,
      // Spelled out: inside a subquery drizzle would leave both user_id columns unqualified.
      hasVerifiedFactor: sql<boolean>`exists (select 1 from "embedded_auth"."mfa_factors" f where f.user_id = "embedded_auth"."sessions"."user_id" and f.status = 'verified')`,
    })
    .from(authSessions)
    .leftJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, params.sessionId), or(isNull(authSessions.notAfter), gt(authSessions.notAfter, params.now))))
    .limit(1);
  return row && { ...row, hasVerifiedFactor: Boolean(row.hasVerifiedFactor) };
}
