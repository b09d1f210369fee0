import { route } from "@/lib/api/handler";
import { getDb } from "@/db/client";
import { toAppUser } from "@/lib/services/serialize";
import { toSettings, updateSettings } from "@/lib/services/settings";
import { settingsUpdateSchema } from "@/lib/validation/settings";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ user }) => toSettings(user));

export const POST = route({ body: settingsUpdateSchema }, async ({ user, body }) => {
  const updated = await updateSettings(await getDb(), user, body);
  return { ...toSettings(updated), user: toAppUser(updated) };
});
