/** GET /api/users/progress-videos: Continue Learning, started and not finished: the home language first, then most recent first. */
import { route } from "@/lib/api/handler";
import { listInProgress } from "@/lib/services/videos";
import { homeListQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: homeListQuerySchema }, async ({ db, user, query }) => listInProgress(db, user, query));
