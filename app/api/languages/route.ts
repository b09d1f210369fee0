/** The supported languages, to anyone (onboarding runs before any preference is saved). */
import { route } from "@/lib/api/handler";
import { listLanguages } from "@/db/queries/languages";

export const dynamic = "force-dynamic";

export const GET = route({ auth: false }, async ({ db }) => {
  const rows = await listLanguages(db);
  return rows.map(({ code, name, nativeName }) => ({ code, name, nativeName }));
});
