/**
 * Clearing out rows that can no longer be used: revoked refresh tokens, flow states and email
 * link tokens past their lifetime. Each run deletes a bounded batch per table with
 * FOR UPDATE SKIP LOCKED (as GoTrue's cleanup does), so it never waits on a busy row and never
 * turns into one long transaction; the server runs it at most once a minute, after a token refresh.
 */
import { and, eq, inArray, lt, notInArray, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authFlowState, authOneTimeTokens, authRefreshTokens } from "@/db/schema";
import type { AuthServerConfig } from "./config";

export const PURGE_BATCH_SIZE = 100;

/**
 * Revoked refresh tokens are kept for a day (GoTrue's choice) rather than just the reuse
 * interval: presenting one after the interval is how a stolen token is noticed, and ends its
 * session; once purged it would only be "not found".
 */
const REVOKED_TOKEN_RETENTION_SECONDS = 86_400;

export type PurgeCounts = { refreshTokens: number; flowStates: number; oneTimeTokens: number };

export async function purgeExpired(db: DbOrTx, config: AuthServerConfig, now: Date): Promise<PurgeCounts> {
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  const tokenCutoff = ago(Math.max(REVOKED_TOKEN_RETENTION_SECONDS, config.refreshTokenReuseIntervalSeconds));
  const tokens = db
    .select({ id: authRefreshTokens.id })
    .from(authRefreshTokens)
    .where(and(eq(authRefreshTokens.revoked, true), lt(authRefreshTokens.updatedAt, tokenCutoff)))
    .limit(PURGE_BATCH_SIZE)
    .for("update", { skipLocked: true });
  const refreshTokens = await db
    .delete(authRefreshTokens)
    .where(inArray(authRefreshTokens.id, tokens))
    .returning({ id: authRefreshTokens.id });

  // A link's token (and its six-digit code) lives emailLinkExpirySeconds, an invitation's
  // inviteExpirySeconds; the auth code a PKCE link turns into, flowStateExpirySeconds more.
  const linkCutoff = ago(config.emailLinkExpirySeconds);
  const inviteTypes = ["invite", "invite_code"];
  const links = db
    .select({ id: authOneTimeTokens.id })
    .from(authOneTimeTokens)
    .where(
      or(
        and(lt(authOneTimeTokens.createdAt, linkCutoff), notInArray(authOneTimeTokens.tokenType, inviteTypes)),
        and(lt(authOneTimeTokens.createdAt, ago(config.inviteExpirySeconds)), inArray(authOneTimeTokens.tokenType, inviteTypes)),
      ),
    )
    .limit(PURGE_BATCH_SIZE)
    .for("update", { skipLocked: true });
  const oneTimeTokens = await db
    .delete(authOneTimeTokens)
    .where(inArray(authOneTimeTokens.id, links))
    .returning({ id: authOneTimeTokens.id });

  const flowCutoff = ago(config.emailLinkExpirySeconds + config.flowStateExpirySeconds);
  const flows = db
    .select({ id: authFlowState.id })
    .from(authFlowState)
    .where(lt(authFlowState.createdAt, flowCutoff))
    .limit(PURGE_BATCH_SIZE)
    .for("update", { skipLocked: true });
  const flowStates = await db.delete(authFlowState).where(inArray(authFlowState.id, flows)).returning({ id: authFlowState.id });

  return { refreshTokens: refreshTokens.length, flowStates: flowStates.length, oneTimeTokens: oneTimeTokens.length };
}
