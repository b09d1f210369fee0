/** PATCH /api/admin/users/{userId}/role: user, admin or owner; never away from owner for oneself (owners only). */
import { route } from "@/lib/api/handler";
import { changeUserRole } from "@/lib/services/user-admin";
import { roleChangeSchema } from "@/lib/validation/users";
import { userParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const PATCH = route(
  { roles: ["owner"], params: userParamsSchema, body: roleChangeSchema, maxBodyBytes: 1024 },
  async ({ db, user, params, body }) => changeUserRole(db, user, params.userId, body.role),
);
