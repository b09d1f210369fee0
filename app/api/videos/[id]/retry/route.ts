/** POST /api/videos/{id}/retry: process a failed video again. */
import { route } from "@/lib/api/handler";
import { retryVideo } from "@/lib/services/admin-videos";
import { emptyBodySchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["admin", "owner"], params: videoIdParamsSchema, body: emptyBodySchema, maxBodyBytes: 1024 }, async ({ db, user, params }) =>
  retryVideo(db, user, params.id),
);
