/** When another email may be asked for, read from the auth server's one-a-minute refusal. */
import { describe, expect, it } from "vitest";
import { emailCooldownSeconds } from "@/lib/auth/email-cooldown";

describe("emailCooldownSeconds", () => {
  it("reads the wait from GoTrue's refusal", () => {
    const error = { status: 429, code: "over_email_send_rate_limit", message: "For security purposes, you can only request this after 42 seconds." };
    expect(emailCooldownSeconds(error)).toBe(42);
    expect(emailCooldownSeconds({ message: "For security purposes, you can only request this after 1 second." })).toBe(1);
  });

  it("is null for any other failure, or none", () => {
    expect(emailCooldownSeconds(null)).toBeNull();
    expect(emailCooldownSeconds({ status: 429, code: "over_email_send_rate_limit", message: "Email rate limit exceeded" })).toBeNull();
    expect(emailCooldownSeconds({ message: "Failed to fetch" })).toBeNull();
    expect(emailCooldownSeconds("after 5 seconds")).toBeNull();
  });
});
