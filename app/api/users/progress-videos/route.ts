/** GET /api/users/progress-videos: Continue Learning, started and not finished, most recent first. */
import { route } from "@/lib/api/handler";
import { listInProgress } from "@/lib/services/videos";
import { listQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: listQuerySchema }, async ({ db, user, query }) => listInProgress(db, user, query));
