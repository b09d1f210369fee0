/** POST /api/users/{userId}/study-time: seconds the caller spent studying, added to their day (lib/services/study-time.ts). */
import { route } from "@/lib/api/handler";
import { assertOwnProgress } from "@/lib/services/progress";
import { recordStudyTime } from "@/lib/services/study-time";
import { studyTimeReportSchema } from "@/lib/validation/study-time";
import { userParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route(
  { params: userParamsSchema, guard: ({ user, params }) => assertOwnProgress(user, params.userId), body: studyTimeReportSchema, maxBodyBytes: 1024 },
  async ({ db, user, body }) => recordStudyTime(db, user, body),
);
