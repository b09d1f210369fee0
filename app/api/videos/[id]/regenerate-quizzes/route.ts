/**
 * POST /api/videos/{id}/regenerate-quizzes: queue rebuilding every word's quizzes.
 * GET: how the latest such job stands, and once finished what it made (totalQuizzesGenerated, wordCount, languages).
 */
import { route } from "@/lib/api/handler";
import { requestQuizzes } from "@/lib/services/admin-videos";
import { getJobStatus } from "@/lib/services/video-job-status";
import { emptyBodySchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

const staff = { roles: ["admin", "owner"], params: videoIdParamsSchema } as const;

export const GET = route(staff, async ({ db, params }) => getJobStatus(db, params.id, "regenerate-quizzes"));

export const POST = route({ ...staff, body: emptyBodySchema, maxBodyBytes: 1024 }, async ({ db, user, params }) => requestQuizzes(db, user, params.id));
