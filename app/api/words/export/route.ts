/** GET /api/words/export?format=apkg|tsv[&language=]: the caller's saved words as a download for Anki. */
import { route } from "@/lib/api/handler";
import { exportSavedWords } from "@/lib/words/export/export";
import { wordExportQuerySchema } from "@/lib/validation/saved-words";

export const dynamic = "force-dynamic";

export const GET = route({ query: wordExportQuerySchema }, async ({ db, user, query, client }) => {
  const download = await exportSavedWords(db, user, query, client.origin);
  return new Response(download.body, {
    headers: { "Content-Type": download.contentType, "Content-Disposition": `attachment; filename="${download.filename}"` },
  });
});
