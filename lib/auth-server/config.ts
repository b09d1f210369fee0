/**
 * Settings of the embedded auth server and their defaults, which follow GoTrue's (hosted
 * Supabase's where GoTrue leaves them open, e.g. the 10 s refresh-token reuse interval).
 */
import type { Db } from "@/db/client";

export type RateLimits = {
  /**
   * Emails sent per hour by the whole server (GoTrue RATE_LIMIT_EMAIL_SENT). Checked after the
   * per-address and per-IP email limits, so a request they refuse does not spend it.
   */
  emailSentPerHour: number;
  /** Seconds before another email of the same kind may go to the same user (GoTrue SMTP_MAX_FREQUENCY). */
  emailMaxFrequencySeconds: number;
  /** Emails per hour to one address (sign-up, recovery, resend, email change). */
  emailSentPerAddressPerHour: number;
  /** Emails per hour caused by one client IP, so that no single client can use up the server-wide cap. */
  emailSentPerIpPerHour: number;
  /** Sign-ups and password sign-ins per client IP per 5 minutes. */
  signInsPer5Min: number;
  /** Refresh-token and PKCE code exchanges per client IP per 5 minutes (GoTrue RATE_LIMIT_TOKEN_REFRESH). */
  tokenRefreshPer5Min: number;
  /** Email link and token-hash verifications per client IP per 5 minutes (GoTrue RATE_LIMIT_VERIFY). */
  verifyPer5Min: number;
  /** Password-recovery, resend and user-update requests per client IP per 5 minutes (GoTrue RATE_LIMIT_OTP). */
  otpPer5Min: number;
  /** MFA challenges and verifications per client IP per minute. */
  mfaPerMinute: number;
  /** Failed password sign-ins per email address per 5 minutes, whatever the IP; then 429 for that address. */
  failedSignInsPerEmailPer5Min: number;
  /** Failed TOTP verifications per factor per 5 minutes, whatever the IP and challenge. */
  failedMfaPerFactorPer5Min: number;
  /** Failed TOTP verifications one challenge allows; after that it is spent and a new one is needed. */
  failedMfaPerChallenge: number;
};

export const defaultRateLimits: RateLimits = {
  emailSentPerHour: 30,
  emailMaxFrequencySeconds: 60,
  emailSentPerAddressPerHour: 5,
  emailSentPerIpPerHour: 10,
  signInsPer5Min: 30,
  tokenRefreshPer5Min: 150,
  verifyPer5Min: 30,
  otpPer5Min: 30,
  mfaPerMinute: 15,
  failedSignInsPerEmailPer5Min: 10,
  failedMfaPerFactorPer5Min: 10,
  failedMfaPerChallenge: 5,
};

export type AuthServerOptions = {
  getDb: () => Promise<Db>;
  /** Public origin of the app; when unset, the origin of each request (forwarded headers honoured). */
  siteUrl?: string;
  smtp?: { url: string; from: string };
  /** Clock, for tests. */
  now?: () => Date;
  /** Any limit set to 0 is switched off. */
  rateLimits?: Partial<RateLimits>;
  /** A rotated refresh token may be presented again for this long and yields the current one. */
  refreshTokenReuseIntervalSeconds?: number;
  /** Lifetime of email links (GoTrue MAILER_OTP_EXP). */
  emailLinkExpirySeconds?: number;
  /** Lifetime of invitation links: a week unless set. */
  inviteExpirySeconds?: number;
  /**
   * Refuse sign-ups (GoTrue's DISABLE_SIGNUP): only invited people and accounts made by an admin
   * get in, except that an empty install still lets its first account sign up.
   */
  disableSignup?: boolean;
  accessTokenTtlSeconds?: number;
  /** bcrypt cost factor. */
  passwordHashCost?: number;
  /**
   * Confirm sign-ups at once and answer them with a session, sending no email (GoTrue's
   * MAILER_AUTOCONFIRM): for an install whose emails cannot reach anyone.
   */
  autoconfirm?: boolean;
  /** Where unexpected errors are reported. */
  logError?: (message: string, error: unknown) => void;
};

export type AuthServerConfig = {
  getDb: () => Promise<Db>;
  siteUrl: string | undefined;
  smtp: { url: string; from: string } | undefined;
  now: () => Date;
  rateLimits: RateLimits;
  refreshTokenReuseIntervalSeconds: number;
  emailLinkExpirySeconds: number;
  inviteExpirySeconds: number;
  disableSignup: boolean;
  accessTokenTtlSeconds: number;
  passwordHashCost: number;
  autoconfirm: boolean;
  /** PKCE flow states accept their auth code for this long after it was issued. */
  flowStateExpirySeconds: number;
  mfaChallengeExpirySeconds: number;
  minPasswordLength: number;
  maxEnrolledFactors: number;
  logError: (message: string, error: unknown) => void;
};

export function resolveConfig(options: AuthServerOptions): AuthServerConfig {
  return {
    getDb: options.getDb,
    siteUrl: options.siteUrl?.replace(/\/+$/, "") || undefined,
    smtp: options.smtp,
    now: options.now ?? (() => new Date()),
    rateLimits: { ...defaultRateLimits, ...stripUndefined(options.rateLimits ?? {}) },
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10,
    emailLinkExpirySeconds: options.emailLinkExpirySeconds ?? 86_400,
    inviteExpirySeconds: options.inviteExpirySeconds ?? 7 * 86_400,
    disableSignup: options.disableSignup ?? false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    passwordHashCost: options.passwordHashCost ?? 10,
    autoconfirm: options.autoconfirm ?? false,
    flowStateExpirySeconds: 300,
    mfaChallengeExpirySeconds: 300,
    minPasswordLength: 6,
    maxEnrolledFactors: 10,
    logError: options.logError ?? ((message, error) => console.error(`[auth] ${message}`, error)),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
