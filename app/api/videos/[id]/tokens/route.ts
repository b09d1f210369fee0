/** GET /api/videos/{id}/tokens: every caption's words with lemma, part of speech and the caller's status. */
import { route } from "@/lib/api/handler";
import { getVideoTokens } from "@/lib/services/word-statuses";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getVideoTokens(db, user, params.id));
