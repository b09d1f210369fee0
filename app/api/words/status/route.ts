/** PUT /api/words/status: the caller's status of a lemma in a language (new, learning, known, ignored). */
import { route } from "@/lib/api/handler";
import { saveWordStatus } from "@/lib/words/statuses/statuses";
import { wordStatusBodySchema } from "@/lib/validation/words";

export const dynamic = "force-dynamic";

export const PUT = route({ body: wordStatusBodySchema, maxBodyBytes: 4096 }, async ({ db, user, body }) => saveWordStatus(db, user, body));
