/** GET /api/words/{id}/quiz?nativeLanguage=: the word's multiple-choice quiz in the learner's language. */
import { route } from "@/lib/api/handler";
import { getQuiz } from "@/lib/services/content";
import { quizQuerySchema, wordParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: wordParamsSchema, query: quizQuerySchema }, async ({ db, user, params, query }) =>
  getQuiz(db, user, params.id, query.nativeLanguage),
);
