/** The signed-in user's learning preferences (GET) and profile, languages and preferences (POST). */
import { route } from "@/lib/api/handler";
import { toAppUser, toLearningPreferences } from "@/lib/services/serialize";
import { updateSettings } from "@/lib/services/settings";
import { settingsUpdateSchema } from "@/lib/validation/settings";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ user }) => toLearningPreferences(user));

export const POST = route({ body: settingsUpdateSchema }, async ({ db, user, body }) => {
  const updated = await updateSettings(db, user, body);
  return { ...toLearningPreferences(updated), user: toAppUser(updated) };
});
