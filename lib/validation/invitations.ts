/** The owner's invitations (POST /api/admin/invitations): an address and the role it gets. */
import { z } from "zod";
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from "./email";
import { USER_ROLES } from "./users";

export const INVITATION_EXPIRY_DAYS = 7;
/** GoTrue's cap on an address's length. */
export const MAX_EMAIL_LENGTH = 255;

export const invitationSchema = z
  .object({
    email: z
      .string({ message: INVALID_EMAIL_MESSAGE })
      .trim()
      .max(MAX_EMAIL_LENGTH, INVALID_EMAIL_MESSAGE)
      .email({ pattern: EMAIL_PATTERN, message: INVALID_EMAIL_MESSAGE })
      .transform((email) => email.toLowerCase()),
    role: z.enum(USER_ROLES, { message: 'role must be "user", "admin" or "owner"' }).default("user"),
  })
  .strict();
export type InvitationInput = z.input<typeof invitationSchema>;

export const invitationParamsSchema = z.object({ invitationId: z.uuid({ message: "invitationId must be a UUID" }).transform((id) => id.toLowerCase()) });
