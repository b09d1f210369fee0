/**
 * Email links: one-time tokens (only their SHA-256 is stored), PKCE flow states that let a link
 * come back as `?code=`, and same-origin checks on `redirect_to`.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authFlowState, authOneTimeTokens, authUsers, type AuthUser } from "@/db/schema";
import type { RequestContext } from "./context";
import { emailFrequencyError, otpExpired, overEmailSendRateLimit, validationFailed } from "./errors";
import { composeMail, storeMail, type MailKind } from "./mail";
import { newOpaqueToken } from "./sessions";

export type LinkType = MailKind;
export type Pkce = { challenge: string; method: "s256" | "plain" };

const flowMethod: Record<LinkType, string> = { signup: "email/signup", recovery: "recovery", email_change: "email_change" };

/** GoTrue's prefix on the tokens of PKCE links. */
export const PKCE_PREFIX = "pkce_";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** GoTrue's PKCE parameter rules: both or neither, s256 or plain, 43 to 128 characters. */
export function parsePkce(challenge: string | undefined, method: string | undefined): Pkce | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  const m = method.toLowerCase();
  if (m !== "s256" && m !== "plain") throw validationFailed(`Code challenge method not supported: ${method}`);
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  return { challenge, method: m };
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname === "::1";
}

/**
 * `raw` when it points at the site's own origin (a path counts), else the site itself: email
 * links never send anyone to another site. Loopback names are interchangeable on the same port.
 */
export function safeRedirect(site: string, raw: string | null | undefined): string {
  if (!raw) return site;
  let target: URL;
  try {
    if (raw.startsWith("/") && !raw.startsWith("//") && !raw.startsWith("/\\")) target = new URL(raw, site);
    else target = new URL(raw);
  } catch {
    return site;
  }
  const base = new URL(site);
  if (target.protocol !== "http:" && target.protocol !== "https:") return site;
  if (target.username || target.password) return site;
  if (target.origin === base.origin) return target.toString();
  if (
    isLoopback(base.hostname) &&
    isLoopback(target.hostname) &&
    target.port === base.port &&
    target.protocol === base.protocol
  ) {
    return target.toString();
  }
  return site;
}

/** The first name the user gave at sign-up, for greetings. */
export function firstNameOf(user: AuthUser): string | undefined {
  const meta = user.userMetaData;
  return [meta.first_name, meta.firstName].find((v): v is string => typeof v === "string" && v.trim() !== "")?.trim();
}

function sentAt(user: AuthUser, type: LinkType): Date | null {
  if (type === "signup") return user.confirmationSentAt;
  if (type === "recovery") return user.recoverySentAt;
  return user.emailChangeSentAt;
}

/**
 * Spends one email from the limits, narrowest first: the per-user frequency, the recipient's and
 * the client IP's hourly caps, and only then the server-wide cap, so that a client that has used
 * up its own share cannot go on draining the one everybody shares.
 */
function takeEmailBudget(ctx: RequestContext, user: AuthUser, type: LinkType, to: string): void {
  const last = sentAt(user, type);
  const frequency = ctx.config.rateLimits.emailMaxFrequencySeconds;
  if (last && frequency > 0 && last.getTime() + frequency * 1000 > ctx.now.getTime()) {
    throw emailFrequencyError(last, frequency, ctx.now);
  }
  const address = to.toLowerCase();
  if (!ctx.limits.emailPerAddress.peek(address)) throw overEmailSendRateLimit();
  if (!ctx.limits.emailPerIp.peek(ctx.ip)) throw overEmailSendRateLimit();
  if (!ctx.limits.emailSent.take("all")) throw overEmailSendRateLimit();
  ctx.limits.emailPerAddress.take(address);
  ctx.limits.emailPerIp.take(ctx.ip);
}

/**
 * Creates the link's token (and flow state for PKCE), stores the email and queues it for SMTP.
 * Enforces the per-user frequency and the per-address, per-IP and server-wide hourly limits.
 */
export async function sendEmailLink(
  ctx: RequestContext,
  tx: DbOrTx,
  input: { user: AuthUser; type: LinkType; to: string; redirectTo: string; pkce: Pkce | null },
): Promise<void> {
  const { user, type, to, redirectTo, pkce } = input;
  takeEmailBudget(ctx, user, type, to);

  let flowStateId: string | null = null;
  if (pkce) {
    const [flow] = await tx
      .insert(authFlowState)
      .values({
        userId: user.id,
        authCode: newOpaqueToken(),
        codeChallenge: pkce.challenge,
        codeChallengeMethod: pkce.method,
        authenticationMethod: flowMethod[type],
        createdAt: ctx.now,
      })
      .returning({ id: authFlowState.id });
    flowStateId = flow!.id;
  }

  const token = `${pkce ? PKCE_PREFIX : ""}${newOpaqueToken(32)}`;
  const values = { tokenHash: hashToken(token), relatesTo: to, flowStateId, redirectTo, createdAt: ctx.now };
  await tx
    .insert(authOneTimeTokens)
    .values({ userId: user.id, tokenType: type, ...values })
    .onConflictDoUpdate({ target: [authOneTimeTokens.userId, authOneTimeTokens.tokenType], set: values });

  const stamp =
    type === "signup"
      ? { confirmationSentAt: ctx.now }
      : type === "recovery"
        ? { recoverySentAt: ctx.now }
        : { emailChangeSentAt: ctx.now };
  await tx.update(authUsers).set(stamp).where(eq(authUsers.id, user.id));
  Object.assign(user, stamp);

  const link = `${ctx.site}/auth/v1/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
  const mail = composeMail(type, {
    to,
    link,
    firstName: firstNameOf(user),
    newEmail: type === "email_change" ? to : undefined,
    expiryHours: Math.round(ctx.config.emailLinkExpirySeconds / 3600),
  });
  await storeMail(tx, mail, ctx.now);
  ctx.outbox.push({ mail, userId: user.id, type });
}

/** Invalidates every outstanding email link of a user (after a confirmation or a new password). */
export async function clearEmailLinks(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.userId, userId));
}

/** Finds and uses up the one-time token behind a link; unknown, used or expired is `otp_expired`. */
export async function consumeEmailToken(
  ctx: RequestContext,
  tx: DbOrTx,
  token: string,
  types: LinkType[],
  expiredMessage?: string,
) {
  const [ott] = await tx
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.tokenHash, hashToken(token)), inArray(authOneTimeTokens.tokenType, types)))
    .limit(1)
    .for("update");
  if (!ott) throw otpExpired(expiredMessage);
  if (ott.createdAt.getTime() + ctx.config.emailLinkExpirySeconds * 1000 < ctx.now.getTime()) {
    throw otpExpired(expiredMessage);
  }
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, ott.id));
  const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, ott.userId)).limit(1).for("update");
  if (!user) throw otpExpired(expiredMessage);
  return { ott, user, type: ott.tokenType as LinkType };
}
