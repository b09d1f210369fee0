/** POST /api/users/{userId}/words: a quiz result for one of the caller's own words. */
import { route } from "@/lib/api/handler";
import { assertOwnProgress, recordQuizResult } from "@/lib/services/progress";
import { quizResultSchema, userParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route(
  { params: userParamsSchema, guard: ({ user, params }) => assertOwnProgress(user, params.userId), body: quizResultSchema, maxBodyBytes: 4096 },
  async ({ db, user, body }) => recordQuizResult(db, user, body),
);
