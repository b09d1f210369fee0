import { route } from "@/lib/api/handler";
import { getDb } from "@/db/client";
import { listLanguages } from "@/db/queries/languages";

export const dynamic = "force-dynamic";

export const GET = route({ auth: false }, async () => {
  const rows = await listLanguages(await getDb());
  return rows.map(({ code, name, nativeName }) => ({ code, name, nativeName }));
});
