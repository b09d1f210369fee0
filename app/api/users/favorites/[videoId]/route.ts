/** GET /api/users/favorites/{videoId}: whether the caller saved this video. */
import { route } from "@/lib/api/handler";
import { getFavoriteStatus } from "@/lib/services/favorites";
import { favoriteParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: favoriteParamsSchema }, async ({ db, user, params }) => getFavoriteStatus(db, user, params.videoId));
