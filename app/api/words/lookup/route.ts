/** GET /api/words/lookup?language=&nativeLanguage=&surface=&lemma=&captionId=: a word's meaning for the word popover. */
import { route } from "@/lib/api/handler";
import { lookUpWord } from "@/lib/services/word-lookup";
import { wordLookupQuerySchema } from "@/lib/validation/word-lookup";

export const dynamic = "force-dynamic";

export const GET = route({ query: wordLookupQuerySchema }, async ({ db, user, query }) => lookUpWord(db, user, query));
