/** GET /api/words/lookup?language=&nativeLanguage=&surface=&lemma=&captionId=: a word's meaning for the word popover. */
import { route } from "@/lib/api/handler";
import { lookUpWord } from "@/lib/words/meanings/lookup";
import { wordLookupQuerySchema } from "@/lib/validation/word-lookup";

export const dynamic = "force-dynamic";

// A lookup may call the AI on the caller's allowance: another site's link must not spend it.
export const GET = route({ query: wordLookupQuerySchema, sameOriginReads: true }, async ({ db, user, query }) => lookUpWord(db, user, query));
