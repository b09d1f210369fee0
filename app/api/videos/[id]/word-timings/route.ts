/** GET /api/videos/{id}/word-timings: when each spoken word starts and ends (ms). */
import { route } from "@/lib/api/handler";
import { getWordTimings } from "@/lib/services/content";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getWordTimings(db, user, params.id));
