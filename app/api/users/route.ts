/** GET /api/users: the caller's own record, with the streak as of today. */
import { route } from "@/lib/api/handler";
import { toAppUser } from "@/lib/services/serialize";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ user }) => toAppUser(user));
