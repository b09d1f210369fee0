/** POST /api/videos/{id}/generate-translations: asks first when translations exist, else queues the work. */
import { route } from "@/lib/api/handler";
import { requestTranslations } from "@/lib/services/admin-videos";
import { generateTranslationsSchema } from "@/lib/validation/admin-videos";
import { videoIdParamsSchema } from "@/lib/validation/videos";

export const dynamic = "force-dynamic";

export const POST = route(
  { roles: ["admin", "owner"], params: videoIdParamsSchema, body: generateTranslationsSchema, maxBodyBytes: 1024 },
  async ({ db, user, params, body }) => requestTranslations(db, user, params.id, body.action),
);
