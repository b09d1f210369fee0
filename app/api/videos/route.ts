/**
 * GET /api/videos: the videos the caller may see, newest first, or matching ?search= (title
 * matches first). POST: admins and owners add a video from a YouTube link (JSON), or with an
 * audio file and optionally a subtitle file (multipart form data).
 */
import { route } from "@/lib/api/handler";
import { addVideo } from "@/lib/services/add-video";
import { listVideos } from "@/lib/services/videos";
import { readVideoSubmission } from "@/lib/uploads/video-submission";
import { videoSearchQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: videoSearchQuerySchema }, async ({ db, user, query }) => listVideos(db, user, query));

export const POST = route({ roles: ["admin", "owner"] }, async ({ db, user, request }) => Response.json(await addVideo(db, user, await readVideoSubmission(request)), { status: 201 }));
