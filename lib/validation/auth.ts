/** Auth form rules with the messages of SPEC §5. */
import { z } from "zod";
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from "./email";

export const MIN_PASSWORD_LENGTH = 6;

const email = z.string().trim().email({ pattern: EMAIL_PATTERN, message: INVALID_EMAIL_MESSAGE });
const password = z.string().min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters");

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required"),
  lastName: z.string().trim().min(1, "Last name is required"),
  email,
  password,
});
export type SignupInput = z.infer<typeof signupSchema>;

export const resetRequestSchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    password,
    confirmPassword: z.string().min(MIN_PASSWORD_LENGTH, "Confirm password is required"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
