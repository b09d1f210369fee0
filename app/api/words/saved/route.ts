/**
 * The caller's word list. GET: their saved words (or, with list=quizzes, the words quizzes set to
 * learning that they did not save), narrowed by language, status, video and a search, a page at a
 * time, with meanings and a line of each. DELETE ?language=&lemma=: takes a word off the list.
 * PUT {language, lemma, savedAt?}: puts one on it (the undo of a removal, or saving a quiz's word).
 */
import { route } from "@/lib/api/handler";
import { listSavedWords, putSavedWord, removeSavedWord } from "@/lib/words/statuses/saved-list";
import { savedWordKeySchema, savedWordPutSchema, savedWordsQuerySchema } from "@/lib/validation/saved-words";

export const dynamic = "force-dynamic";

export const GET = route({ query: savedWordsQuerySchema }, async ({ db, user, query }) => listSavedWords(db, user, query));

export const DELETE = route({ query: savedWordKeySchema }, async ({ db, user, query }) => removeSavedWord(db, user, query));

export const PUT = route({ body: savedWordPutSchema, maxBodyBytes: 4096 }, async ({ db, user, body }) => putSavedWord(db, user, body));
