/**
 * GET /api/videos/{id}/media: a video's uploaded audio, streamed from storage with Range support
 * so the player can seek. The player's <video> element sends the session cookie, not a bearer
 * token; route() accepts either. Learners get published videos only (404 otherwise).
 */
import { route } from "@/lib/api/handler";
import { serveStoredObject } from "@/lib/http/serve-object";
import { getVideoMediaKey } from "@/lib/services/media";
import { getStorage } from "@/lib/storage";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params, request }) =>
  serveStoredObject(getStorage(), await getVideoMediaKey(db, user, params.id), request),
);
