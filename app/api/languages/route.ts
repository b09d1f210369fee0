import { route } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { listLanguages } from "@/lib/db/queries/languages";

export const dynamic = "force-dynamic";

export const GET = route({ auth: false }, async () => {
  const rows = await listLanguages(await getDb());
  return rows.map(({ code, name, nativeName }) => ({ code, name, nativeName }));
});
