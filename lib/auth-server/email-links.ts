/**
 * Email links: one-time tokens (only their SHA-256 is stored), PKCE flow states that let a link
 * come back as `?code=`, and same-origin checks on `redirect_to`.
 */
import { createHash, randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authFlowState, authOneTimeTokens, authUsers, type AuthUser } from "@/db/schema";
import type { RequestContext } from "./context";
import { AuthServerError, emailFrequencyError, otpExpired, overEmailSendRateLimit, overRequestRateLimit, validationFailed } from "./errors";
import { composeCodeMail, composeMail, storeMail, type MailKind } from "./mail";
import { recipientLocale } from "./recipient-locale";
import { newOpaqueToken } from "./sessions";

export type LinkType = MailKind;
export type Pkce = { challenge: string; method: "s256" | "plain" };

/** The amr method a session started from a PKCE link gets, as GoTrue names them. */
const flowAuthMethod: Record<LinkType, string> = {
  signup: "email/signup",
  recovery: "recovery",
  invite: "invite",
  magiclink: "magiclink",
  email_change_current: "email_change",
  email_change_new: "email_change",
};

/**
 * The amr method of a session started from a link without PKCE: GoTrue's "otp", except that a
 * recovery link says so, since only a recovery session may set a password without proving more.
 */
export function implicitAuthMethod(type: LinkType): string {
  if (type === "recovery") return RECOVERY_METHOD;
  return type === "invite" ? "invite" : "otp";
}

export const RECOVERY_METHOD = "recovery";

/** GoTrue's prefix on the tokens of PKCE links. */
export const PKCE_PREFIX = "pkce_";

/** What GoTrue answers when the first of the two email-change links has been followed. */
export const SINGLE_CONFIRMATION_ACCEPTED = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

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

type SentStamp = "confirmationSentAt" | "recoverySentAt" | "emailChangeSentAt" | "invitedAt";
/** When each kind was last sent: GoTrue's columns, magic links sharing recovery's as in GoTrue. */
const sentStamp: Record<LinkType, SentStamp> = {
  signup: "confirmationSentAt",
  recovery: "recoverySentAt",
  invite: "invitedAt",
  magiclink: "recoverySentAt",
  email_change_current: "emailChangeSentAt",
  email_change_new: "emailChangeSentAt",
};

/**
 * How a send was asked for. `admitted`: by an anonymous request for an address (/recover, /resend)
 * that has already spent the email caps for it; whatever stops such a send stops it silently, so
 * the answer is the same as for an address nobody has. `serviceRole`: by the admin API, which the
 * per-address and per-IP caps (made for anonymous requests) do not hold back, but the server-wide
 * cap and the one-email-a-minute rule do, with their 429s.
 */
export type SendMode = { admitted?: boolean; serviceRole?: boolean };

/** GoTrue's one-email-of-a-kind-a-minute rule per user: a 429, or for an admitted request false. */
function frequencyAllows(ctx: RequestContext, last: Date | null, mode: SendMode): boolean {
  const frequency = ctx.config.rateLimits.emailMaxFrequencySeconds;
  if (last && frequency > 0 && last.getTime() + frequency * 1000 > ctx.now.getTime()) {
    if (mode.admitted) return false;
    throw emailFrequencyError(last, frequency, ctx.now);
  }
  return true;
}

/**
 * Spends one email per recipient from the limits, narrowest first: each recipient's and the client
 * IP's hourly caps, and only then the server-wide cap, so that a client that has used up its own
 * share cannot go on draining the one everybody shares. Nothing is spent unless all are allowed.
 */
export function takeEmailBudget(ctx: RequestContext, recipients: string[]): void {
  const addresses = recipients.map((to) => to.toLowerCase());
  if (!addresses.every((a) => ctx.limits.emailPerAddress.peek(a))) throw overEmailSendRateLimit();
  if (!ctx.limits.emailPerIp.peek(ctx.ip)) throw overEmailSendRateLimit();
  for (let i = 0; i < addresses.length; i++) if (!ctx.limits.emailSent.take("all")) throw overEmailSendRateLimit();
  for (const a of addresses) ctx.limits.emailPerAddress.take(a);
  ctx.limits.emailPerIp.take(ctx.ip);
}

