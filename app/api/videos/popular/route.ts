/** GET /api/videos/popular: most distinct learners over the last 30 days. */
import { route } from "@/lib/api/handler";
import { listPopular } from "@/lib/services/videos";
import { listQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: listQuerySchema }, async ({ db, user, query }) => listPopular(db, user, query));
