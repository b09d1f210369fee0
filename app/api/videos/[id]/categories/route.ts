/** GET and PUT /api/videos/{id}/categories: a video's categories (admins and owners). */
import { route } from "@/lib/api/handler";
import { getVideoCategoryLinks, setVideoCategories } from "@/lib/services/admin-videos";
import { videoCategoriesSchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

const staff = { roles: ["admin", "owner"], params: videoIdParamsSchema } as const;

export const GET = route(staff, async ({ db, params }) => getVideoCategoryLinks(db, params.id));

export const PUT = route({ ...staff, body: videoCategoriesSchema, maxBodyBytes: 8 * 1024 }, async ({ db, params, body }) =>
  setVideoCategories(db, params.id, body.categoryIds),
);