async function createFlowState(ctx: RequestContext, tx: DbOrTx, userId: string, pkce: Pkce, method: string): Promise<string> {
  const [flow] = await tx
    .insert(authFlowState)
    .values({
      userId,
      authCode: newOpaqueToken(),
      codeChallenge: pkce.challenge,
      codeChallengeMethod: pkce.method,
      authenticationMethod: method,
      createdAt: ctx.now,
    })
    .returning({ id: authFlowState.id });
  return flow!.id;
}

/** How long a link (and its code) of this kind works: invitations a week by default, the rest MAILER_OTP_EXP. */
export function linkExpirySeconds(ctx: Pick<RequestContext, "config">, type: LinkType): number {
  return type === "invite" ? ctx.config.inviteExpirySeconds : ctx.config.emailLinkExpirySeconds;
}

export const EMAIL_CODE_DIGITS = 6;
const codeTokenType = (type: LinkType) => `${type}_code`;
const emailCodeHash = (email: string, code: string) => hashToken(`${email.toLowerCase()}:${code}`);
const newEmailCode = () => String(randomInt(0, 10 ** EMAIL_CODE_DIGITS)).padStart(EMAIL_CODE_DIGITS, "0");

export type IssuedLink = {
  /** The link's own token, also what POST /verify takes as `token_hash`. */
  token: string;
  link: string;
  /** Six digits that `verifyOtp({ email, token })` takes in place of the link; null when none was asked for. */
  code: string | null;
  /** GoTrue's verification type the link names. */
  verificationType: string;
  redirectTo: string;
};

/**
 * Stores a link's token and its six-digit code (replacing an earlier link of the same kind); only
 * their hashes are kept. Nothing is sent: `createLink` mails it, the admin API hands it over.
 */
export async function issueLink(
  ctx: RequestContext,
  tx: DbOrTx,
  input: { user: AuthUser; type: LinkType; to: string; redirectTo: string; flowStateId: string | null },
  options: { withCode: boolean } = { withCode: true },
): Promise<IssuedLink> {
  const { user, type, to, redirectTo, flowStateId } = input;
  const token = `${flowStateId ? PKCE_PREFIX : ""}${newOpaqueToken(32)}`;
  await storeOneTimeToken(ctx, tx, { userId: user.id, type, tokenHash: hashToken(token), to, flowStateId, redirectTo });
  // A code exists only where someone is shown it (a sign-in email, the admin API's answer): a
  // hidden one would be a second way in, six digits to guess, beside a link nobody leaked.
  const code = options.withCode ? newEmailCode() : null;
  if (code) {
    await storeOneTimeToken(ctx, tx, { userId: user.id, type: codeTokenType(type), tokenHash: emailCodeHash(to, code), to, flowStateId: null, redirectTo });
  } else {
    await tx.delete(authOneTimeTokens).where(and(eq(authOneTimeTokens.userId, user.id), eq(authOneTimeTokens.tokenType, codeTokenType(type))));
  }
  // The link names GoTrue's verification type; the stored token says which of the two addresses it was sent to.
  const verificationType = type === "email_change_current" || type === "email_change_new" ? "email_change" : type;
  const link = `${ctx.site}/auth/v1/verify?${new URLSearchParams({ token, type: verificationType, redirect_to: redirectTo })}`;
  return { token, link, code, verificationType, redirectTo };
}

/** Stores one link (see issueLink), then the email, queued for SMTP. */
async function createLink(
  ctx: RequestContext,
  tx: DbOrTx,
  input: { user: AuthUser; type: LinkType; to: string; redirectTo: string; flowStateId: string | null; newEmail?: string },
): Promise<void> {
  const { user, type, to } = input;
  const { link, code } = await issueLink(ctx, tx, input, { withCode: type === "magiclink" });
  const mail = await composeMail(type, {
    to,
    link,
    code: code ?? undefined,
    firstName: firstNameOf(user),
    newEmail: input.newEmail,
    expiryHours: Math.round(linkExpirySeconds(ctx, type) / 3600),
    locale: await recipientLocale(ctx, tx, user),
  });
  await storeMail(tx, mail, ctx.now);
  ctx.outbox.push({ mail, userId: user.id, type });
}

