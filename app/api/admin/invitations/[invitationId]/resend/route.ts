/** POST /api/admin/invitations/{id}/resend: a fresh link and a full week again (owners only). */
import { route } from "@/lib/api/handler";
import { resendInvitation } from "@/lib/invitations/service";
import { invitationParamsSchema } from "@/lib/validation/invitations";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["owner"], params: invitationParamsSchema }, async ({ db, user, params, client }) =>
  resendInvitation(db, user, params.invitationId, client.origin),
);
