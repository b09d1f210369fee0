/** GET /api/categories: the categories the caller can browse. POST: a new one (admins and owners). */
import { route } from "@/lib/api/handler";
import { createCategory } from "@/lib/services/admin-videos";
import { listCategoriesFor } from "@/lib/services/videos";
import { createCategorySchema } from "@/lib/validation/admin-videos";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ db, user }) => listCategoriesFor(db, user));

export const POST = route({ roles: ["admin", "owner"], body: createCategorySchema, maxBodyBytes: 4096 }, async ({ db, body }) =>
  Response.json(await createCategory(db, body.name), { status: 201 }),
);
