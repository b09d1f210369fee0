/** The Security Settings forms of SPEC §5, shared by the forms and their API routes. */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./auth";

// bcrypt reads 72 bytes; anything longer is refused by the auth server anyway.
const MAX_PASSWORD_LENGTH = 72;

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, "Current password is required").max(MAX_PASSWORD_LENGTH),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, "Password must be at least 6 characters")
      .max(MAX_PASSWORD_LENGTH, "Password must be at most 72 characters"),
    confirmPassword: z.string().min(MIN_PASSWORD_LENGTH, "Confirm password is required").max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const emailChangeSchema = z.object({
  currentPassword: z.string().min(1, "Required").max(MAX_PASSWORD_LENGTH),
  newEmail: z.string().trim().max(255, "Invalid email address").email("Invalid email address"),
});
export type EmailChange = z.infer<typeof emailChangeSchema>;
