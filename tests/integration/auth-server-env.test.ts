/** Environment overrides of the process-wide auth server. */
import { describe, expect, it } from "vitest";
import { authOptionsFromEnv } from "@/lib/auth-server/env-overrides";

describe("auth server environment overrides", () => {
  it("keeps GoTrue's defaults when nothing is set", () => {
    expect(authOptionsFromEnv({})).toEqual({ rateLimits: {}, refreshTokenReuseIntervalSeconds: undefined, passwordHashCost: undefined });
  });

  it("reads each limit, where 0 switches it off", () => {
    const options = authOptionsFromEnv({
      AUTH_RATE_LIMIT_EMAIL_SENT: "100",
      AUTH_EMAIL_MAX_FREQUENCY: "0",
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: "60",
      AUTH_RATE_LIMIT_TOKEN_REFRESH: "300",
      AUTH_RATE_LIMIT_VERIFY: "45",
      AUTH_RATE_LIMIT_OTP: "10",
      AUTH_RATE_LIMIT_MFA: "5",
      AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: "3",
      AUTH_RATE_LIMIT_EMAIL_PER_IP: "12",
      AUTH_RATE_LIMIT_FAILED_SIGN_INS: "8",
      AUTH_RATE_LIMIT_MFA_FAILURES: "6",
      AUTH_RATE_LIMIT_MFA_CHALLENGE_FAILURES: "4",
      AUTH_REFRESH_TOKEN_REUSE_INTERVAL: "20",
    });
    expect(options).toEqual({
      rateLimits: {
        emailSentPerHour: 100,
        emailMaxFrequencySeconds: 0,
        signInsPer5Min: 60,
        tokenRefreshPer5Min: 300,
        verifyPer5Min: 45,
        otpPer5Min: 10,
        mfaPerMinute: 5,
        emailSentPerAddressPerHour: 3,
        emailSentPerIpPerHour: 12,
        failedSignInsPerEmailPer5Min: 8,
        failedMfaPerFactorPer5Min: 6,
        failedMfaPerChallenge: 4,
      },
      refreshTokenReuseIntervalSeconds: 20,
    });
  });

  it("lifts the request limits but keeps one email a minute per user when disabled", () => {
    const { rateLimits } = authOptionsFromEnv({ AUTH_RATE_LIMIT_DISABLED: "1" });
    expect(rateLimits).toEqual({
      emailSentPerHour: 0,
      emailSentPerAddressPerHour: 0,
      emailSentPerIpPerHour: 0,
      signInsPer5Min: 0,
      tokenRefreshPer5Min: 0,
      verifyPer5Min: 0,
      otpPer5Min: 0,
      mfaPerMinute: 0,
      failedSignInsPerEmailPer5Min: 0,
      failedMfaPerFactorPer5Min: 0,
      failedMfaPerChallenge: 0,
    });
    expect(authOptionsFromEnv({ AUTH_RATE_LIMIT_DISABLED: "true", AUTH_RATE_LIMIT_VERIFY: "9" }).rateLimits?.verifyPer5Min).toBe(9);
  });

  it("reads the cost of new password hashes, within bcrypt's bounds", () => {
    expect(authOptionsFromEnv({ AUTH_PASSWORD_HASH_COST: "12" }).passwordHashCost).toBe(12);
    for (const wrong of ["3", "32", "10.5", "high"]) {
      expect(() => authOptionsFromEnv({ AUTH_PASSWORD_HASH_COST: wrong })).toThrow(/AUTH_PASSWORD_HASH_COST must be a whole number from 4 to 31/);
    }
  });

  it("refuses values that are not numbers", () => {
    expect(() => authOptionsFromEnv({ AUTH_RATE_LIMIT_OTP: "lots" })).toThrow(/AUTH_RATE_LIMIT_OTP/);
    expect(() => authOptionsFromEnv({ AUTH_RATE_LIMIT_OTP: "-1" })).toThrow(/AUTH_RATE_LIMIT_OTP/);
  });
});
