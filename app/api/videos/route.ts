/** GET /api/videos: the videos the caller may see, newest first, or matching ?search= (title matches first). */
import { route } from "@/lib/api/handler";
import { listVideos } from "@/lib/services/videos";
import { videoSearchQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: videoSearchQuerySchema }, async ({ db, user, query }) => listVideos(db, user, query));