async function storeOneTimeToken(
  ctx: RequestContext,
  tx: DbOrTx,
  input: { userId: string; type: string; tokenHash: string; to: string; flowStateId: string | null; redirectTo: string | null },
): Promise<void> {
  const values = { tokenHash: input.tokenHash, relatesTo: input.to, flowStateId: input.flowStateId, redirectTo: input.redirectTo, createdAt: ctx.now };
  await tx
    .insert(authOneTimeTokens)
    .values({ userId: input.userId, tokenType: input.type, ...values })
    .onConflictDoUpdate({ target: [authOneTimeTokens.userId, authOneTimeTokens.tokenType], set: values });
}

async function stampSent(ctx: RequestContext, tx: DbOrTx, user: AuthUser, changes: Partial<typeof authUsers.$inferInsert>): Promise<void> {
  await tx.update(authUsers).set(changes).where(eq(authUsers.id, user.id));
  Object.assign(user, changes);
}

/**
 * Sends a sign-up confirmation, recovery, invitation or magic link (with a flow state for PKCE). Enforces the
 * per-user frequency and the per-address, per-IP and server-wide hourly limits. True when sent.
 */
export async function sendEmailLink(
  ctx: RequestContext,
  tx: DbOrTx,
  input: { user: AuthUser; type: "signup" | "recovery" | "invite" | "magiclink"; to: string; redirectTo: string; pkce: Pkce | null },
  mode: SendMode = {},
): Promise<boolean> {
  const { user, type, to, redirectTo, pkce } = input;
  if (!frequencyAllows(ctx, user[sentStamp[type]], mode)) return false;
  if (mode.serviceRole) {
    if (!ctx.limits.emailSent.take("all")) throw overEmailSendRateLimit();
  } else if (!mode.admitted) takeEmailBudget(ctx, [to]);
  const flowStateId = pkce ? await createFlowState(ctx, tx, user.id, pkce, flowAuthMethod[type]) : null;
  await createLink(ctx, tx, { user, type, to, redirectTo, flowStateId });
  await stampSent(ctx, tx, user, { [sentStamp[type]]: ctx.now });
  return true;
}

/**
 * Starts (or restarts) a change of address as GoTrue's secure email change does: one link to the
 * current address and one to the new; the account moves only once both have been followed, so a
 * session in the wrong hands cannot take the account away by confirming an address of its own.
 */
export async function sendEmailChangeLinks(
  ctx: RequestContext,
  tx: DbOrTx,
  input: { user: AuthUser; newEmail: string; redirectTo: string; pkce: Pkce | null },
  mode: SendMode = {},
): Promise<boolean> {
  const { user, newEmail, redirectTo, pkce } = input;
  if (!frequencyAllows(ctx, user.emailChangeSentAt, mode)) return false;
  // An admitted request has paid for the current address; the new one still has its own cap.
  if (!mode.admitted) takeEmailBudget(ctx, [user.email, newEmail]);
  else if (!ctx.limits.emailPerAddress.take(newEmail.toLowerCase())) return false;
  const flowStateId = pkce ? await createFlowState(ctx, tx, user.id, pkce, "email_change") : null;
  await createLink(ctx, tx, { user, type: "email_change_current", to: user.email, redirectTo, flowStateId, newEmail });
  await createLink(ctx, tx, { user, type: "email_change_new", to: newEmail, redirectTo, flowStateId, newEmail });
  await stampSent(ctx, tx, user, { emailChange: newEmail, emailChangeSentAt: ctx.now });
  return true;
}


