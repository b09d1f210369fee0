/** POST /api/admin/users/{userId}/confirm-email: confirm a user's email address on their behalf (owners only). */
import { route } from "@/lib/api/handler";
import { confirmUserEmail } from "@/lib/services/user-admin";
import { userParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["owner"], params: userParamsSchema }, async ({ db, user, params }) =>
  confirmUserEmail(db, user, params.userId),
);
