/** GET /api/categories: the categories the caller can browse. */
import { route } from "@/lib/api/handler";
import { listCategoriesFor } from "@/lib/services/videos";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ db, user }) => listCategoriesFor(db, user));
