/** GET /api/review/due: the caller's FSRS cards that are due, with when each grade would next show them. */
import { route } from "@/lib/api/handler";
import { getDueCards } from "@/lib/words/cards/cards";
import { dueCardsQuerySchema } from "@/lib/validation/review";

export const dynamic = "force-dynamic";

export const GET = route({ query: dueCardsQuerySchema }, async ({ db, user, query }) => getDueCards(db, user, query));
