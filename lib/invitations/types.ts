/** An open invitation as GET /api/admin/invitations answers it. */
import type { UserRoleName } from "@/lib/validation/users";

export type InvitationJson = {
  id: string;
  email: string;
  role: UserRoleName;
  /** The inviting owner's address; null once their account is gone. */
  invitedBy: string | null;
  createdAt: string;
  /** When the latest email went out. */
  sentAt: string;
  expiresAt: string;
  expired: boolean;
};
