/** POST /api/users/{userId}/words: a quiz result for one of the caller's own words. */
import { badRequest } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { assertOwnProgress, recordQuizResult } from "@/lib/services/progress";
import { idempotencyKeySchema, quizResultSchema, userParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route(
  { params: userParamsSchema, guard: ({ user, params }) => assertOwnProgress(user, params.userId), body: quizResultSchema, maxBodyBytes: 4096 },
  async ({ db, user, body, request }) => {
    const header = request.headers.get("idempotency-key") ?? undefined;
    const parsed = header === undefined ? undefined : idempotencyKeySchema.safeParse(header);
    if (parsed && !parsed.success) throw badRequest(parsed.error.issues[0]!.message);
    if (header !== undefined && body.idempotencyKey !== undefined && header !== body.idempotencyKey) {
      throw badRequest("The Idempotency-Key header and idempotencyKey differ: send one key per answer");
    }
    return recordQuizResult(db, user, body, undefined, header ?? body.idempotencyKey);
  },
);
