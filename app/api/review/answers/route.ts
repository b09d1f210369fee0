/** POST /api/review/answers: the caller grades one of their cards (again, hard, good, easy). */
import { route } from "@/lib/api/handler";
import { saveReviewAnswer } from "@/lib/words/cards/cards";
import { reviewAnswerBodySchema } from "@/lib/validation/review";

export const dynamic = "force-dynamic";

export const POST = route({ body: reviewAnswerBodySchema, maxBodyBytes: 4096 }, async ({ db, user, body }) => saveReviewAnswer(db, user, body));
