/** GET /api/videos/{id}/tokens: every caption's words with lemma, part of speech and the caller's status. */
import { route } from "@/lib/api/handler";
import { getVideoTokensJson } from "@/lib/services/video-tokens";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

// The service answers JSON text: a long video's words cost too much as objects to stringify.
export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) =>
  new Response(await getVideoTokensJson(db, user, params.id), { headers: { "content-type": "application/json" } }),
);
