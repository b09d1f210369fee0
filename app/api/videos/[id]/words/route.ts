/** GET /api/videos/{id}/words: the video's vocabulary words, in speaking order. */
import { route } from "@/lib/api/handler";
import { getWords } from "@/lib/services/content";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getWords(db, user, params.id));
