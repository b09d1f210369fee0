/** DELETE /api/admin/invitations/{id}: withdraws an open invitation and its waiting account (owners only). */
import { route } from "@/lib/api/handler";
import { revokeInvitation } from "@/lib/invitations/service";
import { invitationParamsSchema } from "@/lib/validation/invitations";

export const dynamic = "force-dynamic";

export const DELETE = route({ roles: ["owner"], params: invitationParamsSchema }, async ({ db, user, params }) =>
  revokeInvitation(db, user, params.invitationId),
);
