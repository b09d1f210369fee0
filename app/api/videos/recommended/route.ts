/** GET /api/videos/recommended: videos in the learner's target language they have not started. */
import { route } from "@/lib/api/handler";
import { listRecommended } from "@/lib/services/videos";
import { listQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: listQuerySchema }, async ({ db, user, query }) => listRecommended(db, user, query));
