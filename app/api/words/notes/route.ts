/** PUT /api/words/notes {language, lemma, note}: the learner's own note on a word; DELETE ?language=&lemma= removes it. */
import { route } from "@/lib/api/handler";
import { removeWordNote, saveWordNote } from "@/lib/words/meanings/lookup";
import { wordNoteChangeSchema, wordNoteKeySchema } from "@/lib/validation/word-lookup";

export const dynamic = "force-dynamic";

export const PUT = route({ body: wordNoteChangeSchema, maxBodyBytes: 16 * 1024 }, async ({ db, user, body }) => saveWordNote(db, user, body));

export const DELETE = route({ query: wordNoteKeySchema }, async ({ db, user, query }) => removeWordNote(db, user, query));
