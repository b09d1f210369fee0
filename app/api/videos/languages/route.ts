/** GET /api/videos/languages: each offered language with how many published videos home's lists could show in it. */
import { route } from "@/lib/api/handler";
import { listVideoLanguages } from "@/lib/services/videos";
import { videoLanguagesQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: videoLanguagesQuerySchema }, async ({ db, user, query }) => listVideoLanguages(db, user, query));
