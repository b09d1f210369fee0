/** GET /api/videos/{id}: one video, if the caller may see it. */
import { route } from "@/lib/api/handler";
import { getVideo } from "@/lib/services/videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getVideo(db, user, params.id));
