/**
 * The landing page's Start Learning check (no zod in the browser) accepts exactly the addresses
 * the sign-up form and its route accept, with the same message.
 */
import { describe, expect, it } from "vitest";
import { signupSchema } from "@/lib/validation/auth";
import { checkEmail, INVALID_EMAIL_MESSAGE } from "@/lib/validation/email";

const ADDRESSES = [
  "learner@example.com",
  "  padded@example.com  ",
  "first.last+tag@sub.example.co.uk",
  "o'neil@example.ie",
  "",
  "   ",
  "no-at-sign",
  "two@@example.com",
  "dot.@example.com",
  ".lead@example.com",
  "double..dot@example.com",
  "user@localhost",
  "user@example.c",
  "user@-example.com",
  "user name@example.com",
];

function viaSignup(email: string) {
  const result = signupSchema.safeParse({ firstName: "A", lastName: "B", email, password: "secret1" });
  if (result.success) return { email: result.data.email };
  return { error: result.error.issues.find((i) => i.path[0] === "email")?.message ?? "" };
}

describe("Start Learning's email check", () => {
  it.each(ADDRESSES)("agrees with the sign-up schema on %j", (address) => {
    expect(checkEmail(address)).toEqual(viaSignup(address));
  });

  it("trims the address it passes on and explains a bad one", () => {
    expect(checkEmail("  padded@example.com ")).toEqual({ email: "padded@example.com" });
    expect(checkEmail("nope")).toEqual({ error: INVALID_EMAIL_MESSAGE });
    expect(INVALID_EMAIL_MESSAGE).toBe("Please enter a valid email address");
  });
});
