/** GET /api/admin/invitations: open invitations; POST: invite an address with a role (owners only). */
import { route } from "@/lib/api/handler";
import { createInvitation, listInvitations } from "@/lib/invitations/service";
import { invitationSchema } from "@/lib/validation/invitations";

export const dynamic = "force-dynamic";

export const GET = route({ roles: ["owner"] }, async ({ db }) => listInvitations(db));

export const POST = route({ roles: ["owner"], body: invitationSchema, maxBodyBytes: 2048 }, async ({ db, user, body, client }) =>
  Response.json(await createInvitation(db, user, body, client.origin), { status: 201 }),
);
