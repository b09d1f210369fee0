/**
 * Optional environment overrides for the process-wide auth server: rate limits (0 switches a
 * limit off; AUTH_RATE_LIMIT_DISABLED=1 switches off the per-IP limits, the hourly email caps and
 * the per-account failure caps, which the browser test-suite needs when it signs many users up
 * from one address, but keeps the one-email-a-minute rule per user), the refresh-token reuse
 * interval and the bcrypt cost of new password hashes. (The dev mailbox switch, AUTH_DEV_MAILBOX, is part of lib/env.ts.)
 */
import type { AuthServerOptions, RateLimits } from "./config";

const rateLimitVars: Record<keyof RateLimits, string> = {
  emailSentPerHour: "AUTH_RATE_LIMIT_EMAIL_SENT",
  emailMaxFrequencySeconds: "AUTH_EMAIL_MAX_FREQUENCY",
  emailSentPerAddressPerHour: "AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS",
  emailSentPerIpPerHour: "AUTH_RATE_LIMIT_EMAIL_PER_IP",
  signInsPer5Min: "AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS",
  tokenRefreshPer5Min: "AUTH_RATE_LIMIT_TOKEN_REFRESH",
  verifyPer5Min: "AUTH_RATE_LIMIT_VERIFY",
  otpPer5Min: "AUTH_RATE_LIMIT_OTP",
  mfaPerMinute: "AUTH_RATE_LIMIT_MFA",
  failedSignInsPerEmailPer5Min: "AUTH_RATE_LIMIT_FAILED_SIGN_INS",
  failedMfaPerFactorPer5Min: "AUTH_RATE_LIMIT_MFA_FAILURES",
  failedMfaPerChallenge: "AUTH_RATE_LIMIT_MFA_CHALLENGE_FAILURES",
};

export const authEnvVarNames = [
  "AUTH_RATE_LIMIT_DISABLED",
  ...Object.values(rateLimitVars),
  "AUTH_REFRESH_TOKEN_REUSE_INTERVAL",
  "AUTH_PASSWORD_HASH_COST",
] as const;

/** bcrypt's own bounds for its cost factor. */
const HASH_COST = { min: 4, max: 31 };

function readNumber(source: Record<string, string | undefined>, name: string): number | undefined {
  const raw = source[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a number of 0 or more (0 switches the limit off), got "${raw}"`);
  }
  return value;
}

export function authOptionsFromEnv(
  source: Record<string, string | undefined> = process.env,
): Pick<AuthServerOptions, "rateLimits" | "refreshTokenReuseIntervalSeconds" | "passwordHashCost"> {
  const rateLimits: Partial<RateLimits> = {};
  if (isOn(source.AUTH_RATE_LIMIT_DISABLED)) {
    for (const key of Object.keys(rateLimitVars) as (keyof RateLimits)[]) {
      if (key !== "emailMaxFrequencySeconds") rateLimits[key] = 0;
    }
  }
  for (const [key, name] of Object.entries(rateLimitVars) as [keyof RateLimits, string][]) {
    const value = readNumber(source, name);
    if (value !== undefined) rateLimits[key] = value;
  }
  return {
    rateLimits,
    refreshTokenReuseIntervalSeconds: readNumber(source, "AUTH_REFRESH_TOKEN_REUSE_INTERVAL"),
    passwordHashCost: readHashCost(source),
  };
}

function readHashCost(source: Record<string, string | undefined>): number | undefined {
  const raw = source.AUTH_PASSWORD_HASH_COST?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < HASH_COST.min || value > HASH_COST.max) {
    throw new Error(`AUTH_PASSWORD_HASH_COST must be a whole number from ${HASH_COST.min} to ${HASH_COST.max} (bcrypt's cost factor), got "${raw}"`);
  }
  return value;
}


function isOn(raw: string | undefined): boolean {
  return ["1", "true", "yes", "on"].includes(raw?.trim().toLowerCase() ?? "");
}

