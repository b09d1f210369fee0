/** GET /api/videos/{id}/captions: the video's caption segments, in order. */
import { route } from "@/lib/api/handler";
import { getCaptions } from "@/lib/services/content";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getCaptions(db, user, params.id));
