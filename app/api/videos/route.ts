/**
 * GET /api/videos: the videos the caller may see, newest first, or matching ?search= (title
 * matches first). POST: admins and owners add a video from a YouTube link (JSON).
 */
import { route } from "@/lib/api/handler";
import { createVideo } from "@/lib/services/admin-videos";
import { listVideos } from "@/lib/services/videos";
import { createVideoSchema } from "@/lib/validation/admin-videos";
import { videoSearchQuerySchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const GET = route({ query: videoSearchQuerySchema }, async ({ db, user, query }) => listVideos(db, user, query));

export const POST = route({ roles: ["admin", "owner"], body: createVideoSchema, maxBodyBytes: 64 * 1024 }, async ({ db, user, body }) =>
  Response.json(await createVideo(db, user, body), { status: 201 }),
);
