/** GET /api/videos/{id}/segment-translations: caption translations, optionally in one ?language=. */
import { route } from "@/lib/api/handler";
import { getSegmentTranslations } from "@/lib/services/content";
import { languageQuerySchema, videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema, query: languageQuerySchema }, async ({ db, user, params, query }) =>
  getSegmentTranslations(db, user, params.id, query.language),
);
