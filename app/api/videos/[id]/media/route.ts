/**
 * GET /api/videos/{id}/media: a video's media file (uploaded audio or video, or a bundled demo
 * file), streamed with Range support so the player can seek. The player's <video> element sends
 * the session cookie, not a bearer token; route() accepts either. Learners get published videos
 * only (404 otherwise).
 */
import { route } from "@/lib/api/handler";
import { serveStoredObject } from "@/lib/http/serve-object";
import { getVideoMedia } from "@/lib/services/media";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params, request }) => {
  const { storage, key } = await getVideoMedia(db, user, params.id);
  return serveStoredObject(storage, key, request);
});
