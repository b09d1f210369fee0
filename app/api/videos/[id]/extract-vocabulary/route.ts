/** POST /api/videos/{id}/extract-vocabulary: queue choosing the vocabulary again; answers with the words as they stand. */
import { route } from "@/lib/api/handler";
import { requestVocabulary } from "@/lib/services/admin-videos";
import { emptyBodySchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["admin", "owner"], params: videoIdParamsSchema, body: emptyBodySchema, maxBodyBytes: 1024 }, async ({ db, user, params }) =>
  requestVocabulary(db, user, params.id),
);
