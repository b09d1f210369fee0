/** GET /api/videos/popular: videos in the home language (default: the target language) first, then by distinct learners over the last 30 days. */
import { route } from "@/lib/api/handler";
import { listPopular } from "@/lib/services/videos";
import { homeListQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: homeListQuerySchema }, async ({ db, user, query }) => listPopular(db, user, query));
