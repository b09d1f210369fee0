/** The dev mailbox's filters, shared by its page and its JSON API. */
import { z } from "zod";

export const mailboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(320, "to: an email address is at most 320 characters")
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "to: must not contain control characters")
    .optional()
    .transform((v) => v || undefined),
  limit: z.coerce
    .number({ message: "limit: must be a number" })
    .int("limit: must be a whole number")
    .min(1, "limit: must be at least 1")
    .max(500, "limit: must be at most 500")
    .optional(),
});
export type MailboxQuery = z.infer<typeof mailboxQuerySchema>;
