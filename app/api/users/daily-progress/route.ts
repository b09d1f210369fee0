/** GET /api/users/daily-progress: quizzes completed today (the caller's own day) against the daily goal. */
import { route } from "@/lib/api/handler";
import { getDailyProgress } from "@/lib/services/progress";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ db, user }) => getDailyProgress(db, user));
