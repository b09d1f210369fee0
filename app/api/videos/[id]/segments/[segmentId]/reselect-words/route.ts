/** POST /api/videos/{videoId}/segments/{segmentId}/reselect-words: which word of the line is its vocabulary word (owners only). */
import { route } from "@/lib/api/handler";
import { reselectSegmentWord } from "@/lib/services/segments";
import { segmentParamsSchema, segmentWordSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route({ roles: ["owner"], params: segmentParamsSchema, body: segmentWordSchema, maxBodyBytes: 4096 }, async ({ db, params, body }) =>
  reselectSegmentWord(db, params.id, params.segmentId, body.newHighlightedWord),
);
