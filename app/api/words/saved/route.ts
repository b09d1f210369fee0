/** GET /api/words/saved: the caller's saved words (status learning), a page at a time, with meanings and a line of each. */
import { route } from "@/lib/api/handler";
import { listSavedWords } from "@/lib/services/saved-words";
import { savedWordsQuerySchema } from "@/lib/validation/saved-words";

export const dynamic = "force-dynamic";

export const GET = route({ query: savedWordsQuerySchema }, async ({ db, user, query }) => listSavedWords(db, user, query));
