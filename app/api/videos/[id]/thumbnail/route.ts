/**
 * GET /api/videos/{id}/thumbnail: the JPEG cut from an uploaded video file, or the poster (SVG,
 * with the title) of an uploaded audio file. Learners get published videos only (404 otherwise),
 * as for the media itself; <img> sends the session cookie.
 */
import { route } from "@/lib/api/handler";
import { serveStoredObject, serveSvg, SERVABLE_IMAGE } from "@/lib/http/serve-object";
import { getVideoThumbnail } from "@/lib/services/media";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ params: videoIdParamsSchema }, async ({ db, user, params, request }) => {
  const thumbnail = await getVideoThumbnail(db, user, params.id);
  return thumbnail.kind === "poster" ? serveSvg(thumbnail.svg) : serveStoredObject(thumbnail.storage, thumbnail.key, request, SERVABLE_IMAGE);
});
