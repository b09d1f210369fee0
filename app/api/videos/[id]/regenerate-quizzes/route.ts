/** POST /api/videos/{id}/regenerate-quizzes: queue rebuilding every word's quizzes. */
import { route } from "@/lib/api/handler";
import { requestQuizzes } from "@/lib/services/admin-videos";
import { emptyBodySchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["admin", "owner"], params: videoIdParamsSchema, body: emptyBodySchema, maxBodyBytes: 1024 }, async ({ db, user, params }) =>
  requestQuizzes(db, user, params.id),
);
