/** DELETE /api/admin/users/{userId}: a user other than oneself, their data and their sign-in account (owners only). */
import { route } from "@/lib/api/handler";
import { deleteUserAccount } from "@/lib/services/user-admin";
import { userParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const DELETE = route({ roles: ["owner"], params: userParamsSchema }, async ({ db, user, params }) =>
  deleteUserAccount(db, user, params.userId),
);