/** Emails a six-digit code for GoTrue's `reauthenticate` (the `nonce` of a later password change). */
export async function sendReauthenticationCode(ctx: RequestContext, tx: DbOrTx, user: AuthUser): Promise<void> {
  const [previous] = await tx
    .select({ createdAt: authOneTimeTokens.createdAt })
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, user.id), eq(authOneTimeTokens.tokenType, "reauthentication")))
    .limit(1);
  frequencyAllows(ctx, previous?.createdAt ?? null, {});
  takeEmailBudget(ctx, [user.email]);
  const code = newEmailCode();
  await storeOneTimeToken(ctx, tx, {
    userId: user.id,
    type: "reauthentication",
    tokenHash: emailCodeHash(user.email, code),
    to: user.email,
    flowStateId: null,
    redirectTo: null,
  });
  const mail = await composeCodeMail({
    to: user.email,
    code,
    firstName: firstNameOf(user),
    expiryHours: Math.round(ctx.config.emailLinkExpirySeconds / 3600),
    locale: await recipientLocale(ctx, tx, user),
  });
  await storeMail(tx, mail, ctx.now);
  ctx.outbox.push({ mail, userId: user.id, type: "reauthentication" });
}

/**
 * Uses up the user's reauthentication code when `nonce` matches it. Each code allows a few tries
 * (the per-challenge MFA failure limit), so six digits cannot be guessed through.
 */
export async function consumeReauthenticationCode(ctx: RequestContext, tx: DbOrTx, user: AuthUser, nonce: string): Promise<void> {
  const invalid = () => new AuthServerError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");
  const [row] = await tx
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, user.id), eq(authOneTimeTokens.tokenType, "reauthentication")))
    .limit(1)
    .for("update");
  if (!row || row.createdAt.getTime() + ctx.config.emailLinkExpirySeconds * 1000 < ctx.now.getTime()) throw invalid();
  // Counted before comparing, as password attempts are, so parallel guesses get no extra tries.
  if (!ctx.limits.mfaChallengeFailures.take(`reauthentication:${row.tokenHash}`)) throw invalid();
  if (row.tokenHash !== emailCodeHash(user.email, nonce.trim())) throw invalid();
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, row.id));
}

/** Invalidates every outstanding email link and code of a user (after a confirmation or a new password). */
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
  if (ott.createdAt.getTime() + linkExpirySeconds(ctx, ott.tokenType as LinkType) * 1000 < ctx.now.getTime()) {
    throw otpExpired(expiredMessage);
  }
  await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, ott.id));
  const [user] = await tx.select().from(authUsers).where(eq(authUsers.id, ott.userId)).limit(1).for("update");
  if (!user) throw otpExpired(expiredMessage);
  return { ott, user, type: ott.tokenType as LinkType };
}

/**
 * Uses up the six-digit code of one of `types` sent to `email` (GoTrue's `verifyOtp({ email, token })`).
 * Each code allows a few tries (the per-challenge MFA failure limit), so it cannot be guessed through;
 * an unknown address, a wrong code and an expired one are all `otp_expired`.
 */
export async function consumeEmailCode(ctx: RequestContext, tx: DbOrTx, email: string, code: string, types: LinkType[]) {
  const expired = () => otpExpired("Token has expired or is invalid");
  const [user] = await tx.select().from(authUsers).where(sql`lower(${authUsers.email}) = ${email.toLowerCase()}`).limit(1).for("update");
  if (!user) throw expired();
  const rows = await tx
    .select()
    .from(authOneTimeTokens)
    .where(and(eq(authOneTimeTokens.userId, user.id), inArray(authOneTimeTokens.tokenType, types.map(codeTokenType))))
    .for("update");
  // Wrong codes count against the account's sign-in failures too, across every code it is sent,
  // so asking for new codes again and again gives no more guesses.
  const account = user.email.toLowerCase();
  if (!ctx.limits.failedSignIns.take(account)) throw overRequestRateLimit();
  const hash = emailCodeHash(user.email, code.trim());
  for (const row of rows) {
    const type = row.tokenType.slice(0, -"_code".length) as LinkType;
    if (row.createdAt.getTime() + linkExpirySeconds(ctx, type) * 1000 < ctx.now.getTime()) continue;
    // Counted before comparing, as password attempts are, so parallel guesses get no extra tries.
    if (!ctx.limits.mfaChallengeFailures.take(`code:${row.tokenHash}`)) continue;
    if (row.tokenHash !== hash || row.relatesTo.toLowerCase() !== user.email.toLowerCase()) continue;
    await tx.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, row.id));
    ctx.limits.failedSignIns.give(account);
    return { ott: row, user, type };
  }
  throw expired();
}
