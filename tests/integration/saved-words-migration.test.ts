/**
 * The migration that tells saved words from statuses (word_statuses.saved_at), on PGlite and
 * Postgres: every word a learner had as "learning" (the saved list until then) stays on their
 * list, saved when it was last set, in the same order; known and ignored words are not saved.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "@/db/client";
import { migrateDb, migrationsFolder } from "@/db/migrate";
import { listSavedWords } from "@/db/queries/words/saved";
import { createTestDb, testDbKinds } from "../helpers/db";

describe.each(testDbKinds)("the migration to saved words on %s", (kind) => {
  it("keeps each learner's learning words saved, at the time they were set, and saves nothing else", async () => {
    // The migrations before this one, in a folder of their own.
    const earlier = mkdtempSync(path.join(tmpdir(), "lingoreel-migrations-"));
    cpSync(migrationsFolder, earlier, { recursive: true });
    const journalPath = path.join(earlier, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith("_saved_words_saved_at"));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const db = await createTestDb(kind, { fresh: true, migrate: false });
    try {
      await migrateDb(db, earlier);
      const user = "00000000-0000-4000-8000-000000000001";
      await db.db.execute(sql`INSERT INTO users (id, email) VALUES (${user}, 'old@example.com')`);
      await db.db.execute(sql`
        INSERT INTO word_statuses (user_id, language, lemma, status, updated_at) VALUES
          (${user}, 'es', 'leche', 'learning', '2025-03-01T10:00:00Z'),
          (${user}, 'es', 'café', 'learning', '2025-03-02T10:00:00Z'),
          (${user}, 'es', 'agua', 'known', '2025-03-03T10:00:00Z'),
          (${user}, 'fr', 'marché', 'ignored', '2025-03-04T10:00:00Z')`);

      await migrateDb(db);
      const rows = resultRows<{ lemma: string; status: string; saved_at: string | Date | null }>(
        await db.db.execute(sql`SELECT lemma, status, saved_at FROM word_statuses ORDER BY lemma`),
      );
      const savedAt = Object.fromEntries(rows.map((r) => [r.lemma, r.saved_at === null ? null : new Date(r.saved_at).toISOString()]));
      expect(savedAt).toEqual({ agua: null, café: "2025-03-02T10:00:00.000Z", leche: "2025-03-01T10:00:00.000Z", marché: null });
      const listed = await listSavedWords(db.db, { userId: user, list: "saved", limit: 10, offset: 0 });
      expect(listed.map((w) => w.lemma)).toEqual(["café", "leche"]);
    } finally {
      await db.dispose();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
