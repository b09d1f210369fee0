/** The owner's user-management calls (SPEC §7 "Administration"): a role change's body. */
import { z } from "zod";

export const USER_ROLES = ["user", "admin", "owner"] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

export const roleChangeSchema = z
  .object({
    role: z.enum(USER_ROLES, { message: 'role must be "user", "admin" or "owner"' }),
  })
  .strict();
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** The refusal SPEC §5 words for an owner demoting themselves; the screen shows it too. */
export const OWN_ROLE_MESSAGE = "You cannot remove your own owner privileges.";
export const OWN_DELETE_MESSAGE = "You cannot delete your own account.";
