/**
 * POST /api/videos/{id}/generate-translations: asks first when translations exist, else queues the work.
 * GET: how the latest such job stands, and once finished what it made (segmentTranslationCount, totalTranslationsGenerated, languages).
 */
import { route } from "@/lib/api/handler";
import { requestTranslations } from "@/lib/services/admin-videos";
import { getJobStatus } from "@/lib/services/video-job-status";
import { generateTranslationsSchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

const staff = { roles: ["admin", "owner"], params: videoIdParamsSchema } as const;

export const GET = route(staff, async ({ db, params }) => getJobStatus(db, params.id, "generate-translations"));

export const POST = route({ ...staff, body: generateTranslationsSchema, maxBodyBytes: 1024 }, async ({ db, user, params, body }) =>
  requestTranslations(db, user, params.id, body.action),
);
