/** GET /api/admin/users: every user, newest account first (owners only, SPEC §6). */
import { route } from "@/lib/api/handler";
import { listAdminUsers } from "@/lib/services/user-admin";

export const dynamic = "force-dynamic";

export const GET = route({ roles: ["owner"] }, async ({ db }) => listAdminUsers(db));
