/** GET /api/review/summary: how many of the caller's cards are due, when the next falls due, how many cards they have. */
import { route } from "@/lib/api/handler";
import { getReviewSummary } from "@/lib/words/cards/cards";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ db, user }) => getReviewSummary(db, user));
