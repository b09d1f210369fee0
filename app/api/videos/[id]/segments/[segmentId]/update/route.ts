/** POST /api/videos/{videoId}/segments/{segmentId}/update: a line's new text (owners only, SPEC §6). */
import { route } from "@/lib/api/handler";
import { updateSegmentText } from "@/lib/services/segments";
import { segmentParamsSchema, segmentTextSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["owner"], params: segmentParamsSchema, body: segmentTextSchema, maxBodyBytes: 16 * 1024 }, async ({ db, params, body }) =>
  updateSegmentText(db, params.id, params.segmentId, body.newText, body.updateTranslations),
);
