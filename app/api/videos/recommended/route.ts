/** GET /api/videos/recommended: videos in the home language (default: the target language) the learner has not started. */
import { route } from "@/lib/api/handler";
import { listRecommended } from "@/lib/services/videos";
import { homeListQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: homeListQuerySchema }, async ({ db, user, query }) => listRecommended(db, user, query));
