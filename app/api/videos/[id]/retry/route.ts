/** POST /api/videos/{id}/retry: process a failed video again ({ transcribeAudio } may change how its captions are made). */
import { route } from "@/lib/api/handler";
import { retryVideo } from "@/lib/services/admin-videos";
import { retryVideoSchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["admin", "owner"], params: videoIdParamsSchema, body: retryVideoSchema, maxBodyBytes: 1024 }, async ({ db, user, params, body }) =>
  retryVideo(db, user, params.id, body),
);
