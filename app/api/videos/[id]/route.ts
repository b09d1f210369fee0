/** GET /api/videos/{id}: one video, if the caller may see it. PUT and DELETE: admins and owners (SPEC §6). */
import { route } from "@/lib/api/handler";
import { deleteVideo, updateVideo } from "@/lib/services/admin-videos";
import { getVideo } from "@/lib/services/videos";
import { updateVideoSchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

const staff = { roles: ["admin", "owner"], params: videoIdParamsSchema } as const;

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getVideo(db, user, params.id));

export const PUT = route({ ...staff, body: updateVideoSchema, maxBodyBytes: 64 * 1024 }, async ({ db, user, params, body }) =>
  updateVideo(db, user, params.id, body),
);

export const DELETE = route(staff, async ({ db, params }) => deleteVideo(db, params.id));
