/** GET /api/users/stats: streak, words learned and quizzes completed, all time. */
import { route } from "@/lib/api/handler";
import { getStats } from "@/lib/services/progress";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ user }) => getStats(user));
