/** GET /api/videos/{id}/due-reviews: the caller's due words this video quizzes, each at the end of a line it is said in. */
import { route } from "@/lib/api/handler";
import { getVideoDueReviews } from "@/lib/words/cards/in-video";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params }) => getVideoDueReviews(db, user, params.id));
